/**
 * Hidden Illuminati (option hiddenIlluminati): accusations and stated use.
 *
 * ES "Illuminati ocultos" / FR "Illuminati dissimulés": "Durante la fase de acción de su turno, un
 * jugador puede realizar una acusación contra otro jugador, como 'Creo que eres Cthulhu'. Esto
 * cuenta como una de sus dos acciones, pero no cuenta como acción específica para ninguno de sus
 * grupos. Una acusación incorrecta no hace nada, pero si el jugador ha sido identificado tendrá
 * que jugar con sus Illuminati boca arriba." A player "no tiene por qué usar todo su Poder o sus
 * Ingresos": it states what it plays with; the alternative rule lets an unidentified Illuminati
 * "exagerar su Poder y/o Ingresos en 1 punto".
 */
import type { AccuseAction, DenyAccusationAction, StateIlluminatiAction } from './actions.js';
import { CARDS, ILLUMINATI } from './cards/index.js';
import { isFaceDownIlluminati } from './cards/face-down.js';
import { fail, ok, type RuleError, type StepResult } from './errors.js';
import { dealPool, payStart } from './hidden-illuminati-deal.js';
import { bluffAllowance, hiddenIlluminatiOf, hiddenIlluminatiOn, illuminatiSeenBy, isFaceUp, secretDeal, type IlluminatiClaim } from './hidden-illuminati.js';
import type { LegalAction } from './legal.js';
import { revealIlluminatiOptions } from './hidden-illuminati-reveal.js';
import { realPowerIn } from './odds.js';
import { updateTurn } from './state.js';
import type { CardId, GameState, Seat } from './types.js';

function problem(code: RuleError['code'], message: string): RuleError {
	return { code, message };
}

/** The option is on and it is `seat`'s own turn, with no attack or placement open. */
function ownTurnProblem(state: GameState, seat: Seat): RuleError | null {
	if (!hiddenIlluminatiOn(state)) return problem('NOT_APPLICABLE', 'The Illuminati are face up in this game (rule option hiddenIlluminati is off).');
	if (state.phase.kind !== 'turn' || state.turn === null) return problem('WRONG_PHASE', 'Only during a turn, with no attack or placement open.');
	if (state.turn.seat !== seat) return problem('NOT_YOUR_TURN', `It is seat ${state.turn.seat}'s turn.`);
	return null;
}

/** Why `action` is not a legal accusation now, or null. */
export function accuseProblem(state: GameState, action: AccuseAction): RuleError | null {
	const turnProblem = ownTurnProblem(state, action.seat);
	if (turnProblem !== null) return turnProblem;
	const turn = state.turn!;
	if (turn.step !== 'actions') return problem('WRONG_PHASE', 'An accusation is made in the action phase of your turn.');
	if (turn.actionsLeft <= 0) return problem('NO_ACTIONS_LEFT', 'An accusation takes one of your two actions, and none is left.');
	if (action.target === action.seat) return problem('NOT_ELIGIBLE', 'You cannot accuse yourself.');
	const target = state.players[action.target];
	if (target === undefined || target.eliminated) return problem('NOT_IN_GAME', `Seat ${action.target} is not in the game.`);
	if (isFaceUp(state, action.target)) return problem('NOT_ELIGIBLE', `Seat ${action.target}'s Illuminati is already face up.`);
	const card = CARDS[action.illuminati];
	if (card === undefined || !(card.kind === 'illuminati' || state.options.rules.illuminated.includes(action.illuminati))) {
		return problem('UNKNOWN_CARD', `${action.illuminati} is not an Illuminati of this game.`);
	}
	// Only a card the accuser cannot see may be named: its own, or one face up, is known elsewhere.
	if (!suspects(state, action.seat).includes(action.illuminati)) return problem('NOT_ELIGIBLE', `You know where ${action.illuminati} is: it is your own or face up.`);
	return null;
}

