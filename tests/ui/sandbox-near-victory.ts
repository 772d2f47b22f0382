/**
 * A two-player sandbox game log that stops one capture short of the basic goal (Basic Rules:
 * 13 groups with two players, the Illuminati included), for the end-to-end test that plays it to
 * victory by clicking. Built by asking the engine what is legal: seat 0 captures uncontrolled
 * groups with dice stated as 1 and 1, seat 1 keeps two groups (so it is never eliminated) and
 * otherwise ends its turns; draws take groups, so no one holds a Special and every window but
 * spending passes by itself.
 */
import { attackOdds, basicGoal, initialState, legalActions, makeLog, seatsToAct, step, DEFAULT_RULES, type Action, type AttackAction, type GameLog, type GameState, type PlayerAction, type Seat } from '../../src/lib/engine/index.js';
import { requestShape } from '../../src/lib/engine/chance.js';
import { isGroup } from '../../src/lib/engine/cards/index.js';

export interface NearVictory {
	readonly log: GameLog;
	/** The capture that reaches the goal: attacker and target, both for seat 0. */
	readonly attack: AttackAction;
}

const SETUP = { players: 2, illuminati: ['servants-of-cthulhu', 'society-of-assassins'], sandbox: true, rules: DEFAULT_RULES } as const;
/** Seat 1 stops attacking once it holds this many cards. */
const SEAT1_CARDS = 3;

const cards = (state: GameState, seat: Seat) => Object.keys(state.players[seat]!.structure).length;

function fixedFor(state: GameState): Action {
	const request = state.random!;
	const shape = requestShape(state, request);
	if (request.kind === 'firstPlayer') return { type: 'fixed', dice: request.seats.map((seat) => (seat === 0 ? ([6, 6] as const) : ([1, 1] as const))) };
	if (request.kind === 'attackRoll') return { type: 'fixed', dice: [[1, 1]] };
	const pool = [...shape.pool].sort();
	const groupsFirst = [...pool.filter(isGroup), ...pool.filter((id) => !isGroup(id))];
	return { type: 'fixed', cards: groupsFirst.slice(0, shape.cards) };
}

/** The surest capture of an uncontrolled group (a roll of 2 must be enough), or null. */
export function surestCapture(state: GameState, seat: Seat): AttackAction | null {
	let best: { attack: AttackAction; needed: number } | null = null;
	for (const { action } of legalActions(state, seat)) {
		if (action.type !== 'attack' || action.kind !== 'control' || action.privilege || !state.uncontrolled.includes(action.target)) continue;
		const needed = attackOdds(state, { seat, kind: 'control', attacker: action.attacker, target: action.target, aids: [] }).needed;
		if (needed >= 2 && (best === null || needed > best.needed || (needed === best.needed && action.target < best.attack.target))) best = { attack: { ...action, aids: [] }, needed };
	}
	return best?.attack ?? null;
}

function choose(state: GameState, seat: Seat): PlayerAction | null {
	const legal = legalActions(state, seat).map((option) => option.action);
	const first = (type: PlayerAction['type']) => legal.find((action) => action.type === type);
	const simple = first('passWindow') ?? first('pay') ?? first('passSpending') ?? first('placeCapture') ?? first('placeReceived');
	if (simple) return simple;
	const puppet = legal.find((action) => action.type === 'placePuppet' && action.side !== null) ?? first('placePuppet');
	if (puppet) return puppet;
	// Seat 0 stops one card short of the goal: its next turn starts where the log ends.
	const wantsMore = cards(state, seat) < (seat === 0 ? basicGoal(state) - 1 : SEAT1_CARDS);
	const turn = state.turn;
	if (wantsMore && turn?.step === 'actions' && turn.actionsLeft > 0 && state.phase.kind === 'turn') {
		const attack = surestCapture(state, seat);
		if (attack) return attack;
	}
	return first('endTurn') ?? first('endActions') ?? null;
}

/** The first seat the game waits for that has one of the moves above. */
function nextMove(state: GameState): PlayerAction {
	for (const seat of seatsToAct(state)) {
		const move = choose(state, seat);
		if (move !== null) return move;
	}
	throw new Error(`near-victory game: nothing to do in ${state.phase.kind} (waiting for ${seatsToAct(state).join(', ')})`);
}

export function nearVictoryLog(): NearVictory {
	let state = initialState(SETUP);
	const entries: Action[] = [];
	const goal = basicGoal(state);
	for (let guard = 0; guard < 20_000; guard++) {
		if (state.phase.kind === 'over') throw new Error(`near-victory game: it ended first (winners ${state.winners.join(', ')})`);
		const turn = state.turn;
		if (state.random === null && state.phase.kind === 'turn' && state.chain === null && turn?.seat === 0 && turn.step === 'actions' && turn.actionsLeft === 2 && cards(state, 0) === goal - 1) {
			const attack = surestCapture(state, 0);
			if (attack) return { log: makeLog(SETUP, entries, { title: 'One capture from victory' }), attack };
		}
		const entry = state.random !== null ? fixedFor(state) : nextMove(state);
		const result = step(state, entry);
		if (!result.ok) throw new Error(`near-victory game: ${entry.type} refused: ${result.error.code} ${result.error.message}`);
		state = result.state;
		entries.push(entry);
	}
	throw new Error('near-victory game: the goal was not approached');
}
