/**
 * Which table cards the action controls want picked now. One control at a time holds the picker
 * (the one the player is using): it names the cards that may be picked and the ones to highlight,
 * and receives the card the player picks on the table.
 */
import { getContext, setContext } from 'svelte';
import type { CardId } from '$lib/engine/index.js';

const NONE: ReadonlySet<CardId> = new Set();

export class CardPicker {
	selectable: ReadonlySet<CardId> = $state(NONE);
	highlight: ReadonlySet<CardId> = $state(NONE);
	#owner: symbol | null = null;
	#onPick: ((card: CardId) => void) | null = null;

	claim(owner: symbol, selectable: Iterable<CardId>, highlight: Iterable<CardId>, onPick: (card: CardId) => void): void {
		this.#owner = owner;
		this.#onPick = onPick;
		this.selectable = new Set(selectable);
		this.highlight = new Set(highlight);
	}

	release(owner: symbol): void {
		if (this.#owner !== owner) return;
		this.#owner = null;
		this.#onPick = null;
		this.selectable = NONE;
		this.highlight = NONE;
	}

	/** A card picked on the table: handed to the holder if it may be picked. */
	pick(card: CardId): boolean {
		if (this.#onPick === null || !this.selectable.has(card)) return false;
		this.#onPick(card);
		return true;
	}
}

const KEY = Symbol('fnord-card-picker');

export function providePicker(picker: CardPicker): void {
	setContext(KEY, picker);
}

export function usePicker(): CardPicker | undefined {
	return getContext<CardPicker | undefined>(KEY);
}
