/**
 * Deals between players (Basic Rules: Free Actions, "give away money or a Special"; Gifts and
 * Trades; Transferring Groups; When Is a Deal Binding?; Special Cards: sold, given or traded at
 * any time as a free action).
 *
 * - An offer goes from one player to one other: money, Specials and groups either way, perhaps
 *   private to its two parties, perhaps with a free-text promise for later (`note`). It lapses at
 *   the end of the turn, or when its maker withdraws it or its receiver declines it.
 * - Accepting makes the whole exchange at once, or nothing: an exchange made at once is binding,
 *   so the engine carries it out; a promise of something later is never enforced.
 * - Money passes only from one Illuminati treasury to another; money and Specials move at any
 *   time except while a privileged attack is under way.
 * - Groups move only on the turn of one of the two parties, in the actions step, and each group
 *   moved costs the active player one action. The receiver fits it, with its puppets and their
 *   treasuries, into its own structure (placement.ts: beginTransfer, placeReceived).
 * - A plain gift (`give`) needs no consent, so it carries money and Specials only: a group is
 *   given only with the receiver's consent, that is through an accepted offer.
 * Throwing the game (giving another player enough to win) cannot be judged by a program; it is
 * left to the players (docs/rules-differences.md).
 */
import type { AcceptOfferAction, DeclineOfferAction, GiveAction, OfferAction, PlayerAction, WithdrawOfferAction } from './actions.js';
import { CARDS } from './cards/index.js';
import { fail, ok, type RuleError, type RuleErrorCode, type StepResult } from './errors.js';
import type { LegalAction } from './legal.js';
import { canonicalJson, sha256Hex } from './hash.js';
import { anySpecialsOf, anySpecialsProblem, choicesFor, chosenProblem, enoughSpecialsProblem } from './offer-choice.js';
import { matchesCommitment } from './offer-terms.js';
import { beginTransfer } from './placement.js';
import { markFreeAction, playerOf, updatePlayer, updateTurn } from './state.js';
import { isBelow, openArrows, withoutSubtree } from './structure.js';
import type { CardId, GameState, Offer, OfferSide, Placement, Seat } from './types.js';

const problem = (code: RuleErrorCode, message: string): RuleError => ({ code, message });

const NOTHING: OfferSide = { money: 0, specials: [], groups: [] };

/** Gifts and Trades: no money or Special changes hands while a privileged attack is under way.
 * Reads `privileged` from the attack (the Interference rules add it) without requiring it. */
export function privilegedAttackUnderWay(state: GameState): boolean {
	const phase = state.phase;
	if (!('attack' in phase)) return false;
	const attack = phase.attack;
	return 'privileged' in attack && attack.privileged === true;
}

/** Offers still open: made this turn and not yet accepted, declined or withdrawn. */
export function openOffers(state: GameState): readonly Offer[] {
	return state.offers.filter((offer) => offer.turn === state.turnCount);
}

/** The offers `viewer` may see: public ones, and private ones it is a party to. The UI and bots
 * show offers only through this (null: a spectator, who sees the public ones). */
export function visibleOffers(state: GameState, viewer: Seat | null): Offer[] {
	return openOffers(state).filter((offer) => !offer.private || offer.from === viewer || offer.to === viewer);
}

/** An offer by content: its parties, terms, note, sealed commitment and turn (not its number,
 * which is its place in the final order and moves when another offer is placed before it; the
 * turn, so an answer never takes the same offer made again in a later turn). */
export function offerDigest(offer: Offer): string {
	const { from, to, give, take, note, turn } = offer;
	return sha256Hex(`offer-digest:${canonicalJson({ from, to, give, take, private: offer.private, note, commitment: offer.commitment ?? null, turn })}`);
}

/** The open offer an answer names: with a digest, the one of that content (the numbered one if
 * it matches, else the first), so an answer always takes the offer its author saw; without one
 * (logs from before digests), the numbered one. */
export function answeredOffer(state: GameState, answer: { readonly offer: number; readonly digest?: string }): Offer | undefined {
	const open = openOffers(state);
	const numbered = open.find((offer) => offer.id === answer.offer);
	if (answer.digest === undefined) return numbered;
	if (numbered !== undefined && offerDigest(numbered) === answer.digest) return numbered;
	return open.find((offer) => offerDigest(offer) === answer.digest);
}

