/**
 * What a `deck` entry does once placed in the order, and the secret deck's events after each
 * entry (docs/deck.md, "Wiring"). Every entry is checked against its author's seat; a bad
 * shuffle, a seal that is not one, a partial whose proof fails or a reveal that does not hold is
 * refused with a code naming its author, and a proven fault is treated like equivocation (the seat
 * is caught cheating and forfeits by the game's rule). The engine learns a card only when it is
 * public: a `deal` once every position of a draw is settled, a `showCard` for a card shown.
 */
import { step, type Action, type GameState, type Seat } from '../../../engine/index.js';
import { checkShuffle, combine, judgeSealComplaint, parseSeal, verifyPartial, verifyReveal, type DeckError, type DeckErrorCode } from '../../deck/index.js';
import type { Entry } from '../../entry.js';
import { protocolRefusal as refuse, type ProtocolRefusal } from '../../refusal.js';
import type { CoreV2 } from '../core.js';
import { convict, runAudit } from './audit.js';
import { SHUFFLE_PART, type DeckBody } from './bodies.js';
import { cardAt, keepingUnprovable, lastDeck, partsFor, startDeck, type DeckCore } from './core.js';
import { isIlluminati } from '../../../engine/cards/index.js';

type Body<T extends DeckBody['type']> = Extract<DeckBody, { type: T }>;

/**
 * Verdicts by their inputs: the provisional tail is replayed after every change, and a shuffle's
 * check (~40 ms), a seal's proof or a reveal's proofs (a few ms each) never need doing twice. Bounded.
 */
const verdicts = new Map<string, unknown>();
function remember<V>(key: string, compute: () => V): V {
	if (verdicts.has(key)) return verdicts.get(key) as V;
	if (verdicts.size >= 4096) verdicts.clear();
	const value = compute();
	verdicts.set(key, value);
	return value;
}

/** Whether the engine waits for cards from the masked deck. */
export function wantsDeck(engine: GameState | null): boolean {
	const kind = engine?.random?.kind;
	return engine?.options.secretDeck === true && (kind === 'draw' || kind === 'targets');
}

/** Seats that can still take part: not voted out, not caught cheating. */
const active = (core: CoreV2, seat: Seat) => !core.votedOut.has(seat) && !core.cheaters.has(seat);

/** The seat whose shuffle step comes next, or null when every seat in the order shuffled or was skipped. */
export function nextShuffler(core: CoreV2, deck: DeckCore): Seat | null {
	const done = new Set(deck.steps.filter((s) => s.deck !== null).map((s) => s.seat));
	return deck.order.find((seat) => !done.has(seat) && active(core, seat)) ?? null;
}

/** A refusal with one of the deck's own codes (deck/errors.ts, which the protocol layer owns too;
 * its refusal type lists only its own and the engine's, so the deck's are cast in). */
function deckRefusal(code: DeckErrorCode, message: string): ProtocolRefusal {
	return { code, message } as unknown as ProtocolRefusal;
}

function fault(core: CoreV2, deck: DeckCore, seat: Seat, error: DeckError): ProtocolRefusal {
	convict(core, deck, seat, error.code, error.message);
	return deckRefusal(error.code, `Seat ${seat}: ${error.message}`);
}

/** Applies a `deck` entry (the author holds `body.seat`, checked by the caller). */
export function applyDeckEntry(core: CoreV2, game: string, entry: Entry<'deck'>, exported: Action[]): ProtocolRefusal | null {
	const body = entry.body;
	const deck = core.deck;
	if (deck === null) return refuse('NO_DECK', 'No masked deck has been made yet (the first draw makes it).');
	if (body.type === 'seed') return seed(core, deck, game, body);
	if (core.forfeit !== null || core.broken !== null) return refuse(core.forfeit !== null ? 'GAME_FORFEITED' : 'BROKEN', core.broken ?? 'The game ended.');
	switch (body.type) {
		case 'shuffle':
			return shuffleStep(core, deck, body);
		case 'seal':
			return seal(core, deck, game, body);
		case 'partial':
			return publicPartial(core, deck, game, body);
		case 'drawn':
			return drawn(core, deck, game, body);
		case 'show':
			return show(core, deck, game, body, exported);
		case 'tell':
			return tell(core, deck, game, body);
		case 'complain':
			return complain(core, deck, game, body);
	}
}

