/**
 * The French rulebook's add-on article ("J'ai illuminé la Post Office"): five groups played as
 * extra Illuminati (rule option `illuminated`; cards in cards/illuminated.ts). Setup, the Phone
 * Company's look at Specials, the Post Office's skipped turns, the Oil Companies' income floor
 * and the goals that need more than the classic ones. Our readings: docs/rules-differences.md,
 * "Illuminated groups".
 */
import { handSubject } from './hidden.js';
import type { SkipPlayerAction, ViewSpecialsAction } from './actions.js';
import { ILLUMINATED, illuminatiCard, isIlluminated, type SpecialGoal } from './cards/index.js';
import { ok, type RuleError, type StepResult } from './errors.js';
import { abilitiesOf, alignmentsOf } from './odds.js';
import { grant } from './specials.js';
import { groupsOf, playerOf, updateTurn } from './state.js';
import type { CardId, GameOptions, GameState, IlluminatedState, PlayerState, RuleOptions, Seat } from './types.js';

const FRESH: IlluminatedState = { skip: null, lastNamed: null, destroyedBy: {} };

/** What is wrong with the add-on's options, or null. */
function illuminatedOptionsProblem(rules: RuleOptions): string | null {
	const list: unknown = rules.illuminated;
	if (!Array.isArray(list) || new Set(list).size !== list.length || !list.every((id) => typeof id === 'string' && isIlluminated(id))) {
		return `rules.illuminated must list distinct ids among ${ILLUMINATED.map((card) => card.id).join(', ')}`;
	}
	if (typeof rules.illuminatedInDraw !== 'boolean') return 'rules.illuminatedInDraw must be a boolean';
	return null;
}

/** The add-on's options, and chosen Illuminati among the classic eight and the `illuminated` ones. */
export function illuminatedSetupProblem(options: GameOptions): string | null {
	const problem = illuminatedOptionsProblem(options.rules);
	if (problem !== null) return problem;
	if (options.illuminati === 'random') return null;
	const stray = options.illuminati.find((id) => isIlluminated(id) && !options.rules.illuminated.includes(id));
	return stray === undefined ? null : `chosen Illuminati ${stray} is not among rules.illuminated`;
}

/** Illuminati a random draw may give: the classic eight, and the add-on's with illuminatedInDraw. */
export function drawable(state: GameState, id: CardId): boolean {
	return !isIlluminated(id) || state.options.rules.illuminatedInDraw;
}

/** Setup: an illuminated group played by a seat takes its group card out of the deck ("the card
 * itself is rewritten", FR add-on: How to Illuminate a card). */
export function playIlluminated(state: GameState, chosen: readonly CardId[]): GameState {
	const groups = chosen.filter(isIlluminated).map((id) => illuminatiCard(id).illuminates!);
	if (groups.length === 0) return state;
	return {
		...state,
		deck: state.deck.filter((card) => !groups.includes(card)),
		outOfPlay: [...state.outOfPlay, ...groups],
		illuminated: FRESH,
	};
}

/** Illuminated Oil Companies: a controlled group printed with 0 income collects the floor; the
 * Post Office's printed -1 (modelled as 0 plus its upkeep) is not 0 and gets nothing. */
export function incomeFloor(state: GameState, seat: Seat, card: CardId): number {
	const illuminati = playerOf(state, seat).illuminati;
	if (illuminati === null || card === illuminati) return 0;
	if (abilitiesOf(card).some((ability) => ability.kind === 'upkeep')) return 0;
	let floor = 0;
	for (const ability of abilitiesOf(illuminati)) if (ability.kind === 'incomeFloor') floor = Math.max(floor, ability.income);
	return floor;
}

/** An attack destroyed `card`: remembered for the Oil Companies' and the Post Office's goals. */
export function recordDestroyed(state: GameState, card: CardId, seat: Seat): GameState {
	const memory = state.illuminated;
	return memory === undefined ? state : { ...state, illuminated: { ...memory, destroyedBy: { ...memory.destroyedBy, [card]: seat } } };
}

/** A group in the dead pile that this seat's own attack destroyed. */
function destroyedBy(state: GameState, card: CardId, seat: Seat): boolean {
	return state.dead.includes(card) && state.illuminated?.destroyedBy[card] === seat;
}

