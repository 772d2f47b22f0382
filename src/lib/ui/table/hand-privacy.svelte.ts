/** The game page's hand privacy (hand-privacy.ts) as Svelte state: the seat cleared last and the device setting. */
import type { Seat } from '$lib/engine/index.js';
import { privacy, readShowAllHands, writeShowAllHands, type Privacy } from './hand-privacy.js';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export class HandPrivacy {
	#cleared: Seat | null = $state(null);
	#showAll: boolean = $state(false);
	readonly #people: () => readonly Seat[];
	readonly #seat: () => Seat | null;
	readonly #store: Store;
	readonly #over: () => boolean;
	readonly #now: Privacy = $derived.by(() => privacy(this.#people(), this.#seat(), this.#cleared, this.#showAll || this.#over()));

	/** `people`: this device's seats played by a person; `seat`: the seat played now; `over`: the game
	 * is over (then every hand is shown, as the end screen shows everything). */
	constructor(people: () => readonly Seat[], seat: () => Seat | null, store: Store, over: () => boolean = () => false) {
		this.#people = people;
		this.#seat = seat;
		this.#store = store;
		this.#over = over;
		this.#showAll = readShowAllHands(store);
	}

	/** Seats whose hands and secrets are shown now. */
	get viewer(): readonly Seat[] {
		return this.#now.viewer;
	}
	/** The seat the device must be passed to first (null: nothing to hide). */
	get passTo(): Seat | null {
		return this.#now.passTo;
	}
	/** Several people play on this device (the setting matters). */
	get shared(): boolean {
		return this.#people().length > 1;
	}
	get showAll(): boolean {
		return this.#showAll;
	}
	set showAll(on: boolean) {
		this.#showAll = on;
		writeShowAllHands(this.#store, on);
	}
	/** The player of `seat` has the device. */
	clear(seat: Seat): void {
		this.#cleared = seat;
	}
}