/**
 * The drawer's complaint about a seal that did not open to a valid partial (deck/complaint.ts):
 * anyone judges it. A cheating sender is convicted and its seal dropped (the draw goes on with the
 * others'); a false complaint convicts the complainer.
 */
function complain(core: CoreV2, deck: DeckCore, game: string, body: Body<'complain'>): ProtocolRefusal | null {
	const sealed = deck.seals.get(body.position)?.get(body.from);
	if (sealed === undefined || sealed.to !== body.seat || deck.final === null) return refuse('NO_DRAW', `Seat ${body.from} sealed nothing to seat ${body.seat} at position ${body.position}.`);
	const key = `${body.position} ${body.from}`;
	if (deck.complaints.has(key)) return refuse('FALSE_COMPLAINT', `The seal from seat ${body.from} at position ${body.position} was already judged.`);
	deck.complaints.add(key);
	const seal = { kind: 'partial' as const, from: body.from, to: body.seat, position: body.position, box: sealed.box };
	const complaint = { kind: 'partial' as const, from: body.from, to: body.seat, position: body.position, shared: body.shared, proof: body.proof };
	const { shareKeys } = core.keygen!.group!;
	const verdict = judgeSealComplaint({ game, position: body.position, card: deck.final[body.position]!, shareKeys, t: core.keygen!.t, seal, complaint, boxKeys: core.seats.map((s) => s!.box) });
	if (verdict === 'sender-cheated') {
		deck.seals.get(body.position)!.delete(body.from);
		convict(core, deck, body.from, 'BAD_PARTIAL', `Seat ${body.from}'s seal to seat ${body.seat} at position ${body.position} does not hold a valid partial decryption (its recipient's complaint shows it).`);
		return null;
	}
	convict(core, deck, body.seat, 'FALSE_COMPLAINT', `Seat ${body.seat} complained about a good seal from seat ${body.from}.`);
	return refuse('FALSE_COMPLAINT', `Seat ${body.seat}'s complaint about seat ${body.from}'s seal is false.`);
}

/** Computer Espionage: a hidden card of `seat`'s hand re-sealed to the seat its hand was shown to (engine grants). */
function tell(core: CoreV2, deck: DeckCore, game: string, body: Body<'tell'>): ProtocolRefusal | null {
	const granted = core.engine!.grants.some((g) => g.viewer === body.to && g.subject.kind === 'hand' && g.subject.seat === body.seat && (g.subject.positions ?? []).includes(body.position));
	if (!granted || !(core.engine!.players[body.seat]!.hidden ?? []).includes(body.position)) return refuse('NO_DRAW', `Seat ${body.to} was not shown seat ${body.seat}'s hidden card at position ${body.position}.`);
	const key = `${body.to} ${body.position}`;
	if (deck.tells.has(key)) return deckRefusal('BAD_SEAL', `Seat ${body.seat} already told seat ${body.to} its card at position ${body.position}.`);
	const boxKey = core.seats[body.to]!.box;
	const parsed = remember(`tell ${game} ${body.seat} ${body.to} ${body.position} ${boxKey} ${body.box}`, () => parseSeal({ game, seal: { kind: 'reveal', from: body.seat, to: body.to, position: body.position, box: body.box }, boxKey }));
	if (!parsed.ok) return fault(core, deck, body.seat, parsed.error);
	deck.tells.set(key, { from: body.seat, box: body.box });
	return null;
}