/** The add-on's goals; null for a classic goal kind. */
export function meetsIlluminatedGoal(state: GameState, player: PlayerState, goal: SpecialGoal): boolean | null {
	switch (goal.kind) {
		case 'alignmentsCount': {
			// Mafia, Communist Conspiracy: a group with two of the alignments counts twice.
			let count = 0;
			for (const card of groupsOf(player)) count += goal.alignments.filter((a) => alignmentsOf(state, card).includes(a)).length;
			return count >= goal.count;
		}
		case 'destroyGroup':
			return destroyedBy(state, goal.card, player.seat);
		case 'communications': {
			// Post Office: "destroyed" is eliminated; a rival that left the game was not destroyed.
			const rival = state.players.find((other) => other.illuminati === goal.rival);
			if (rival !== undefined) return rival.eliminated && !rival.left;
			return goal.groups.every((card) => player.structure[card] !== undefined || destroyedBy(state, card, player.seat));
		}
		default:
			return null;
	}
}

function hasAbility(state: GameState, seat: Seat, kind: 'seeSpecials' | 'skipPlayerTurn'): boolean {
	const illuminati = playerOf(state, seat).illuminati;
	return illuminati !== null && abilitiesOf(illuminati).some((ability) => ability.kind === kind);
}

const PLAY_PHASES: ReadonlySet<string> = new Set(['turn', 'income', 'attack', 'afterRoll', 'turnStart', 'placement', 'ufoClaim']);

/** Illuminated Phone Company: at any time during play, any other player's Specials. */
export function viewSpecialsProblem(state: GameState, action: ViewSpecialsAction): RuleError | null {
	if (!PLAY_PHASES.has(state.phase.kind)) return { code: 'WRONG_PHASE', message: 'Specials are looked at during play.' };
	if (playerOf(state, action.seat).eliminated || !hasAbility(state, action.seat, 'seeSpecials')) {
		return { code: 'NO_ABILITY', message: 'Your Illuminati cannot look at Special cards.' };
	}
	const other = state.players[action.player];
	if (other === undefined || other.eliminated || action.player === action.seat) return { code: 'NOT_APPLICABLE', message: 'Name another player still in the game.' };
	return null;
}

/** The look goes through the same grants as Computer Espionage: shown to the viewer only. */
export function viewSpecials(state: GameState, action: ViewSpecialsAction): StepResult<GameState> {
	const problem = viewSpecialsProblem(state, action);
	if (problem !== null) return { ok: false, error: problem };
	return ok(grant(state, action.seat, handSubject(state, action.player)));
}

/** Illuminated Post Office, end of its turn: another player still in the game, not the one it
 * named last time it used the power. */
export function skipPlayerProblem(state: GameState, action: SkipPlayerAction): RuleError | null {
	const turn = state.turn;
	if (state.phase.kind !== 'turn' || turn === null || turn.step === 'income') {
		return { code: 'WRONG_PHASE', message: 'The Post Office names a player at the end of its turn.' };
	}
	if (turn.seat !== action.seat) return { code: 'NOT_YOUR_TURN', message: `It is seat ${turn.seat}'s turn.` };
	const illuminati = playerOf(state, action.seat).illuminati!;
	if (!hasAbility(state, action.seat, 'skipPlayerTurn')) return { code: 'NO_ABILITY', message: 'Your Illuminati have no such ability.' };
	if (turn.usedAbilities.includes(illuminati)) return { code: 'ABILITY_USED', message: 'Already used this turn.' };
	const target = state.players[action.target];
	if (target === undefined || target.eliminated || action.target === action.seat) return { code: 'NOT_APPLICABLE', message: 'Name another player still in the game.' };
	if (state.illuminated?.lastNamed === action.target) return { code: 'NAMED_LAST_TIME', message: 'Not the player named the last time.' };
	return null;
}

export function skipPlayer(state: GameState, action: SkipPlayerAction): StepResult<GameState> {
	const problem = skipPlayerProblem(state, action);
	if (problem !== null) return { ok: false, error: problem };
	const turn = state.turn!;
	const named: GameState = { ...state, illuminated: { ...(state.illuminated ?? FRESH), skip: action.target, lastNamed: action.target } };
	return ok(updateTurn(named, { step: 'ability', usedAbilities: [...turn.usedAbilities, playerOf(state, action.seat).illuminati!], acted: true }));
}

/** The seat named by the Post Office, whose turn starting now is lost. */
export function skipsTurn(state: GameState, seat: Seat): boolean {
	return state.illuminated?.skip === seat;
}

/** The skip is used up once the turn is lost. */
export function clearSkip(state: GameState): GameState {
	return state.illuminated === undefined ? state : { ...state, illuminated: { ...state.illuminated, skip: null } };
}

