/**
 * Hidden Illuminati with the secret deal (hidden-illuminati.ts `secretDeal`; docs/deck.md, "Hidden
 * Illuminati"): the public state's side of the masked Illuminati deck.
 *
 * - `dealIlluminati` (protocol only) answers the Illuminati request: each seat gets its face-down
 *   stand-in (cards/face-down.ts) and no money yet; which card it is, only its owner's device knows.
 * - Beginning the Game pays each Illuminati its Income: here the Income its player states first
 *   (accusation.ts `stateIlluminati`), or its printed Income once shown.
 * - `showIlluminati` (protocol only, after the proof held) turns the card face up: the stand-in is
 *   replaced by the card everywhere; an accusation waiting on that seat is judged right or wrong.
 * - While an accusation waits for its answer (ES "Creo que eres Cthulhu"), only the accused's
 *   answer and the absence entries are taken.
 */
import type { PlayerAction, ShowIlluminatiAction } from './actions.js';
import { CARDS, illuminatiCard } from './cards/index.js';
import { faceDownId, isFaceDownIlluminati } from './cards/face-down.js';
import { requestShape } from './chance.js';
import { fail, ok, type StepResult } from './errors.js';
import { hiddenIlluminatiOf, secretDeal } from './hidden-illuminati.js';
import { defenceRevealHolds, withoutReveal } from './hidden-illuminati-reveal.js';
import { cancelImmuneAttack } from './hidden-illuminati-immunity.js';
import { afterIlluminati } from './setup.js';
import { updatePlayer } from './state.js';
import { hasSecretGoal, meetsSpecialGoal } from './victory.js';
import type { CardId, GameState, Seat } from './types.js';

/** Entries taken while an accusation waits for its answer: the answer, and what absence needs. */
const WHILE_ACCUSED: ReadonlySet<string> = new Set(['denyAccusation', 'leave', 'declareAbsent', 'returnPresent']);
/** Entries taken while an attack waits for its defender's card: what absence needs. */
const WHILE_SHOWN: ReadonlySet<string> = new Set(['leave', 'declareAbsent', 'returnPresent']);

/** Whether legalActions must filter by accusationGateProblem: something waits for a face-down seat. */
export function hiddenIlluminatiHolds(state: GameState): boolean {
	return (state.hiddenIlluminati?.pending ?? null) !== null || defenceRevealHolds(state);
}

/** Why `action` must wait: an accusation is waiting for the accused's answer, or an attack for its
 * defender's card to be shown (hidden-illuminati-reveal.ts `defenceRevealHolds`). */
export function accusationGateProblem(state: GameState, action: PlayerAction): ReturnType<typeof fail> | null {
	if (state.hiddenIlluminati === undefined) return null;
	if (defenceRevealHolds(state) && !WHILE_SHOWN.has(action.type)) return fail('WRONG_PHASE', 'The defender is showing its Illuminati: the attack waits for its proof.');
	const pending = state.hiddenIlluminati?.pending ?? null;
	// An accused seat out of the game or absent cannot hold the table: the accuser plays on.
	const target = state.players[pending?.target ?? -1];
	if (pending === null || target === undefined || target.eliminated || target.absent) return null;
	if (WHILE_ACCUSED.has(action.type) && (action.type !== 'denyAccusation' || action.seat === pending.target)) return null;
	return fail('WRONG_PHASE', `Seat ${pending.target} has not yet answered the accusation.`);
}

/** The Illuminati this game may deal (the coin's pool for the same request). */
export function dealPool(state: GameState): CardId[] {
	return requestShape(state, { kind: 'illuminati', count: state.players.length }).pool;
}

/** The masked Illuminati deck dealt one card per seat: each seat plays its face-down stand-in. */
export function applyDealIlluminati(state: GameState): StepResult<GameState> {
	if (!secretDeal(state)) return fail('NOT_APPLICABLE', 'Only a Hidden Illuminati game with the secret deck deals the Illuminati face down.');
	if (state.random?.kind !== 'illuminati') return fail('RANDOMNESS_NOT_EXPECTED', 'No Illuminati are being dealt.');
	let next: GameState = { ...state, random: null };
	for (const player of state.players) {
		const stand = faceDownId(player.seat);
		next = updatePlayer(next, player.seat, (p) => ({ ...p, illuminati: stand, structure: { [stand]: { master: null, side: 0, x: 0, y: 0, rot: 0, money: 0 } } }));
	}
	return ok(afterIlluminati({ ...next, hiddenIlluminati: { ...hiddenIlluminatiOf(next), pending: null, claims: [], started: [] } }));
}

