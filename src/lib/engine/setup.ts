/**
 * Beginning the Game (Basic Rules): each player takes an Illuminati (drawn at random or chosen)
 * with its income; the UFOs commit to a secret goal; four uncontrolled groups are laid out (a
 * Special turned up goes back into the deck); the highest 2d6 roll plays first, ties re-rolled.
 */
import type { CommitGoalAction, RevealGoalAction } from './actions.js';
import { ALL_CARDS, illuminatiCard, isIlluminati } from './cards/index.js';
import { fail, ok, type StepResult } from './errors.js';
import { sha256Hex } from './hash.js';
import { playerOf, updatePlayer } from './state.js';
import { answerClaim, startTurn } from './turn.js';
import { DEFAULT_RULES, LATER_RULE_KEYS, type CardId, type GameOptions, type GameState, type PlayerState, type Seat } from './types.js';
import { hasSecretGoal, ufoGoalChoices } from './victory.js';
import { illuminatedSetupProblem, playIlluminated } from './illuminated.js';
import { hiddenIlluminatiOptionsProblem } from './hidden-illuminati.js';
import { commitsGoal } from './hidden-illuminati-goal.js';
import { isFaceDownIlluminati } from './cards/face-down.js';

export const LAYOUT_GROUPS = 4;
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 8;

export function optionsProblem(options: GameOptions): string | null {
	if (!Number.isInteger(options.players) || options.players < MIN_PLAYERS || options.players > MAX_PLAYERS) {
		return `players must be a whole number from ${MIN_PLAYERS} to ${MAX_PLAYERS}`;
	}
	if (options.illuminati !== 'random') {
		if (!Array.isArray(options.illuminati) || options.illuminati.length !== options.players) {
			return 'illuminati must be "random" or one Illuminati id per seat';
		}
		if (new Set(options.illuminati).size !== options.players || !options.illuminati.every((id) => isIlluminati(id) && !isFaceDownIlluminati(id))) {
			return 'chosen Illuminati must be distinct Illuminati ids';
		}
	}
	if (typeof options.sandbox !== 'boolean') return 'sandbox must be true or false';
	if (options.secretDeck !== undefined && typeof options.secretDeck !== 'boolean') return 'secretDeck must be true or false';
	if (options.secretDeck === true && options.sandbox) return 'a sandbox game states its draws outright: it has no secret deck';
	if (typeof options.rules?.neutralizeNeedsOpenArrow !== 'boolean') return 'rules.neutralizeNeedsOpenArrow must be a boolean';
	return advancedRulesProblem(options.rules) ?? hiddenIlluminatiOptionsProblem(options.rules) ?? illuminatedSetupProblem(options);
}

/** The rule options of Leaving the Game, absence and the Advanced Rules (docs/rules-differences.md). */
function advancedRulesProblem(rules: GameOptions['rules']): string | null {
	if (rules.absence !== 'leave' && rules.absence !== 'passTurns' && rules.absence !== 'bot') return 'rules.absence must be "leave", "passTurns" or "bot"';
	if (!Number.isInteger(rules.basicGoalBonus) || rules.basicGoalBonus < 0 || rules.basicGoalBonus > 20) {
		return 'rules.basicGoalBonus must be a whole number from 0 to 20';
	}
	for (const key of ['veryLongGame', 'hiddenGoals', 'largerGameIncome', 'cthulhuCountsEliminated', 'addTargets'] as const) {
		if (typeof rules[key] !== 'boolean') return `rules.${key} must be a boolean`;
	}
	for (const key of LATER_RULE_KEYS) {
		if (rules[key] !== undefined && typeof rules[key] !== 'boolean') return `rules.${key} must be a boolean`;
	}
	if (rules.privilegeAbolish !== 'deepAgentOrTwoSpecials' && rules.privilegeAbolish !== 'deepAgentOnly') {
		return 'rules.privilegeAbolish must be "deepAgentOrTwoSpecials" or "deepAgentOnly"';
	}
	return null;
}