function shuffleStep(core: CoreV2, deck: DeckCore, body: Body<'shuffle'>): ProtocolRefusal | null {
	if (deck.final !== null) return refuse('BAD_SHUFFLE', 'The deck is already shuffled.');
	const next = nextShuffler(core, deck);
	if (next !== body.seat) return refuse('BAD_SHUFFLE', `It is seat ${next}'s turn to shuffle, not seat ${body.seat}'s.`);
	const n = deck.cards.length;
	const parts = partsFor(n, SHUFFLE_PART);
	if (body.parts !== parts) return refuse('BAD_SHUFFLE', `A deck of ${n} cards is posted in ${parts} parts.`);
	const expected = Math.min(SHUFFLE_PART, n - body.part * SHUFFLE_PART);
	if (body.cards.length !== expected) return refuse('BAD_SHUFFLE', `Part ${body.part} holds ${expected} cards.`);
	let current = deck.steps.find((s) => s.seat === body.seat && s.deck === null);
	if (current === undefined) {
		current = { seat: body.seat, commitment: body.commitment, parts: Array.from({ length: parts }, () => null), deck: null };
		deck.steps.push(current);
	}
	if (current.commitment !== body.commitment) return refuse('BAD_SHUFFLE', `Seat ${body.seat}'s parts name two different commitments.`);
	if (current.parts[body.part] !== null) return refuse('BAD_SHUFFLE', `Seat ${body.seat} already posted part ${body.part}.`);
	current.parts[body.part] = body.cards;
	if (current.parts.some((part) => part === null)) return null;
	const before = lastDeck({ ...deck, steps: deck.steps.filter((s) => s !== current) });
	const after = current.parts.flatMap((part) => part!);
	const checked = remember(`shuffle ${body.seat} ${before.length} ${before[0]} ${before[before.length - 1]} ${after.join('')}`, () => checkShuffle({ seat: body.seat, before: [...before], after }));
	if (!checked.ok) {
		deck.steps.splice(deck.steps.indexOf(current), 1);
		convict(core, deck, body.seat, 'BAD_SHUFFLE', checked.error.message);
		return refuse('BAD_SHUFFLE', `Seat ${body.seat}: ${checked.error.message}`);
	}
	current.deck = after;
	if (nextShuffler(core, deck) === null) deck.final = after;
	return null;
}

/**
 * A seal or a public partial that lands after its position was settled: the drawer (or the table)
 * needed only t − 1 seals (t partials) of the n − 1 (n) sent at once, so the last ones can be
 * ordered after the card was opened. That is lateness, not a fault: checked, then ignored (a
 * refusal would count against an honest device's automatic entries).
 */
function settledFor(deck: DeckCore, position: number, to: Seat | null): boolean {
	if (deck.draw?.positions.includes(position) === true && !deck.draw.results.has(position)) return false;
	if (to === null) return deck.shown.has(position);
	const sealedTo = [...(deck.seals.get(position)?.values() ?? [])].some((sealed) => sealed.to === to);
	return (deck.kept.get(position) === to || deck.shown.has(position)) && sealedTo;
}

function seal(core: CoreV2, deck: DeckCore, game: string, body: Body<'seal'>): ProtocolRefusal | null {
	const draw = deck.draw;
	if (body.seat !== body.to && settledFor(deck, body.position, body.to) && !deck.seals.get(body.position)!.has(body.seat)) {
		const boxKey = core.seats[body.to]!.box;
		const late = remember(`seal ${game} ${body.seat} ${body.to} ${body.position} ${boxKey} ${body.box}`, () => parseSeal({ game, seal: { kind: 'partial', from: body.seat, to: body.to, position: body.position, box: body.box }, boxKey }));
		return late.ok ? null : fault(core, deck, body.seat, late.error);
	}
	if (draw === null || draw.drawer === null || !draw.positions.includes(body.position)) return refuse('NO_DRAW', `No draw into a hand is under way at position ${body.position}.`);
	if (body.to !== draw.drawer || body.seat === draw.drawer) return deckRefusal('BAD_SEAL', `Seals for position ${body.position} go from another seat to the drawer, seat ${draw.drawer}.`);
	const sealed = deck.seals.get(body.position) ?? new Map();
	if (sealed.has(body.seat)) return deckRefusal('BAD_SEAL', `Seat ${body.seat} already sealed its partial for position ${body.position}.`);
	const boxKey = core.seats[body.to]!.box;
	const parsed = remember(`seal ${game} ${body.seat} ${body.to} ${body.position} ${boxKey} ${body.box}`, () => parseSeal({ game, seal: { kind: 'partial', from: body.seat, to: body.to, position: body.position, box: body.box }, boxKey }));
	if (!parsed.ok) return fault(core, deck, body.seat, parsed.error);
	sealed.set(body.seat, { to: body.to, box: body.box });
	deck.seals.set(body.position, sealed);
	return null;
}