function noSuchOffer(answer: { readonly offer: number; readonly digest?: string }): string {
	return answer.digest === undefined ? `No open offer ${answer.offer}.` : `No open offer is the one this answer names (offer ${answer.offer} when it was signed).`;
}

const isEmpty = (side: OfferSide): boolean => side.money === 0 && side.specials.length === 0 && side.groups.length === 0 && anySpecialsOf(side) === 0;

function partiesProblem(state: GameState, from: Seat, to: Seat): RuleError | null {
	if (state.turn === null || state.phase.kind === 'setup' || state.phase.kind === 'ufoGoal') {
		return problem('WRONG_PHASE', 'Deals begin with the first turn.');
	}
	if (from === to) return problem('BAD_OFFER', 'A deal is made with another player.');
	for (const seat of [from, to]) {
		const player = playerOf(state, seat);
		if (player.eliminated || player.illuminati === null) return problem('NOT_ELIGIBLE', `Seat ${seat} is out of the game.`);
	}
	return null;
}

/** Whether `seat` holds what `side` hands over. Its money and Specials are checked only when
 * `hidden` (the holder itself acts); groups, which everyone sees, always. */
function sideProblem(state: GameState, seat: Seat, side: OfferSide, hidden: boolean): RuleError | null {
	const player = playerOf(state, seat);
	if (new Set(side.specials).size !== side.specials.length || new Set(side.groups).size !== side.groups.length) {
		return problem('BAD_OFFER', 'A card is listed twice.');
	}
	for (const card of side.specials) {
		if (CARDS[card]?.kind !== 'special') return problem('BAD_OFFER', `${card} is not a Special card.`);
		if (hidden && !player.hand.includes(card)) return problem('NOT_HELD', `Seat ${seat} does not hold ${card}.`);
	}
	if (hidden) {
		const money = player.structure[player.illuminati!]?.money ?? 0;
		if (money < side.money) return problem('NOT_ENOUGH_MONEY', `Seat ${seat}'s Illuminati hold ${money} MB.`);
	}
	for (const card of side.groups) {
		if (CARDS[card]?.kind !== 'group') return problem('BAD_OFFER', `${card} is not a group: the Illuminati can never be traded.`);
		if (player.structure[card] === undefined) return problem('NOT_HELD', `Seat ${seat} does not control ${card}.`);
		const above = side.groups.find((other) => other !== card && isBelow(player.structure, card, other));
		if (above !== undefined) return problem('BAD_OFFER', `${card} goes with its master ${above}; list only ${above}.`);
	}
	return null;
}

/** Transferring Groups: only on the turn of one of the two players, in its actions step, one action
 * of the active player per group moved, whichever way it moves. */
function groupTimingProblem(state: GameState, from: Seat, to: Seat, count: number): RuleError | null {
	if (count === 0) return null;
	const turn = state.turn;
	if (state.phase.kind !== 'turn' || turn === null || turn.step !== 'actions') {
		return problem('WRONG_PHASE', 'Groups change hands only during the actions step of a turn.');
	}
	if (turn.seat !== from && turn.seat !== to) {
		return problem('NOT_YOUR_TURN', 'Groups change hands only on the turn of one of the two players.');
	}
	if (turn.actionsLeft < count) {
		return problem('NO_ACTIONS_LEFT', `Each group moved costs seat ${turn.seat} an action: ${count} needed, ${turn.actionsLeft} left.`);
	}
	return null;
}

const groupCount = (offer: { give: OfferSide; take: OfferSide }): number => offer.give.groups.length + offer.take.groups.length;

/** Open offers one seat may have at once (a digital bound, not the rulebook's: docs/rules-differences.md).
 * Hard bots make up to three a turn; without a bound a hostile player could open hundreds, each
 * asking for Specials of the receiver's choice listed pick by pick in the receiver's options. */
export const MAX_OPEN_OFFERS = 8;

function openOffersProblem(state: GameState, seat: Seat): RuleError | null {
	let open = 0;
	for (const offer of state.offers) if (offer.from === seat && offer.turn === state.turnCount) open++; // openOffers, without the copy
	return open >= MAX_OPEN_OFFERS ? problem('TOO_MANY_OFFERS', `Seat ${seat} has ${open} offers open, the most one player may have at once: withdraw one first.`) : null;
}

