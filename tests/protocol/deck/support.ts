/**
 * Helpers for the deck tests: a seeded DKG (the coin tests' honestDkg), every seat's shuffle in
 * turn from seeded seeds, and every seat's partial decryption of one position.
 */
import { honestDkg, seeded, subsets, type Dkg } from '../coin/support.js';
import {
	openDeck,
	partialDecryption,
	shuffle,
	type MaskedCard,
	type PartialDecryption,
	type Result,
	type RevealedStep
} from '../../../src/lib/protocol/deck/index.js';

export { honestDkg, seeded, subsets, type Dkg };

/** The value of an ok result; throws (failing the test) with the error otherwise. */
export function value<T>(result: Result<T>): T {
	if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
	return result.value;
}

/** The error of a failed result; throws when it succeeded. */
export function error<T>(result: Result<T>) {
	if (result.ok) throw new Error('expected a failure');
	return result.error;
}

export interface Table {
	readonly dkg: Dkg;
	readonly game: string;
	readonly cards: readonly number[];
	readonly open: readonly MaskedCard[];
	/** Every seat's shuffle in seat order, with the seed it will reveal. */
	readonly steps: readonly (RevealedStep & { readonly seed: Uint8Array })[];
	/** The deck after the last shuffle. */
	readonly deck: readonly MaskedCard[];
}

/** n seats, threshold t, a DKG, and `cards` shuffled by every seat in turn (seeds from `seed`). */
export function shuffledTable(n: number, t: number, cards: readonly number[], seed: string, dkg = honestDkg(n, t, seed)): Table {
	const random = seeded(`${seed}/shuffle-seeds`);
	const game = dkg.context;
	const open = value(openDeck(cards));
	const steps: (RevealedStep & { seed: Uint8Array })[] = [];
	let deck: readonly MaskedCard[] = open;
	for (let seat = 0; seat < n; seat++) {
		const s = random(32);
		const step = value(shuffle({ game, seat, deck, groupKey: dkg.group.publicKey, seed: s }));
		steps.push({ ...step, seat, seed: s });
		deck = step.deck;
	}
	return { dkg, game, cards, open, steps, deck };
}

/** The given seats' partial decryptions of the card at `position`. */
export function partialsOf(table: Table, position: number, seats: readonly number[], seed = 'partials'): PartialDecryption[] {
	const random = seeded(`${seed}/${position}`);
	return seats.map((seat) =>
		value(partialDecryption({ game: table.game, position, card: table.deck[position]!, seat, secret: table.dkg.secrets[seat]!, random }))
	);
}

/** 0..count−1. */
export const range = (count: number): number[] => Array.from({ length: count }, (_, i) => i);
