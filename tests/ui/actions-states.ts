// Seeded game states for the action-panel tests: random bot games (src/lib/bots/random-player.ts)
// with several setups, every state kept where something rare is open, every stride-th otherwise.
// Each state keeps its game's seed (printed by the tests) and the secret goals chosen so far.
import { Chooser, randomEntry, type Policy } from '../../src/lib/bots/random-player.js';
import { LOG_BASE_RULES, initialState, legalActions, step, type CardId, type GameOptions, type GameState, type RuleOptions, type Seat } from '../../src/lib/engine/index.js';
import { groupChoices, type ChoiceKind } from '../../src/lib/ui/actions/choices.js';
import { commitAction } from '../../src/lib/ui/actions/goal.js';
import { play, startHotSeat, withNextDice, type HotSeat } from '../../src/lib/dev/hot-seat.js';
import { attackOdds, seatsToAct, type PlayerAction } from '../../src/lib/engine/index.js';

export interface SampledState {
	readonly seed: string;
	readonly index: number;
	readonly state: GameState;
	/** Secret goals chosen so far in this game, by seat (kept outside the state, as a device would). */
	readonly secrets: ReadonlyMap<Seat, { goal: CardId; salt: string }>;
}

interface Scenario {
	readonly seed: string;
	readonly players: number;
	readonly entries: number;
	readonly stride: number;
	readonly policy: Policy;
	readonly illuminati?: GameOptions['illuminati'];
	readonly rules?: Partial<RuleOptions>;
}

export const SCENARIOS: readonly Scenario[] = [
	{ seed: 'actions-3', players: 3, entries: 3000, stride: 60, policy: 'cautious' },
	{ seed: 'actions-4', players: 4, entries: 3000, stride: 60, policy: 'cautious', illuminati: ['ufos', 'gnomes-of-zurich', 'bermuda-triangle', 'bavarian-illuminati'] },
	{ seed: 'actions-hidden', players: 3, entries: 2000, stride: 60, policy: 'cautious', rules: { hiddenGoals: true } },
	{ seed: 'actions-absent', players: 4, entries: 2000, stride: 60, policy: 'uniform', rules: { absence: 'passTurns' } },
	{ seed: 'actions-marathon', players: 5, entries: 3000, stride: 80, policy: 'marathon' },
	// Seeds found to reach the IRS tax (income debts), and puppets that no longer fit with Orbital Mind Control Lasers.
	{ seed: 'scan-0', players: 3, entries: 1500, stride: 100, policy: 'cautious' },
	{ seed: 'scan-4', players: 3, entries: 1500, stride: 100, policy: 'marathon' },
	// Hidden Illuminati (rule option): accusations and a seat's statement of what it plays with.
	{ seed: 'actions-hidden-illuminati', players: 3, entries: 1000, stride: 100, policy: 'cautious', rules: { hiddenIlluminati: true, hiddenIlluminatiBluff: true } },
	// FR add-on: the Illuminated Phone Company's look and the Illuminated Post Office's naming.
	{
		seed: 'actions-illuminated',
		players: 3,
		entries: 1500,
		stride: 100,
		policy: 'cautious',
		illuminati: ['illuminated-phone-company', 'illuminated-post-office', 'network'],
		rules: { illuminated: ['illuminated-phone-company', 'illuminated-post-office'] },
	},
];

/** Kept states per kind of choice, per game: a state offering a kind seen fewer times is kept. */
const PER_KIND = 8;

/** Rare moments every one of which is kept. */
function rare(state: GameState): boolean {
	const phase = state.phase;
	return (
		phase.kind === 'placement' ||
		phase.kind === 'income' ||
		phase.kind === 'ufoClaim' ||
		phase.kind === 'ufoGoal' ||
		state.chain !== null ||
		(phase.kind === 'attack' && (phase.attack.aids.length > 0 || phase.attack.privileged)) ||
		state.offers.some((offer) => offer.private) ||
		state.turn?.lastCapture != null ||
		state.players.some((p) => p.absent)
	);
}

export function sampleStates(scenario: Scenario): SampledState[] {
	const setup: GameOptions = {
		players: scenario.players,
		illuminati: scenario.illuminati ?? 'random',
		sandbox: true,
		// The base rules: the sampled games were seeded before the later fixes were on by default.
		rules: { ...LOG_BASE_RULES, ...scenario.rules },
	};
	const chooser = new Chooser(scenario.seed);
	const secrets: Parameters<typeof randomEntry>[2] = new Map();
	let state = initialState(setup);
	const out: SampledState[] = [];
	const seen = new Map<ChoiceKind, number>();
	const wanted = (state: GameState): boolean => {
		const kinds = new Set(state.players.flatMap((p) => groupChoices(legalActions(state, p.seat)).map((choice) => choice.kind)));
		const fresh = [...kinds].some((kind) => (seen.get(kind) ?? 0) < PER_KIND);
		if (fresh) for (const kind of kinds) seen.set(kind, (seen.get(kind) ?? 0) + 1);
		return fresh;
	};
	for (let index = 0; index < scenario.entries; index++) {
		const entry = randomEntry(state, chooser, secrets, scenario.policy);
		if (entry === null) break;
		const result = step(state, entry);
		if (!result.ok) throw new Error(`seed ${scenario.seed} entry ${index}: ${result.error.code}`);
		state = result.state;
		if (state.random !== null) continue;
		if (index % scenario.stride === 0 || rare(state) || wanted(state)) out.push({ seed: scenario.seed, index, state, secrets: new Map(secrets) });
	}
	return out;
}