export function offerProblem(state: GameState, action: OfferAction): RuleError | null {
	const parties = partiesProblem(state, action.seat, action.to) ?? openOffersProblem(state, action.seat);
	if (parties !== null) return parties;
	if (action.commitment !== undefined || action.boxes !== undefined) return sealedOfferProblem(action);
	if (isEmpty(action.give) && isEmpty(action.take)) return problem('BAD_OFFER', 'An offer hands something over or asks for something.');
	return (
		anySpecialsProblem(action.give, action.take) ??
		enoughSpecialsProblem(state, action.to, action.take) ??
		sideProblem(state, action.seat, action.give, true) ??
		sideProblem(state, action.to, action.take, false) ??
		groupTimingProblem(state, action.seat, action.to, groupCount(action))
	);
}

/** A sealed private offer (offer-terms.ts) shows nothing but its parties, its commitment and its
 * boxes: its terms are judged when it is accepted. */
function sealedOfferProblem(action: OfferAction): RuleError | null {
	if (action.commitment === undefined || action.boxes === undefined || !/^[0-9a-f]{64}$/.test(action.commitment)) {
		return problem('BAD_OFFER', `Seat ${action.seat}'s sealed offer needs a sha256 hex commitment and its two boxes.`);
	}
	if (!action.private || !isEmpty(action.give) || !isEmpty(action.take) || action.note !== undefined) {
		return problem('BAD_OFFER', `Seat ${action.seat}'s sealed offer is private and shows no terms.`);
	}
	return null;
}

export function makeOffer(state: GameState, action: OfferAction): StepResult<GameState> {
	const found = offerProblem(state, action);
	if (found !== null) return { ok: false, error: found };
	const copy = (side: OfferSide): OfferSide => ({
		money: side.money,
		specials: [...side.specials],
		groups: [...side.groups],
		...(side.anySpecials !== undefined ? { anySpecials: side.anySpecials } : {}),
	});
	const offer: Offer = {
		id: state.offerCount,
		from: action.seat,
		to: action.to,
		give: copy(action.give),
		take: copy(action.take),
		private: action.private,
		note: action.note ?? null,
		turn: state.turnCount,
		...(action.commitment !== undefined ? { commitment: action.commitment } : {}),
	};
	return ok({ ...state, offers: [...state.offers, offer], offerCount: state.offerCount + 1 });
}

/** The offer an acceptance takes, with a sealed offer's terms as the acceptance reveals them once
 * they match its commitment; else why not (BAD_COMMITMENT names the acceptance's author). */
function offerAccepted(state: GameState, action: AcceptOfferAction): { offer: Offer } | { error: RuleError } {
	const offer = answeredOffer(state, action);
	if (offer === undefined) return { error: problem('NO_SUCH_OFFER', noSuchOffer(action)) };
	if (offer.commitment === undefined) {
		if (action.terms !== undefined) return { error: problem('BAD_OFFER', `Offer ${offer.id}'s terms are in the open: an acceptance carries none.`) };
		return { offer };
	}
	if (action.terms === undefined) {
		return { error: problem('BAD_COMMITMENT', `Seat ${action.seat}'s acceptance of sealed offer ${offer.id} does not reveal its terms.`) };
	}
	if (!matchesCommitment(offer.from, offer.to, action.terms, offer.commitment)) {
		return { error: problem('BAD_COMMITMENT', `Seat ${action.seat}'s acceptance of offer ${offer.id} does not match the terms seat ${offer.from} committed to.`) };
	}
	return { offer: { ...offer, give: action.terms.give, take: action.terms.take } };
}

export function acceptProblem(state: GameState, action: AcceptOfferAction): RuleError | null {
	const found = offerAccepted(state, action);
	if ('error' in found) return found.error;
	const offer = found.offer;
	if (offer.to !== action.seat) return problem('NOT_ELIGIBLE', `Offer ${offer.id} is made to seat ${offer.to}.`);
	if (privilegedAttackUnderWay(state)) return problem('PRIVILEGED_ATTACK', 'Nothing changes hands during a privileged attack.');
	return (
		partiesProblem(state, offer.from, offer.to) ??
		anySpecialsProblem(offer.give, offer.take) ??
		sideProblem(state, offer.from, offer.give, true) ??
		sideProblem(state, offer.to, offer.take, true) ??
		chosenProblem(state, offer, action) ??
		groupTimingProblem(state, offer.from, offer.to, groupCount(offer))
	);
}

