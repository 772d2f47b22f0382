/**
 * "Learn to play": a guided first turn in a sandbox game whose dice and draws are set, so the
 * lesson always goes the same way. The game is a real one (a sandbox record played by the engine);
 * this module only says which step of the lesson the game is at, reading the engine's state, and
 * which entry does a step for the player ("Skip") — always one the engine lists as legal now.
 *
 * The turn taught follows the rulebook's sequence of play (ES "Secuencia del turno"): income, draw
 * a card, actions (here one attack to control, with money spent on it), then the end of the turn.
 */
import { attackOdds, legalActions, seatsToAct, DEFAULT_RULES, type Action, type AttackOdds, type CardId, type FixedAction, type GameOptions, type GameState, type PlayerAction, type Seat } from '../../engine/index.js';
import { requestShape } from '../../engine/chance.js';
import { awaitedSeats } from '../sandbox/play.js';
import { blankRecord, type SandboxRecord } from '../sandbox/record.js';

/** The learner's seat and the scripted rival's (it only ever passes). */
export const LESSON_YOU: Seat = 0;
export const LESSON_RIVAL: Seat = 1;

/** The fixed game: who plays whom, the layout, the first-player roll, the card drawn, the attack and its dice. */
export const LESSON = {
	illuminati: ['society-of-assassins', 'gnomes-of-zurich'] as const,
	layout: ['empty-vee', 'copy-shops', 'convenience-stores', 'girlie-magazines'] as const,
	/** Seat 0 rolls 11, seat 1 rolls 3: the learner plays first. */
	firstRoll: [[6, 5], [2, 1]] as const,
	draw: 'trekkies',
	attacker: 'society-of-assassins',
	target: 'empty-vee',
	/** MB the lesson suggests spending: enough that the set roll below succeeds. */
	spend: 3,
	/** 7: above the number needed with no money spent, within it with the suggested money. */
	roll: [3, 4] as const,
} as const;

export const LESSON_STEPS = ['income', 'draw', 'attack', 'spend', 'roll', 'result', 'end'] as const;
export type LessonStep = (typeof LESSON_STEPS)[number] | 'done';

/** Steps the player only reads: they advance with "Next" (kept by the page, not in the game). */
export type ReadStep = 'income' | 'result';

export function lessonSetup(): GameOptions {
	return { players: 2, illuminati: [...LESSON.illuminati], sandbox: true, rules: { ...DEFAULT_RULES } };
}

/** The entries before the first decision: the four groups laid out, then the roll for first player. */
export function lessonOpening(): FixedAction[] {
	return [
		{ type: 'fixed', cards: [...LESSON.layout] },
		{ type: 'fixed', dice: LESSON.firstRoll.map(([a, b]) => [a, b] as const) },
	];
}

/** Whether the learner attacked this turn (the engine marks a turn in which the player acted). */
function attacked(state: GameState): boolean {
	return state.turn?.acted === true && state.lastAttack !== null && state.lastAttack.seat === LESSON_YOU;
}

/** The step the lesson is at, read from the game: the learner's first turn, or 'done' once it is over. */
export function lessonStep(state: GameState, read: ReadonlySet<ReadStep>): LessonStep {
	if (state.phase.kind === 'over' || state.turn === null || state.turn.seat !== LESSON_YOU || state.turnCount > 1) return 'done';
	if (state.random?.kind === 'draw') return read.has('income') ? 'draw' : 'income';
	if (state.random?.kind === 'attackRoll' || state.phase.kind === 'afterRoll') return 'roll';
	switch (state.phase.kind) {
		case 'turnStart':
		case 'income':
			return 'income';
		case 'attack':
			return 'spend';
		case 'placement':
			return 'result';
		default:
			break;
	}
	if (state.turn.step !== 'actions') return 'end';
	if (!attacked(state)) return 'attack';
	// A success ends with the catch placed (the placement is the step's action); a failure is read.
	return state.lastAttack!.success || read.has('result') ? 'end' : 'result';
}