/** One action; a wrong guess changes nothing else, a right one turns the card face up. */
export function accuse(state: GameState, action: AccuseAction): StepResult<GameState> {
	const refused = accuseProblem(state, action);
	if (refused !== null) return fail(refused.code, refused.message);
	const hidden = hiddenIlluminatiOf(state);
	const next = updateTurn(state, { actionsLeft: state.turn!.actionsLeft - 1, acted: true });
	// Secret deal: no peer knows the card; the accused's device answers (its card shown, or "no").
	if (secretDeal(state)) return ok({ ...next, hiddenIlluminati: { ...hidden, pending: { seat: action.seat, target: action.target, illuminati: action.illuminati } } });
	const right = state.players[action.target]!.illuminati === action.illuminati;
	const stated = { ...hidden.stated };
	if (right) delete stated[action.target];
	return ok({
		...next,
		hiddenIlluminati: {
			identified: right ? [...hidden.identified, action.target] : hidden.identified,
			stated,
			lastAccusation: { seat: action.seat, target: action.target, illuminati: action.illuminati, right },
		},
	});
}

/** The most a face-down `card` may state: printed Power (with any rule bonus) and Income, plus the bluff. */
export function limitsOf(state: GameState, card: CardId | null): { readonly power: number; readonly income: number } {
	const data = card === null ? undefined : CARDS[card];
	if (card === null || data === undefined || data.kind === 'special') return { power: 0, income: 0 };
	const extra = bluffAllowance(state);
	return { power: realPowerIn(state, card) + extra, income: data.income + extra };
}

/**
 * The most `seat` may state. Under the secret deal the public state does not know the card: the
 * seat's own view knows it (`own`); the public state takes the most any Illuminati of the game
 * allows, and the check at the end holds each statement against the real card.
 */
export function statedLimits(state: GameState, seat: Seat): { readonly power: number; readonly income: number } {
	const card = state.players[seat]?.illuminati ?? null;
	if (card === null || !isFaceDownIlluminati(card)) return limitsOf(state, card);
	const own = hiddenIlluminatiOf(state).own;
	if (own?.seat === seat) return limitsOf(state, own.card);
	const all = dealPool(state).map((each) => limitsOf(state, each));
	return { power: Math.max(0, ...all.map((l) => l.power)), income: Math.max(0, ...all.map((l) => l.income)) };
}

/** Secret deal: a seat's first statement, before its first turn, sets its starting treasury. */
function firstStatement(state: GameState, seat: Seat): boolean {
	return secretDeal(state) && !(hiddenIlluminatiOf(state).started ?? []).includes(seat) && state.players[seat] !== undefined && !isFaceUp(state, seat);
}

export function stateIlluminatiProblem(state: GameState, action: StateIlluminatiAction): RuleError | null {
	const turnProblem = firstStatement(state, action.seat) ? null : ownTurnProblem(state, action.seat);
	if (turnProblem !== null) return turnProblem;
	if (isFaceUp(state, action.seat)) return problem('NOT_APPLICABLE', 'Your Illuminati is face up: it plays with its printed values.');
	const limits = statedLimits(state, action.seat);
	const bluff = bluffAllowance(state) > 0 ? ' (one more than printed, with the bluff rule)' : '';
	if (action.power > limits.power) return problem('BAD_AMOUNT', `Your Illuminati's Power is at most ${limits.power}${bluff}.`);
	if (action.income > limits.income) return problem('BAD_AMOUNT', `Your Illuminati's Income is at most ${limits.income}${bluff}.`);
	return null;
}

/** A free action: from now on the face-down Illuminati attacks, aids and collects with these. */
export function stateIlluminati(state: GameState, action: StateIlluminatiAction): StepResult<GameState> {
	const refused = stateIlluminatiProblem(state, action);
	if (refused !== null) return fail(refused.code, refused.message);
	const start = firstStatement(state, action.seat);
	const next = start ? payStart(state, action.seat, action.income) : state;
	const hidden = hiddenIlluminatiOf(next);
	const claims = secretDeal(state) ? { claims: [...(hidden.claims ?? []), { kind: 'state', seat: action.seat, power: action.power, income: action.income } as const] } : {};
	return ok({ ...next, hiddenIlluminati: { ...hidden, ...claims, stated: { ...hidden.stated, [action.seat]: { power: action.power, income: action.income } } } });
}