function payIlluminati(state: GameState, from: Seat, to: Seat, amount: number): GameState {
	if (amount === 0) return state;
	const change = (seat: Seat, delta: number) => (current: GameState) =>
		updatePlayer(current, seat, (player) => {
			const card = player.illuminati!;
			const placement = player.structure[card]!;
			return { ...player, structure: { ...player.structure, [card]: { ...placement, money: placement.money + delta } } };
		});
	return change(to, amount)(change(from, -amount)(state));
}

function handOver(state: GameState, from: Seat, to: Seat, specials: readonly CardId[]): GameState {
	if (specials.length === 0) return state;
	const taken = updatePlayer(state, from, (player) => ({ ...player, hand: player.hand.filter((card) => !specials.includes(card)) }));
	return updatePlayer(taken, to, (player) => ({ ...player, hand: [...player.hand, ...specials] }));
}

/** The active player did something this turn (it can no longer pass for 5 MB). */
function markActed(state: GameState, parties: readonly Seat[]): GameState {
	if (state.turn === null || !parties.includes(state.turn.seat)) return state;
	return state.options.rules.everyFreeActionCounts === true ? markFreeAction(state, state.turn.seat) : updateTurn(state, { acted: true });
}

/** When Is a Deal Binding?: the exchange is made at once, all of it. */
export function acceptOffer(state: GameState, action: AcceptOfferAction): StepResult<GameState> {
	const found = acceptProblem(state, action);
	if (found !== null) return { ok: false, error: found };
	const offer = (offerAccepted(state, action) as { offer: Offer }).offer;
	let next: GameState = { ...state, offers: state.offers.filter((other) => other.id !== offer.id) };
	next = payIlluminati(next, offer.from, offer.to, offer.give.money);
	next = payIlluminati(next, offer.to, offer.from, offer.take.money);
	next = handOver(next, offer.from, offer.to, offer.give.specials);
	next = handOver(next, offer.to, offer.from, [...offer.take.specials, ...(action.chosen ?? [])]);
	next = markActed(next, [offer.from, offer.to]);
	const moves = [
		...offer.give.groups.map((card) => ({ giver: offer.from, receiver: offer.to, card })),
		...offer.take.groups.map((card) => ({ giver: offer.to, receiver: offer.from, card })),
	];
	if (moves.length === 0) return ok(next);
	const removed: { card: CardId; placement: Placement }[] = [];
	for (const move of moves) {
		const cut = withoutSubtree(playerOf(next, move.giver).structure, move.card);
		next = updatePlayer(next, move.giver, (player) => ({ ...player, structure: cut.structure }));
		removed.push(...cut.removed);
	}
	next = updateTurn(next, { actionsLeft: next.turn!.actionsLeft - moves.length });
	return ok(beginTransfer(next, moves.map((move) => ({ seat: move.receiver, card: move.card })), removed));
}

function closeOffer(state: GameState, answer: DeclineOfferAction | WithdrawOfferAction, role: 'from' | 'to'): StepResult<GameState> {
	const seat = answer.seat;
	const offer = answeredOffer(state, answer);
	if (offer === undefined) return fail('NO_SUCH_OFFER', noSuchOffer(answer));
	if (offer[role] !== seat) return fail('NOT_ELIGIBLE', role === 'to' ? 'Only its receiver declines an offer.' : 'Only its maker withdraws an offer.');
	// A seat out of the game makes no more deals (legalActions lists none for it).
	if (playerOf(state, seat).eliminated) return fail('NOT_IN_GAME', `Seat ${seat} is out of the game.`);
	return ok({ ...state, offers: state.offers.filter((other) => other.id !== offer.id) });
}

export function declineOffer(state: GameState, action: DeclineOfferAction): StepResult<GameState> {
	return closeOffer(state, action, 'to');
}

export function withdrawOffer(state: GameState, action: WithdrawOfferAction): StepResult<GameState> {
	return closeOffer(state, action, 'from');
}