function publicPartial(core: CoreV2, deck: DeckCore, game: string, body: Body<'partial'>): ProtocolRefusal | null {
	const draw = deck.draw;
	if (settledFor(deck, body.position, null) && !(draw?.partials.get(body.position)?.has(body.seat) ?? false)) {
		const card = deck.final![body.position]!;
		const shareKey = core.keygen!.group!.shareKeys[body.seat]!;
		const late = remember(`partial ${game} ${body.position} ${card} ${shareKey} ${body.seat} ${body.share}`, () => verifyPartial({ game, position: body.position, card, partial: { seat: body.seat, share: body.share }, shareKey }));
		return late.ok ? null : fault(core, deck, body.seat, late.error);
	}
	if (draw === null || draw.drawer !== null || !draw.positions.includes(body.position)) return refuse('NO_DRAW', `No face-up draw is under way at position ${body.position}.`);
	const given = draw.partials.get(body.position) ?? new Map<Seat, string>();
	if (given.has(body.seat) || draw.results.has(body.position)) return deckRefusal('BAD_PARTIAL', `Position ${body.position} needs no more from seat ${body.seat}.`);
	const partial = { seat: body.seat, share: body.share };
	const card = deck.final![body.position]!;
	const shareKey = core.keygen!.group!.shareKeys[body.seat]!;
	const checked = remember(`partial ${game} ${body.position} ${card} ${shareKey} ${body.seat} ${body.share}`, () => verifyPartial({ game, position: body.position, card, partial, shareKey }));
	if (!checked.ok) return fault(core, deck, body.seat, checked.error);
	given.set(body.seat, body.share);
	draw.partials.set(body.position, given);
	if (given.size >= core.keygen!.t) {
		const partials = [...given].map(([seat, share]) => ({ seat, share }));
		const number = remember(`combine ${card} ${JSON.stringify(partials)}`, () => combine({ card, partials, t: core.keygen!.t, position: body.position }));
		return settle(core, deck, body.position, number.ok ? number.value : null);
	}
	return null;
}

/** The card a reveal proves at `position`, or the author's fault. */
function revealed(core: CoreV2, deck: DeckCore, game: string, seat: Seat, position: number, partials: readonly unknown[]): { card: number } | { refusal: ProtocolRefusal } {
	const card = deck.final![position]!;
	const { shareKeys } = core.keygen!.group!;
	const t = core.keygen!.t;
	const result = remember(`reveal ${game} ${position} ${card} ${t} ${shareKeys.join()} ${JSON.stringify(partials)}`, () => verifyReveal({ game, position, card, partials, shareKeys, t }));
	if (result.ok) return { card: result.value };
	if (result.error.code === 'NOT_A_CARD') return { card: -1 };
	return { refusal: fault(core, deck, seat, result.error) };
}

function drawn(core: CoreV2, deck: DeckCore, game: string, body: Body<'drawn'>): ProtocolRefusal | null {
	const draw = deck.draw;
	if (draw === null || draw.drawer !== body.seat || !draw.positions.includes(body.position)) return refuse('NOT_DRAWER', `Seat ${body.seat} is not drawing position ${body.position}.`);
	if (draw.results.has(body.position)) return refuse('NOT_DRAWER', `Position ${body.position} was already settled.`);
	if (body.partials === null) {
		// Not a fault of this drawer: an earlier claim was a lie (the audit names it). Honest devices show the card.
		if (keepingUnprovable(core.engine!, deck, core.cheaters)) return refuse('MUST_SHOW', `Every Special still unseen is already claimed by a card kept hidden: seat ${body.seat} must show the card at position ${body.position}.`);
		draw.results.set(body.position, null);
		deck.kept.set(body.position, body.seat);
		return null;
	}
	const proof = revealed(core, deck, game, body.seat, body.position, body.partials);
	if ('refusal' in proof) return proof.refusal;
	return settle(core, deck, body.position, proof.card);
}