export function withDefaults(options: Partial<GameOptions> & { players: number }): GameOptions {
	return {
		players: options.players,
		illuminati: options.illuminati ?? 'random',
		sandbox: options.sandbox ?? false,
		rules: { ...DEFAULT_RULES, ...options.rules },
		...(options.secretDeck === true ? { secretDeck: true } : {}),
	};
}

function emptyPlayer(seat: Seat): PlayerState {
	return {
		seat,
		illuminati: null,
		structure: {},
		hand: [],
		turnsCompleted: 0,
		kills: 0,
		eliminated: false,
		left: false,
		absent: false,
		absenceVotes: [],
		goalCommitment: null,
		revealedGoal: null,
	};
}

/** The state before the first log entry. Throws only for options that fail optionsProblem. */
export function initialState(options: GameOptions): GameState {
	const problem = optionsProblem(options);
	if (problem !== null) throw new RangeError(problem);
	const base: GameState = {
		options,
		players: Array.from({ length: options.players }, (_, seat) => emptyPlayer(seat)),
		deck: ALL_CARDS.filter((card) => card.kind !== 'illuminati').map((card) => card.id),
		uncontrolled: [],
		dead: [],
		discard: [],
		// FR add-on: the illuminated groups chosen for this game wait with the unused Illuminati.
		outOfPlay: [...ALL_CARDS.filter((card) => card.kind === 'illuminati').map((card) => card.id), ...options.rules.illuminated],
		bank: { issued: 0, returned: 0 },
		phase: { kind: 'setup' },
		turn: null,
		turnCount: 0,
		firstSeat: null,
		random: null,
		winners: [],
		lastAttack: null,
		chain: null,
		grants: [],
		offers: [],
		offerCount: 0,
		accepted: 0,
	};
	if (options.illuminati === 'random') return { ...base, random: { kind: 'illuminati', count: options.players } };
	return assignIlluminati(base, options.illuminati);
}

/** Each seat takes its Illuminati and draws its income; the rest stay out of play. */
export function assignIlluminati(state: GameState, chosen: readonly CardId[]): GameState {
	let next: GameState = { ...state, random: null, outOfPlay: state.outOfPlay.filter((id) => !chosen.includes(id)) };
	chosen.forEach((illuminati, seat) => {
		const income = illuminatiCard(illuminati).income;
		next = updatePlayer(next, seat, (player) => ({
			...player,
			illuminati,
			structure: { [illuminati]: { master: null, side: 0, x: 0, y: 0, rot: 0, money: income } },
		}));
		next = { ...next, bank: { ...next.bank, issued: next.bank.issued + income } };
	});
	return afterIlluminati(playIlluminated(next, chosen));
}

/** The next seat to commit to a secret goal: the UFOs, or every seat with hidden goals. */
function ufoSeat(state: GameState): Seat | null {
	const ufo = state.players.find((p) => !p.eliminated && commitsGoal(state, p) && p.goalCommitment === null);
	return ufo === undefined ? null : ufo.seat;
}

export function afterIlluminati(state: GameState): GameState {
	const seat = ufoSeat(state);
	if (seat !== null) return { ...state, phase: { kind: 'ufoGoal', seat } };
	return { ...state, phase: { kind: 'setup' }, random: { kind: 'layout', count: LAYOUT_GROUPS } };
}

export function commitGoal(state: GameState, action: CommitGoalAction): StepResult<GameState> {
	if (state.phase.kind !== 'ufoGoal') return fail('WRONG_PHASE', 'No secret goal is being chosen now.');
	if (state.phase.seat !== action.seat) return fail('NOT_YOUR_TURN', `Seat ${state.phase.seat} chooses the secret goal.`);
	if (!/^[0-9a-f]{64}$/.test(action.commitment)) return fail('BAD_COMMITMENT', 'The commitment is a sha256 hex digest.');
	const copied = duplicateOf(state, action.seat, action.commitment);
	if (copied !== null) {
		return fail('DUPLICATE_COMMITMENT', `Seat ${copied} already committed to this digest: a copied commitment would open with that seat's goal once it is revealed. Choose a goal with a fresh salt.`);
	}
	const next = updatePlayer(state, action.seat, (p) => ({ ...p, goalCommitment: action.commitment }));
	return ok(afterIlluminati(next));
}

