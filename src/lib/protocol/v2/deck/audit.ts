/**
 * The secret deck's faults and its audit at the game's end (docs/deck.md, "The audit"). A fault the
 * log proves names its seat to everyone and is treated like equivocation. The audit runs once every
 * shuffler's seed is in, or its seat was voted out for withholding it (withheld.ts): every step with
 * a seed is re-run and checked on its own (`auditShuffles`), and when every seed is in the whole
 * deck is opened and every position kept unseen is checked to be a Special. A withheld seed, or a
 * step the audit convicts, leaves the deck unopened: only the cards shown during the game are known.
 */
import { CARDS } from '../../../engine/cards/index.js';
import type { CardId, Seat } from '../../../engine/index.js';
import { auditShuffles, shufflePermutation } from '../../deck/index.js';
import type { CoreV2 } from '../core.js';
import { markCheater } from '../entry-handlers.js';
import { cardAt, type DeckCore } from './core.js';

/** A fault proven by the log: named to everyone and treated like equivocation. */
export function convict(core: CoreV2, deck: DeckCore, seat: Seat, code: string, message: string): void {
	deck.faults.push({ seat, code, message });
	const key = core.seats[seat]?.key;
	if (key !== undefined && !core.cheaters.has(seat)) markCheater(core, key);
}

/** Seats voted out at the game's end for withholding their seed (named SEED_WITHHELD). */
export const withheldSeeds = (deck: DeckCore): ReadonlySet<Seat> => deck.seedWait?.withheld ?? new Set();

/** Runs the audit if every shuffler's seed is in or was found withheld (once). */
export function runAudit(core: CoreV2, deck: DeckCore, game: string): void {
	const steps = deck.steps.filter((s) => s.deck !== null);
	const withheld = withheldSeeds(deck);
	if (deck.audit !== null || !steps.every((s) => deck.seeds.has(s.seat) || withheld.has(s.seat))) return;
	const revealed = steps.map((s) => ({ seat: s.seat, deck: s.deck!, commitment: s.commitment, seed: deck.seeds.get(s.seat) }));
	// A withheld seed is already named SEED_WITHHELD; its step cannot be re-run (no BAD_SEED twice).
	const failures = auditShuffles({ game, groupKey: core.keygen!.group!.publicKey, open: deck.open, steps: revealed }).filter((f) => f.seat === undefined || !withheld.has(f.seat));
	for (const failure of failures) if (failure.seat !== undefined) convict(core, deck, failure.seat, failure.code, failure.message);
	if (withheld.size > 0 || failures.length > 0) {
		// Without every permutation (or with a step that is not what its seed gives) the deck cannot be
		// opened from the seeds: only the cards shown are known.
		deck.audit = { cards: deck.final === null ? [] : deck.final.map((_, position) => deck.shown.get(position) ?? null) };
		return;
	}
	let order: readonly number[] = deck.cards;
	for (const s of steps) {
		const perm = shufflePermutation({ game, seat: s.seat, n: order.length, seed: deck.seeds.get(s.seat)! });
		if (perm === null) break;
		const before = order;
		order = perm.map((from) => before[from]!);
	}
	const cards: (CardId | null)[] = order.map((number) => cardAt(number));
	for (const [position, holder] of deck.kept) {
		const card = cards[position];
		if (card !== null && card !== undefined && CARDS[card]?.kind !== 'special') {
			convict(core, deck, holder, 'KEPT_A_GROUP', `Seat ${holder} kept ${card} unseen at position ${position}: a group drawn is placed face up.`);
		}
	}
	deck.audit = { cards };
}
