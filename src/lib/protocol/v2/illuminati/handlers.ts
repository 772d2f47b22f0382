/**
 * The Hidden Illuminati deal in a version-2 replay (docs/deck.md, "Hidden Illuminati"): the
 * `illuminati` entry applied to the deal (deal.ts), and the engine's Illuminati request answered by
 * it. A proven fault is treated like equivocation (the seat is caught cheating); a card shown with
 * proof reaches the engine as `showIlluminati`; once every seed is in at the end, the engine's
 * claim check (`illuminatiClaimFaults`) names each seat that lied, and it is caught cheating too.
 */
import { illuminatiClaimFaults } from '../../../engine/accusation.js';
import { dealPool } from '../../../engine/hidden-illuminati-deal.js';
import { secretDeal } from '../../../engine/hidden-illuminati.js';
import { defenceRevealHolds } from '../../../engine/hidden-illuminati-reveal.js';
import { step, type Action, type CardId, type GameState, type Seat } from '../../../engine/index.js';
import type { Entry } from '../../entry.js';
import { protocolRefusal as refuse, type ProtocolRefusal } from '../../refusal.js';
import type { CoreV2 } from '../core.js';
import { cardAt, cardNumber } from '../deck/core.js';
import { markCheater } from '../entry-handlers.js';
import { openWithoutWithheld, sealsAwaited } from './withheld.js';
import { applyIlluminatiBody, nextShuffler, skipSeat, startDeal, type IlluminatiDeal } from './deal.js';

/** Whether the engine waits for the Illuminati to be dealt from their masked deck. */
export function wantsIlluminatiDeal(engine: GameState | null): boolean {
	return engine !== null && engine.random?.kind === 'illuminati' && secretDeal(engine);
}

const active = (core: CoreV2, seat: Seat) => !core.votedOut.has(seat) && !core.cheaters.has(seat);

/** Whether the game is over for the deal (only seeds are taken then). */
export function dealEnded(core: CoreV2): boolean {
	return core.engine?.phase.kind === 'over' || core.forfeit !== null || core.broken !== null;
}

function convictNew(core: CoreV2, deal: IlluminatiDeal, before: number): void {
	for (const fault of deal.faults.slice(before)) {
		const key = core.seats[fault.seat]?.key;
		if (key !== undefined && !core.cheaters.has(fault.seat)) markCheater(core, key);
	}
}

/** Applies an `illuminati` entry (the author holds `body.seat`, checked by the caller). */
export function applyIlluminatiEntry(core: CoreV2, entry: Entry<'illuminati'>, exported: Action[]): ProtocolRefusal | null {
	const deal = core.illuminati;
	if (deal === null) return refuse('NO_DECK', 'No Illuminati are being dealt from a masked deck in this game.');
	const ended = dealEnded(core);
	const before = deal.faults.length;
	const refusal = applyIlluminatiBody(deal, entry.body, ended);
	convictNew(core, deal, before);
	if (refusal !== null) return { code: refusal.code, message: refusal.message } as unknown as ProtocolRefusal;
	if (entry.body.type === 'show') {
		const card = cardAt(deal.shown.get(entry.body.seat)!)!;
		const action = { type: 'showIlluminati', seat: entry.body.seat, card } as unknown as Action;
		const result = step(core.engine!, action);
		if (!result.ok) {
			// The proof held but the rules do not take the card now (its seat out of the game): not shown.
			deal.shown.delete(entry.body.seat);
			return refuse(result.error.code, result.error.message);
		}
		core.engine = result.state;
		exported.push(action);
	}
	// A seed after another seat was found withholding its own: the deal opens without it (withheld.ts).
	if (entry.body.type === 'seed') openWithoutWithheld(core, deal);
	if (entry.body.type === 'seed') checkClaims(core, deal);
	return null;
}

/** Once the deal opened at the end: every "no" and statement held against the cards; each liar named. */
export function checkClaims(core: CoreV2, deal: IlluminatiDeal): void {
	if (deal.opened === null || core.engine === null || deal.faults.some((f) => f.code === 'LIED_ABOUT_ILLUMINATI')) return;
	const cards: Record<number, CardId | null> = {};
	for (const [seat, number] of deal.opened) cards[seat] = number === null ? null : cardAt(number);
	const before = deal.faults.length;
	for (const fault of illuminatiClaimFaults(core.engine, cards)) deal.faults.push({ seat: fault.seat, code: 'LIED_ABOUT_ILLUMINATI', message: fault.message });
	convictNew(core, deal, before);
}

/**
 * While the engine waits for the Illuminati: starts the deal once the keys are made (seats held, in
 * seat order), skips shufflers voted out or caught cheating, and gives the engine its
 * `dealIlluminati` once the deck is shuffled. Returns whether the engine got it.
 */
export function afterEntryIlluminati(core: CoreV2, game: string, exported: Action[]): boolean {
	const engine = core.engine!;
	const group = core.keygen!.group!;
	if (core.illuminati === null) {
		const order = core.seats.map((_, seat) => seat);
		const cards = dealPool(engine).map(cardNumber).sort((a, b) => a - b);
		core.illuminati = startDeal({ game, order, cards, groupKey: group.publicKey, shareKeys: group.shareKeys, boxKeys: core.seats.map((s) => s!.box), t: core.keygen!.t });
	}
	const deal = core.illuminati;
	for (let next = nextShuffler(deal); next !== null && !active(core, next); next = nextShuffler(deal)) skipSeat(deal, next);
	if (deal.final === null) return false;
	const action = { type: 'dealIlluminati' } as unknown as Action;
	const result = step(engine, action);
	if (!result.ok) throw new Error(`protocol bug: the engine refused the Illuminati deal: ${result.error.code} ${result.error.message}`);
	core.engine = result.state;
	exported.push(action);
	return true;
}

/**
 * Who Hidden Illuminati waits for (v2/awaited.ts shows them; the stall watch votes them absent after
 * the countdown): the next shuffler of the Illuminati deck, the accused seat whose device has not
 * answered, or the defender whose device has not shown the card it asked to reveal in an attack's window. A seat voted out is skipped in the shuffle; an absent accused no longer holds the table.
 */
export function illuminatiAwaited(core: CoreV2, live: (seat: Seat) => boolean): { seat: Seat; for: 'share' | 'turn' }[] | null {
	const engine = core.engine;
	const deal = core.illuminati;
	if (engine === null || deal === null) return null;
	if (wantsIlluminatiDeal(engine) && deal.final === null) {
		const next = nextShuffler(deal);
		return next === null ? [] : [{ seat: next, for: 'share' }];
	}
	// An owner that cannot open its card yet waits for the seals it lacks (withheld.ts).
	const seals = sealsAwaited(core, live);
	if (seals !== null) return seals;
	const pending = engine.hiddenIlluminati?.pending ?? null;
	if (pending !== null && live(pending.target)) return [{ seat: pending.target, for: 'turn' }];
	// An attack waits for its defender's card, asked to be shown in the attack's window (the immunity).
	const defender = engine.phase.kind === 'attack' && defenceRevealHolds(engine) ? engine.phase.attack.defender : null;
	if (defender !== null && live(defender)) return [{ seat: defender, for: 'turn' }];
	return null;
}
