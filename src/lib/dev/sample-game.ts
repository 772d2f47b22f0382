/**
 * Deterministic sample games for the table preview and tests: a seeded bot game (the random
 * player, sandbox dice) played up to an entry, keeping the states from there on and the UFOs'
 * secret goals (which a real client keeps outside the state too).
 */
import { Chooser, randomEntry, type Policy } from '$lib/bots/random-player.js';
import { LOG_BASE_RULES, initialState, step, type CardId, type GameOptions, type GameState, type RuleOptions, type Seat } from '$lib/engine/index.js';

export interface SampleGameOptions {
	readonly players: number;
	readonly seed: string;
	readonly policy?: Policy;
	/** Keep the states after this many entries (0: the initial state)… */
	readonly from: number;
	/** …and this many in all (fewer if the game ends first). */
	readonly count: number;
	readonly illuminati?: GameOptions['illuminati'];
	readonly rules?: Partial<RuleOptions>;
}

export interface SampleGame {
	readonly states: readonly GameState[];
	/** The secret goals chosen so far, by seat (never part of the state). */
	readonly secretGoals: ReadonlyMap<Seat, CardId>;
}

export function sampleGame(options: SampleGameOptions): SampleGame {
	const setup: GameOptions = {
		players: options.players,
		illuminati: options.illuminati ?? 'random',
		sandbox: true,
		// The base rules: the seeds of the samples the UI tests draw were chosen before the later
		// rule fixes were on by default, and the views they cover do not depend on those fixes.
		rules: { ...LOG_BASE_RULES, ...options.rules },
	};
	const chooser = new Chooser(options.seed);
	const secrets: Parameters<typeof randomEntry>[2] = new Map();
	let state = initialState(setup);
	const states: GameState[] = options.from === 0 ? [state] : [];
	for (let entries = 0; states.length < options.count; ) {
		const entry = randomEntry(state, chooser, secrets, options.policy);
		if (entry === null) break;
		const result = step(state, entry);
		if (!result.ok) throw new Error(`sample game ${options.seed}: illegal entry ${result.error.code}`);
		state = result.state;
		entries++;
		if (entries >= options.from) states.push(state);
	}
	return { states, secretGoals: new Map([...secrets].map(([seat, secret]) => [seat, secret.goal])) };
}

/** The table preview's game: six players, seed "table-0", long-lived bots, from a mid-game entry
 * where every seat still has a sizeable power structure. */
export const PREVIEW_GAME = { players: 6, seed: 'table-0', policy: 'marathon', from: 2330 } as const;