/** Free Actions: give away money (Illuminati to Illuminati) or Specials, at any time. */
export function giveProblem(state: GameState, action: GiveAction): RuleError | null {
	const parties = partiesProblem(state, action.seat, action.to);
	if (parties !== null) return parties;
	if (privilegedAttackUnderWay(state)) return problem('PRIVILEGED_ATTACK', 'Nothing changes hands during a privileged attack.');
	if (action.money === 0 && action.specials.length === 0) return problem('BAD_AMOUNT', 'Give some money or a Special.');
	return sideProblem(state, action.seat, { money: action.money, specials: action.specials, groups: [] }, true);
}

export function give(state: GameState, action: GiveAction): StepResult<GameState> {
	const found = giveProblem(state, action);
	if (found !== null) return { ok: false, error: found };
	const paid = payIlluminati(state, action.seat, action.to, action.money);
	return ok(markActed(handOver(paid, action.seat, action.to, action.specials), [action.seat]));
}

/** Where the receiver may fit a received group: any open arrow of any card it holds. */
export function placeReceivedOptions(state: GameState, seat: Seat): LegalAction[] {
	const structure = playerOf(state, seat).structure;
	return Object.keys(structure).flatMap((master) =>
		openArrows(structure, master).map((side) => ({ action: { type: 'placeReceived', seat, master, side } as const })),
	);
}

/** A small offer `seat` could make now, as an example for a free-form entry (null: nothing to offer). */
function exampleOffer(state: GameState, seat: Seat, to: Seat): PlayerAction | null {
	const player = playerOf(state, seat);
	const money = player.structure[player.illuminati!]?.money ?? 0;
	const candidates: OfferSide[] = [];
	if (money > 0) candidates.push({ ...NOTHING, money: 1 });
	if (player.hand.length > 0) candidates.push({ ...NOTHING, specials: [player.hand[0]!] });
	const group = Object.keys(player.structure).find((card) => card !== player.illuminati);
	if (group !== undefined) candidates.push({ ...NOTHING, groups: [group] });
	for (const give of candidates) {
		const action: OfferAction = { type: 'offer', seat, to, give, take: NOTHING, private: false };
		if (offerProblem(state, action) === null) return action;
	}
	return null;
}

/** Deals `seat` may make or answer now (legalActions adds them in every phase). */
export function dealOptions(state: GameState, seat: Seat): LegalAction[] {
	const player = playerOf(state, seat);
	if (state.turn === null || state.phase.kind === 'over' || player.eliminated || player.illuminati === null) return [];
	const options: LegalAction[] = [];
	for (const offer of visibleOffers(state, seat)) {
		const digest = offer.to === seat || offer.from === seat ? offerDigest(offer) : '';
		if (offer.to === seat) {
			const accept = { type: 'acceptOffer', seat, offer: offer.id, digest } as const;
			// A sealed offer's terms are in its box: the recipient's device completes the acceptance.
			if (offer.commitment !== undefined) options.push({ action: accept, needsSecret: true });
			else {
				// Specials of the receiver's choice: one acceptance for each set it could pick.
				for (const chosen of choicesFor(state, offer, seat)) {
					const picked = anySpecialsOf(offer.take) === 0 ? accept : { ...accept, chosen };
					if (acceptProblem(state, picked) === null) options.push({ action: picked });
				}
			}
			options.push({ action: { type: 'declineOffer', seat, offer: offer.id, digest } });
		}
		if (offer.from === seat) options.push({ action: { type: 'withdrawOffer', seat, offer: offer.id, digest } });
	}
	const others = state.players.filter((other) => other.seat !== seat && !other.eliminated && other.illuminati !== null);
	const money = player.structure[player.illuminati]?.money ?? 0;
	if (!privilegedAttackUnderWay(state)) {
		for (const other of others) {
			if (money > 0) options.push({ action: { type: 'give', seat, to: other.seat, money: 1, specials: [] }, max: money });
			for (const card of player.hand) options.push({ action: { type: 'give', seat, to: other.seat, money: 0, specials: [card] } });
		}
	}
	const example = others.length > 0 ? exampleOffer(state, seat, others[0]!.seat) : null;
	if (example !== null) options.push({ action: example, freeForm: true });
	return options;
}

/** Deal entries: they never oblige anyone to act, so they don't count as "waiting for" a seat. */
export const DEAL_ACTIONS: ReadonlySet<PlayerAction['type']> = new Set(['offer', 'acceptOffer', 'declineOffer', 'withdrawOffer', 'give']);