/** A face-up card at `position`: it must be a card still unseen, else the deck was tampered with. */
function settle(core: CoreV2, deck: DeckCore, position: number, number: number | null): ProtocolRefusal | null {
	const card = number === null || number < 0 ? null : cardAt(number);
	if (card === null || !core.engine!.deck.includes(card) || [...deck.shown.values()].includes(card)) {
		// Valid proofs unmask a card that cannot be there: a shuffle substituted it. The game cannot go
		// on honestly; the seeds (allowed now) let the audit name who did it.
		// An Illuminati is not named: under Hidden Illuminati a face-down card of a seat may have been
		// put there (both decks share the group key: docs/deck.md, "Hidden Illuminati").
		const named = card === null ? 'no card' : isIlluminati(card) ? 'an Illuminati card' : card;
		core.broken = `The card at position ${position} of the masked deck is ${named}, which cannot be there: a shuffle was tampered with. Every seat now reveals its seed and the audit names who.`;
		return refuse('SUBSTITUTED_CARD', core.broken);
	}
	deck.draw!.results.set(position, card);
	deck.shown.set(position, card);
	return null;
}

function show(core: CoreV2, deck: DeckCore, game: string, body: Body<'show'>, exported: Action[]): ProtocolRefusal | null {
	const engine = core.engine!;
	if (deck.final === null || !(engine.players[body.seat]?.hidden ?? []).includes(body.position)) return refuse('NOT_IN_HAND', `Seat ${body.seat} holds no hidden card drawn at position ${body.position}.`);
	const proof = revealed(core, deck, game, body.seat, body.position, body.partials);
	if ('refusal' in proof) return proof.refusal;
	const card = proof.card < 0 ? null : cardAt(proof.card);
	if (card === null) return refuse('SUBSTITUTED_CARD', `The partials for position ${body.position} unmask no card: a shuffle was tampered with.`);
	const action: Action = { type: 'showCard', seat: body.seat, position: body.position, card } as unknown as Action;
	const result = step(engine, action);
	if (!result.ok) {
		if (result.error.code === 'NOT_APPLICABLE') {
			convict(core, deck, body.seat, 'KEPT_A_GROUP', `Seat ${body.seat} kept ${card} unseen at position ${body.position}: a group drawn is placed face up.`);
			return refuse('KEPT_A_GROUP', `Seat ${body.seat} kept the group ${card} hidden.`);
		}
		return refuse(result.error.code, result.error.message);
	}
	core.engine = result.state;
	deck.shown.set(body.position, card);
	exported.push(action);
	return null;
}

function seed(core: CoreV2, deck: DeckCore, game: string, body: Body<'seed'>): ProtocolRefusal | null {
	const ended = core.engine?.phase.kind === 'over' || core.forfeit !== null || core.broken !== null;
	if (!ended) return deckRefusal('BAD_SEED', 'Seeds are revealed only when the game is over: they open the whole deck.');
	if (!deck.steps.some((s) => s.seat === body.seat && s.deck !== null)) return deckRefusal('BAD_SEED', `Seat ${body.seat} made no shuffle step.`);
	if (deck.seeds.has(body.seat)) return deckRefusal('BAD_SEED', `Seat ${body.seat} already revealed its seed.`);
	deck.seeds.set(body.seat, body.seed);
	runAudit(core, deck, game);
	return null;
}

/**
 * After an entry, while the engine waits for cards from the masked deck: makes the deck at the
 * first draw, opens a draw once the deck is shuffled, and hands the engine a `deal` once every
 * position is settled. Returns whether the engine got its cards (the caller looks again).
 */