/**
 * The seat that already made `commitment` in this game, or null. A commitment is bound to neither
 * seat nor game, so a seat committing later could copy another's digest and open it with the
 * other's goal and salt once they are revealed (docs/protocol.md, attacks). Nobody can make a
 * different digest that opens to the same goal and salt without knowing them (SHA-256 is
 * collision resistant and the salt keeps the goal hidden), so refusing a digest already made is
 * enough; fresh random salts never collide, so every honest log still replays. The placeholder the
 * engine commits for an absent seat (`absentSeatCommitment`) is always taken: it opens to no goal,
 * and refusing it would let a seat that copied it in advance stall the setup.
 */
function duplicateOf(state: GameState, seat: Seat, commitment: string): Seat | null {
	if (commitment === absentSeatCommitment(seat)) return null;
	const other = state.players.find((p) => p.seat !== seat && p.goalCommitment === commitment);
	return other === undefined ? null : other.seat;
}

/** What a UFO player commits to: sha256 of "goalIlluminatiId:salt". */
export function goalCommitment(goal: CardId, salt: string): string {
	return sha256Hex(`${goal}:${salt}`);
}

/** The commitment the engine makes for a seat absent at setup (absence.ts `absentMove`): it opens
 * to no goal ("absent-seat" is no card), so it can never be revealed. */
export function absentSeatCommitment(seat: Seat): string {
	return sha256Hex(`absent-seat:${seat}`);
}

/** A secret goal is revealed: at any time (About the Illuminati, UFOs), or in the claim window at
 * the end of a turn. */
export function revealGoal(state: GameState, action: RevealGoalAction): StepResult<GameState> {
	if (state.phase.kind === 'over' || state.phase.kind === 'setup' || state.phase.kind === 'ufoGoal') {
		return fail('WRONG_PHASE', 'The secret goal is revealed during play.');
	}
	const player = playerOf(state, action.seat);
	if (player.goalCommitment === null || player.revealedGoal !== null || player.eliminated) {
		return fail('NOT_APPLICABLE', 'You have no secret goal to reveal.');
	}
	// Hidden Illuminati: every seat committed, but only a secret goal's holder as the table sees it reveals.
	if (!hasSecretGoal(state, player)) return fail('NOT_APPLICABLE', 'You have no secret goal to reveal (a face-down Illuminati is shown first).');
	if (!ufoGoalChoices(player.illuminati!).includes(action.goal)) return fail('BAD_GOAL', `${action.goal} is not a secret goal one may choose.`);
	if (typeof action.salt !== 'string' || goalCommitment(action.goal, action.salt) !== player.goalCommitment) {
		return fail('BAD_COMMITMENT', 'The goal and salt do not match the commitment made at the start.');
	}
	return ok(answerClaim(updatePlayer(state, action.seat, (p) => ({ ...p, revealedGoal: action.goal })), action.seat));
}

/** Uncontrolled groups are laid out; then everyone rolls for the first turn. */
export function layOut(state: GameState, groups: readonly CardId[]): GameState {
	return {
		...state,
		deck: state.deck.filter((card) => !groups.includes(card)),
		uncontrolled: [...state.uncontrolled, ...groups],
		random: { kind: 'firstPlayer', seats: state.players.filter((p) => !p.eliminated).map((p) => p.seat) },
	};
}

/** The highest roll plays first; tied highest seats roll again. */
export function rollForFirst(state: GameState, seats: readonly Seat[], rolls: readonly (readonly [number, number])[]): GameState {
	const totals = rolls.map(([a, b]) => a + b);
	const best = Math.max(...totals);
	const tied = seats.filter((_, i) => totals[i] === best);
	if (tied.length > 1) return { ...state, random: { kind: 'firstPlayer', seats: tied } };
	return startTurn({ ...state, random: null, firstSeat: tied[0]! }, tied[0]!);
}