/** The odds of the lesson's attack: the one under way, else as it would be declared now. */
export function lessonOdds(state: GameState): AttackOdds | null {
	if (state.phase.kind === 'attack' || state.phase.kind === 'afterRoll') return attackOdds(state, state.phase.attack);
	if (state.turn === null || state.players[LESSON_YOU]?.structure[LESSON.attacker] === undefined || !state.uncontrolled.includes(LESSON.target)) return null;
	return attackOdds(state, { seat: LESSON_YOU, kind: 'control', attacker: LESSON.attacker, target: LESSON.target, aids: [] });
}

/** The set randomness the lesson gives the pending request: its card for the draw, its dice for the attack. */
export function lessonChance(state: GameState): FixedAction | null {
	const request = state.random;
	if (request === null) return null;
	if (request.kind === 'attackRoll') return { type: 'fixed', dice: [[LESSON.roll[0], LESSON.roll[1]]] };
	if (request.kind === 'draw') {
		const pool = requestShape(state, request).pool;
		const card: CardId | undefined = pool.includes(LESSON.draw) ? LESSON.draw : pool[0];
		return card === undefined ? null : { type: 'fixed', cards: [card] };
	}
	return null;
}

/** The learner's legal action of a type (and matching `fit`), if the engine lists one now. */
function legalYou(state: GameState, type: PlayerAction['type'], fit: (action: PlayerAction) => boolean = () => true): PlayerAction | null {
	return legalActions(state, LESSON_YOU).find((legal) => legal.action.type === type && fit(legal.action))?.action ?? null;
}

/**
 * The lesson's move for the step it is at (what "Skip" plays): an entry, or 'read' for a step that
 * is only read. Every player action returned is one the engine lists as legal in `state`.
 */
export function lessonMove(state: GameState, step: LessonStep): Action | 'read' | null {
	switch (step) {
		case 'income':
			return 'read';
		case 'draw':
		case 'roll':
			return lessonChance(state);
		case 'attack':
			return legalYou(state, 'attack', (a) => a.type === 'attack' && a.kind === 'control' && a.attacker === LESSON.attacker && a.target === LESSON.target) ?? legalYou(state, 'attack');
		case 'spend': {
			if (state.phase.kind !== 'attack') return null;
			const attack = state.phase.attack;
			if (attack.passed.includes(LESSON_YOU)) return rivalMove(state);
			const spend = legalActions(state, LESSON_YOU).find((legal) => legal.action.type === 'spend' && legal.action.from === LESSON.attacker && legal.action.side === undefined);
			if (attack.attackerSpent < LESSON.spend && spend !== undefined && spend.action.type === 'spend') {
				return { ...spend.action, amount: Math.min(LESSON.spend - attack.attackerSpent, spend.max ?? 1) };
			}
			return legalYou(state, 'passSpending');
		}
		case 'result':
			return state.phase.kind === 'placement' ? legalYou(state, 'placeCapture') : 'read';
		case 'end':
			return legalYou(state, 'endTurn') ?? legalYou(state, 'endActions');
		case 'done':
			return null;
	}
}

/**
 * The scripted rival: whenever the game waits for it during the learner's turn, it passes (the pass the
 * engine lists for it: a Specials window or the money window of an attack). Null otherwise.
 */
export function rivalMove(state: GameState): PlayerAction | null {
	if (state.random !== null || state.phase.kind === 'over' || state.turn?.seat !== LESSON_YOU) return null;
	if (!awaitedSeats(state, seatsToAct(state)).includes(LESSON_RIVAL)) return null;
	const legal = legalActions(state, LESSON_RIVAL);
	return legal.find((l) => l.action.type === 'passSpending')?.action ?? legal.find((l) => l.action.type === 'passWindow')?.action ?? null;
}

/** A chance of success as a whole percentage (the engine's fraction of 36). */
export function percentOf(odds: AttackOdds): number {
	return Math.round((100 * odds.probability.numerator) / odds.probability.denominator);
}

/** A new lesson game as a sandbox record: the fixed setup and opening, passing by itself in windows. */
export function lessonRecord(options: { readonly id: string; readonly title: string; readonly now: number }): SandboxRecord {
	return { ...blankRecord(lessonSetup(), { ...options, origin: { kind: 'new' } }, lessonOpening()), autoPass: true, autoRoll: false };
}