/** Every occurrence of the id `from` in the state (keys and values) replaced by `to`: ids are unique strings. */
function renameCard(state: GameState, from: CardId, to: CardId): GameState {
	return JSON.parse(JSON.stringify(state).split(JSON.stringify(from)).join(JSON.stringify(to))) as GameState;
}

/** The starting treasury (Beginning the Game) for a seat not yet paid: `income` from the bank onto its Illuminati. */
export function payStart(state: GameState, seat: Seat, income: number): GameState {
	const hidden = hiddenIlluminatiOf(state);
	if ((hidden.started ?? []).includes(seat)) return state;
	const card = state.players[seat]!.illuminati!;
	const next = updatePlayer(state, seat, (p) => ({ ...p, structure: { ...p.structure, [card]: { ...p.structure[card]!, money: p.structure[card]!.money + income } } }));
	return { ...next, bank: { ...next.bank, issued: next.bank.issued + income }, hiddenIlluminati: { ...hidden, started: [...(hidden.started ?? []), seat] } };
}

/** A seat's Illuminati shown to all with its proof: the card replaces its stand-in and is face up from now on. */
export function applyShowIlluminati(state: GameState, action: ShowIlluminatiAction): StepResult<GameState> {
	if (!secretDeal(state)) return fail('NOT_APPLICABLE', 'Only a Hidden Illuminati game with the secret deck has face-down stand-ins.');
	const player = state.players[action.seat];
	const stand = faceDownId(action.seat);
	if (player === undefined || player.illuminati !== stand) return fail('NOT_APPLICABLE', `Seat ${action.seat}'s Illuminati is not face down.`);
	// Out of the game, its card stays out of play face down until the end's opening.
	if (player.eliminated) return fail('NOT_IN_GAME', `Seat ${action.seat} is out of the game.`);
	if (CARDS[action.card]?.kind !== 'illuminati' || isFaceDownIlluminati(action.card) || !dealPool(state).includes(action.card)) {
		return fail('UNKNOWN_CARD', `${action.card} is not an Illuminati this game could have dealt.`);
	}
	if (state.players.some((other) => other.illuminati === action.card)) return fail('UNKNOWN_CARD', `${action.card} is already face up.`);
	let next = renameCard(state, stand, action.card);
	next = payStart(next, action.seat, illuminatiCard(action.card).income);
	const hidden = hiddenIlluminatiOf(next);
	const pending = hidden.pending ?? null;
	const stated = { ...hidden.stated };
	delete stated[action.seat];
	const answered = pending !== null && pending.target === action.seat;
	// Shown in the window of an attack on its structure: its immunity may make the attack illegal.
	return ok(cancelImmuneAttack({
		...next,
		outOfPlay: next.outOfPlay.filter((card) => card !== action.card),
		hiddenIlluminati: {
			...hidden,
			...withoutReveal(hidden.revealing, action.seat),
			identified: [...hidden.identified, action.seat],
			stated,
			pending: answered ? null : pending,
			lastAccusation: answered ? { seat: pending.seat, target: pending.target, illuminati: pending.illuminati, right: pending.illuminati === action.card } : hidden.lastAccusation,
		},
	}, action.seat));
}

/**
 * Whether `seat`, face down with `card`, would meet its card's special goal once shown: its device
 * then shows it, so that the victory check at the end of the turn sees it (a stand-in has no goal
 * of its own). Secret goals (the UFOs', the hiddenGoals option) are not pursued face down.
 */
export function wouldWinShown(state: GameState, seat: Seat, card: CardId): boolean {
	const shown = applyShowIlluminati(state, { type: 'showIlluminati', seat, card });
	if (!shown.ok) return false;
	const player = shown.state.players[seat]!;
	if (hasSecretGoal(shown.state, player)) return false;
	return meetsSpecialGoal(shown.state, player, illuminatiCard(card).goal);
}