/** Secret deal: the accused says "no". Recorded as a claim; the opening at the end checks it. */
export function denyAccusation(state: GameState, action: DenyAccusationAction): StepResult<GameState> {
	const hidden = hiddenIlluminatiOf(state);
	const pending = hidden.pending ?? null;
	if (pending === null || pending.target !== action.seat) return fail('NOT_APPLICABLE', `No accusation waits for seat ${action.seat}'s answer.`);
	if ((action.illuminati !== undefined && action.illuminati !== pending.illuminati) || (action.by !== undefined && action.by !== pending.seat)) {
		return fail('NOT_APPLICABLE', `Seat ${action.seat}'s answer denies another accusation than the one waiting (seat ${pending.seat} naming ${pending.illuminati}).`);
	}
	return ok({
		...state,
		hiddenIlluminati: {
			...hidden,
			pending: null,
			claims: [...(hidden.claims ?? []), { kind: 'deny', seat: action.seat, illuminati: pending.illuminati }],
			lastAccusation: { seat: pending.seat, target: pending.target, illuminati: pending.illuminati, right: false },
		},
	});
}

/** A claim found false when every Illuminati opened at the end, naming its seat: a verdict, not a refusal. */
export interface ClaimFault {
	readonly seat: Seat;
	/** `denied`: said no to a right accusation; `overstated`: stated more than its card allows. */
	readonly lie: 'denied' | 'overstated';
	readonly message: string;
}

/**
 * The check at the end (ES "¡Si se pilla a alguien haciendo trampas se le echará del juego!"): each
 * seat's "no" and statements held against the card the opening gave it (`cards`: seat → card, null
 * where the opening failed). A seat shown by proof needs no check: the proof binds the card.
 */
export function illuminatiClaimFaults(state: GameState, cards: Readonly<Record<number, CardId | null>>): ClaimFault[] {
	const faults: ClaimFault[] = [];
	for (const claim of (hiddenIlluminatiOf(state).claims ?? []) as readonly IlluminatiClaim[]) {
		const card = cards[claim.seat] ?? null;
		if (card === null) continue;
		if (claim.kind === 'deny' && claim.illuminati === card) {
			faults.push({ seat: claim.seat, lie: 'denied', message: `Seat ${claim.seat} said no when accused of being ${card}, and it was.` });
		} else if (claim.kind === 'state') {
			const limits = limitsOf(state, card);
			if (claim.power > limits.power || claim.income > limits.income) {
				faults.push({ seat: claim.seat, lie: 'overstated', message: `Seat ${claim.seat} stated Power ${claim.power} and Income ${claim.income}; ${card} allows at most ${limits.power} and ${limits.income}.` });
			}
		}
	}
	return faults;
}

/** The Illuminati `viewer` may still suspect: every Illuminati of the game but its own and those
 * it sees face up. Built from the viewer's view only, never from the hidden cards. */
export function suspects(state: GameState, viewer: Seat): CardId[] {
	const known = new Set<CardId>();
	for (const player of state.players) {
		const seen = illuminatiSeenBy(state, viewer, player.seat);
		if (seen !== null) known.add(seen);
	}
	const pool = [...ILLUMINATI.map((card) => card.id), ...state.options.rules.illuminated];
	return pool.filter((card) => !known.has(card));
}

/** The active seat's options under the option: each accusation it may make, and its statement. */
export function hiddenIlluminatiOptions(state: GameState, seat: Seat): LegalAction[] {
	if (!hiddenIlluminatiOn(state)) return [];
	const options: LegalAction[] = [];
	const limits = statedLimits(state, seat);
	const statement = { type: 'stateIlluminati', seat, power: limits.power, income: limits.income } as const;
	if (stateIlluminatiProblem(state, statement) === null) options.push({ action: statement, freeForm: true });
	options.push(...revealIlluminatiOptions(state, seat));
	const cards = suspects(state, seat);
	for (const other of state.players) {
		for (const illuminati of cards) {
			const action = { type: 'accuse', seat, target: other.seat, illuminati } as const;
			if (accuseProblem(state, action) === null) options.push({ action });
		}
	}
	return options;
}
