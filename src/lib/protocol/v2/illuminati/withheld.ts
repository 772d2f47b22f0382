/**
 * A seat that withholds its Hidden Illuminati shuffle seed at the game's end (docs/deck.md, "Hidden
 * Illuminati"). Every seat that shuffled the Illuminati deck owes its seed once the game is over (or
 * forfeited or broken): until then the deal cannot be opened and no claim checked. The table waits
 * for it with the draw deck's seeds and the same countdown and vote reach it (deck/withheld.ts
 * counts both decks: one `absent` entry after the end is a vote that the seat withholds its seeds).
 * Once most voters agree, the seat is named `SEED_WITHHELD` for this deck (a fault: caught
 * cheating); when every other seed is in, the other steps are audited and the deal is "opened" with
 * only the cards shown during the game, so the claims about them are still checked. A seed revealed
 * after that changes nothing: the verdict stands in the order.
 */
import { auditShuffles } from '../../deck/index.js';
import type { CoreV2 } from '../core.js';
import { markCheater } from '../entry-handlers.js';
import { illuminatiContext, type IlluminatiDeal, type Seat } from './deal.js';

/** Seats found withholding their Illuminati seed (kept on the deal: plain data, cloned with the core). */
export const illuminatiWithheld = (deal: IlluminatiDeal): ReadonlySet<Seat> => deal.withheldSeeds ?? new Set();

const ended = (core: CoreV2): boolean => core.engine?.phase.kind === 'over' || core.forfeit !== null || core.broken !== null;

/** Seats the Illuminati deal's opening waits for: each shuffled, revealed no seed and was not found withholding it. */
export function illuminatiSeedsOwed(core: CoreV2): Seat[] {
	const deal = core.illuminati;
	if (deal === null || deal.opened !== null || deal.final === null || !ended(core)) return [];
	const withheld = illuminatiWithheld(deal);
	return deal.steps.filter((s) => !deal.seeds.has(s.seat) && !withheld.has(s.seat)).map((s) => s.seat);
}

/** A fault the log proves, named to everyone and treated like equivocation (as the draw deck's). */
function convict(core: CoreV2, deal: IlluminatiDeal, seat: Seat, code: string, message: string): void {
	deal.faults.push({ seat, code, message });
	const key = core.seats[seat]?.key;
	if (key !== undefined && !core.cheaters.has(seat)) markCheater(core, key);
}

/** The vote's verdict for the Illuminati deck: `seat` is named SEED_WITHHELD and the deal opened without it when it can be. */
export function nameIlluminatiWithholder(core: CoreV2, seat: Seat): void {
	const deal = core.illuminati;
	if (deal === null || !illuminatiSeedsOwed(core).includes(seat)) return;
	deal.withheldSeeds = new Set([...illuminatiWithheld(deal), seat]);
	convict(core, deal, seat, 'SEED_WITHHELD', `Seat ${seat} withheld its Illuminati shuffle seed at the game's end: its shuffle cannot be audited and the face-down Illuminati stay closed.`);
	openWithoutWithheld(core, deal);
}

/**
 * Once every Illuminati shuffler's seed is in or was found withheld (and at least one was): the steps
 * with a seed are audited on their own, and the deal is opened with the cards shown only (without
 * every permutation no other card can be known). Called after each Illuminati seed too.
 */
export function openWithoutWithheld(core: CoreV2, deal: IlluminatiDeal): void {
	const withheld = illuminatiWithheld(deal);
	if (deal.opened !== null || deal.final === null || withheld.size === 0 || !deal.steps.every((s) => deal.seeds.has(s.seat) || withheld.has(s.seat))) return;
	const { game, groupKey, order } = deal.setup;
	const steps = deal.steps.map((s) => ({ seat: s.seat, deck: s.deck, commitment: s.commitment, seed: deal.seeds.get(s.seat) }));
	// A withheld seed is named already; its step cannot be re-run (no BAD_SEED twice).
	const failures = auditShuffles({ game: illuminatiContext(game), groupKey, open: deal.open, steps }).filter((f) => f.seat !== undefined && !withheld.has(f.seat));
	for (const failure of failures) convict(core, deal, failure.seat!, failure.code, failure.message);
	deal.opened = new Map(order.map((seat) => [seat, deal.shown.get(seat) ?? null]));
}

/**
 * Seats whose seal an owner still needs to open its card (for: 'share'): once the deal is done and
 * before the end, an owner in the game with fewer than t − 1 seals waits for every other live seat
 * that has not sealed to it. The table shows them and the countdown's vote reaches a silent one (a
 * withholder is voted out, as for the draw deck's seals); with three seats or more one missing seal
 * is not needed. Null when nothing is awaited.
 */
export function sealsAwaited(core: CoreV2, live: (seat: Seat) => boolean): { seat: Seat; for: 'share' }[] | null {
	const deal = core.illuminati;
	if (deal === null || deal.final === null || ended(core)) return null;
	const need = deal.setup.t - 1;
	const waiting = new Set<Seat>();
	for (const owner of deal.setup.order) {
		if (!live(owner)) continue;
		const sealed = deal.seals.get(owner) ?? new Map<Seat, string>();
		if (sealed.size >= need) continue;
		for (const seat of deal.setup.order) if (seat !== owner && !sealed.has(seat) && live(seat)) waiting.add(seat);
	}
	return waiting.size === 0 ? null : [...waiting].sort((a, b) => a - b).map((seat) => ({ seat, for: 'share' }));
}