export function afterEntryDeck(core: CoreV2, entryId: string, exported: Action[]): boolean {
	const engine = core.engine!;
	const request = engine.random!;
	if (request.kind !== 'draw' && request.kind !== 'targets') return false;
	if (core.deck === null) core.deck = startDeck(engine, entryId, core.seats.map((_, seat) => seat).filter((seat) => active(core, seat)));
	const deck = core.deck;
	if (deck.final === null) {
		if (nextShuffler(core, deck) !== null) return false;
		deck.final = [...lastDeck(deck)];
	}
	if (deck.draw === null) {
		const first = engine.drawn ?? 0;
		const positions = Array.from({ length: request.count }, (_, i) => first + i);
		deck.draw = { opener: entryId, drawer: request.kind === 'draw' ? request.seat : null, positions, partials: new Map(), results: new Map() };
	}
	const draw = deck.draw;
	const staller = deckStalled(core);
	if (staller !== null && staller >= 0) {
		core.forfeit = { seat: staller, reason: 'stalled' };
		return false;
	}
	// A drawer voted out or caught cheating cannot open its seals: its cards go to its hand unseen.
	if (draw.drawer !== null && !active(core, draw.drawer)) for (const position of draw.positions) if (!draw.results.has(position)) draw.results.set(position, null);
	if (!draw.positions.every((position) => draw.results.has(position))) return false;
	const deal = { type: 'deal', cards: draw.positions.map((position) => draw.results.get(position)!) } as unknown as Action;
	const result = step(engine, deal);
	if (!result.ok) throw new Error(`protocol bug: the engine refused a deal: ${result.error.code} ${result.error.message}`);
	core.engine = result.state;
	exported.push(deal);
	deck.draw = null;
	return true;
}

/**
 * Who a secret-deck draw waits for (v2/awaited.ts shows them, the stall watch votes them absent
 * after the countdown): acknowledgements of the entry it waits on, the next shuffler, the seats
 * whose seals or public partials are missing, or the drawer's word. Null when the deck waits for
 * nothing (or is not in use).
 */
export function deckAwaited(core: CoreV2, isFinal: (id: string) => boolean, live: (seat: Seat) => boolean): { seats: Seat[]; acknowledgement: boolean } | null {
	const deck = core.deck;
	if (!wantsDeck(core.engine) || deck === null) return null;
	if (deck.final === null) {
		if (!isFinal(deck.opener)) return { seats: [], acknowledgement: true };
		const next = nextShuffler(core, deck);
		return next === null ? null : { seats: [next], acknowledgement: false };
	}
	const draw = deck.draw;
	if (draw === null) return null;
	if (!isFinal(draw.opener)) return { seats: [], acknowledgement: true };
	const open = draw.positions.filter((position) => !draw.results.has(position));
	const t = core.keygen!.t;
	const seats = new Set<Seat>();
	for (const position of open) {
		if (draw.drawer === null) {
			const given = draw.partials.get(position) ?? new Map();
			if (given.size < t) core.seats.forEach((_, seat) => !given.has(seat) && live(seat) && seats.add(seat));
			continue;
		}
		const sealed = deck.seals.get(position) ?? new Map();
		if (sealed.size >= t - 1) seats.add(draw.drawer);
		else core.seats.forEach((_, seat) => seat !== draw.drawer && !sealed.has(seat) && live(seat) && seats.add(seat));
	}
	return { seats: [...seats].filter(live), acknowledgement: false };
}

/**
 * A draw that can no longer get the seals or partials it needs, because seats voted out withheld
 * theirs (two seats, or fewer than t left): it resolves against a staller, as a coin event does.
 */
export function deckStalled(core: CoreV2): Seat | null {
	const draw = core.deck?.draw;
	if (draw === undefined || draw === null || core.keygen === null) return null;
	const t = core.keygen.t;
	for (const position of draw.positions) {
		if (draw.results.has(position)) continue;
		const given = draw.drawer === null ? new Set(draw.partials.get(position)?.keys() ?? []) : new Set(core.deck!.seals.get(position)?.keys() ?? []);
		const need = draw.drawer === null ? t : t - 1;
		const reachable = core.seats.map((_, seat) => seat).filter((seat) => seat !== draw.drawer && (given.has(seat) || active(core, seat)));
		if (reachable.length < need) return core.seats.findIndex((_, seat) => seat !== draw.drawer && !given.has(seat) && core.votedOut.has(seat));
	}
	return null;
}