const PASSES: readonly PlayerAction['type'][] = ['passWindow', 'passSpending', 'placeCapture', 'passTurn', 'endTurn'];

/** A seat with nothing but its Illuminati attacks the easiest uncontrolled group (so that no one is
 * eliminated after a third turn with no group: Eliminating a Player). */
function firstCapture(state: GameState, seat: Seat): PlayerAction | null {
	const player = state.players[seat]!;
	if (state.phase.kind !== 'turn' || state.turn?.seat !== seat || state.turn.step !== 'actions' || Object.keys(player.structure).length > 1) return null;
	const attacks = legalActions(state, seat).flatMap((legal) => (legal.action.type === 'attack' && legal.action.kind === 'control' && state.uncontrolled.includes(legal.action.target) ? [legal.action] : []));
	const needed = (action: (typeof attacks)[number]) => attackOdds(state, action).needed;
	return attacks.sort((a, b) => needed(b) - needed(a))[0] ?? null;
}

/** Plays the seat to act's first pass-like entry (or `choose`'s pick) until `done` holds. */
function passAlong(start: HotSeat, done: (state: GameState) => boolean, choose: (state: GameState, seat: Seat) => PlayerAction | null = () => null): HotSeat {
	let game = start;
	for (let guard = 0; guard < 2000 && !done(game.state); guard++) {
		let action: PlayerAction | undefined;
		for (const seat of seatsToAct(game.state)) {
			const legal = legalActions(game.state, seat);
			action = choose(game.state, seat) ?? PASSES.map((type) => legal.find((entry) => entry.action.type === type)?.action).find((a) => a !== undefined);
			if (action !== undefined) break;
		}
		if (action === undefined) throw new Error(`passAlong: nobody may pass in ${game.state.phase.kind}`);
		// Attacks in these scripts succeed: the dice show 1 and 1.
		const result = play(action.type === 'attack' ? withNextDice(game, [1, 1]) : game, action);
		if (!result.ok) throw new Error(`passAlong: ${result.error.code}`);
		game = result.game;
	}
	if (!done(game.state)) throw new Error('passAlong: never got there');
	return game;
}

const SETUP_SCRIPT = [
	{ type: 'fixed', cards: ['mafia', 'cia', 'boy-sprouts', 'international-communist-conspiracy'] },
	{ type: 'fixed', dice: [[6, 6], [1, 2], [2, 1]] },
] as const;

const sampled = (seed: string, game: HotSeat, secrets: ReadonlyMap<Seat, { goal: CardId; salt: string }> = new Map()): SampledState => ({ seed, index: game.entries.length, state: game.state, secrets });

/**
 * Moments too rare for random games, played on purpose: a privileged attack that another player
 * may abolish with two Specials; the UFOs' claim window; a seat declared absent that may return.
 */
export function craftedStates(): SampledState[] {
	// Seat 1 draws two Specials in its first two turns; then, in their third, the Bavarian Illuminati buy a privilege.
	const abolish = startHotSeat({
		players: 3,
		illuminati: ['bavarian-illuminati', 'gnomes-of-zurich', 'servants-of-cthulhu'],
		seed: 'crafted-abolish',
		script: [...SETUP_SCRIPT, { type: 'fixed', cards: ['yuppies'] }, { type: 'fixed', cards: ['swiss-bank-account'] }, { type: 'fixed', cards: ['kgb'] }, { type: 'fixed', cards: ['fbi'] }, { type: 'fixed', cards: ['slush-fund'] }],
	});
	const before = passAlong(abolish, (state) => state.turn?.seat === 0 && state.turnCount >= 7 && state.phase.kind === 'turn');
	const attack = play(before, { type: 'attack', seat: 0, kind: 'control', attacker: 'bavarian-illuminati', target: 'cia', aids: [], privilege: { kind: 'bavarian' } });
	if (!attack.ok) throw new Error(`crafted privileged attack: ${attack.error.code}`);
	// The UFOs pass their turns for 5 MB until the treasury goal (150 MB) could be claimed.
	const secret = { goal: 'gnomes-of-zurich', salt: '00112233445566778899aabbccddeeff' };
	let ufos = startHotSeat({ players: 3, illuminati: ['ufos', 'network', 'servants-of-cthulhu'], seed: 'crafted-claim', script: [...SETUP_SCRIPT] });
	const committed = play(ufos, commitAction(legalActions(ufos.state, 0)[0]!, secret)!);
	if (!committed.ok) throw new Error(`crafted commit: ${committed.error.code}`);
	ufos = passAlong(committed.game, (state) => state.phase.kind === 'ufoClaim', firstCapture);
	// Every other seat votes seat 2 absent (absence 'passTurns'): it may come back.
	const absent = passAlong(
		startHotSeat({ players: 3, illuminati: ['bavarian-illuminati', 'gnomes-of-zurich', 'servants-of-cthulhu'], seed: 'crafted-absent', rules: { absence: 'passTurns' }, script: [...SETUP_SCRIPT] }),
		(state) => state.players[2]!.absent,
		(state, seat) => (seat !== 2 && !state.players[2]!.absenceVotes.includes(seat) ? { type: 'declareAbsent', seat, target: 2 } : null),
	);
	return [sampled('crafted-abolish', attack.game), sampled('crafted-claim', ufos, new Map([[0, secret]])), sampled('crafted-absent', absent)];
}

let cached: SampledState[] | null = null;

/** Every scenario's states and the crafted ones (computed once per test file). */
export function allSampledStates(): SampledState[] {
	return (cached ??= [...SCENARIOS.flatMap(sampleStates), ...craftedStates()]);
}
