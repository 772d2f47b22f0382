/**
 * "Play against the computer" as plain data: how many computer opponents (1 to 5), each one's
 * level, the player's own Illuminati (or random) and seat. It becomes a game on this device that
 * holds every seat (the local-game path: countdown 0), with the bots' seats listed for the
 * session's BotDriver. Pure (randomness passed in), so it is tested without a browser.
 */
import type { Level } from '../../bots/levels.js';
import { NEW_GAME_RULES, type GameOptions, type Seat } from '../../engine/types.js';
import type { ProtocolRules } from '../../session/for-ui.js';
import { ILLUMINATI_IDS } from './new-game.js';

/** The bots' levels (bots/levels.ts), listed here so Home does not load the bots' code. */
export const LEVELS: readonly Level[] = ['easy', 'normal', 'hard'];
export const MIN_OPPONENTS = 1;
export const MAX_OPPONENTS = 5;
export const DEFAULT_OPPONENTS = 3;
export const DEFAULT_LEVEL: Level = 'normal';

export interface VsComputerForm {
	opponents: number;
	/** One level per opponent, in seat order after the player's. */
	levels: Level[];
	/** The player's Illuminati ('random': drawn like the others'). */
	illuminati: 'random' | string;
	/** The player's seat (0: plays first). */
	seat: number;
}

export interface BotSeatPlan {
	readonly seat: Seat;
	readonly level: Level;
}

export type VsComputerProblem = 'opponents' | 'level' | 'illuminati' | 'seat';

export type VsComputerPlan =
	| { ok: true; options: GameOptions; rules: ProtocolRules; seats: Seat[]; bots: BotSeatPlan[]; human: Seat; title: string }
	| { ok: false; problem: VsComputerProblem };

export function defaultVsComputer(): VsComputerForm {
	return { opponents: DEFAULT_OPPONENTS, levels: Array(DEFAULT_OPPONENTS).fill(DEFAULT_LEVEL), illuminati: 'random', seat: 0 };
}

/** The levels for a new number of opponents (kept levels stay, new ones start at normal). */
export function resizeLevels(levels: readonly Level[], opponents: number): Level[] {
	return Array.from({ length: Math.max(0, opponents) }, (_, i) => levels[i] ?? DEFAULT_LEVEL);
}

/**
 * The game the form asks for. `pick(n)` gives a random whole number below n (the others'
 * Illuminati when the player chose theirs: the engine draws all or none).
 */
export function planVsComputer(form: VsComputerForm, title: string, pick: (n: number) => number): VsComputerPlan {
	const opponents = form.opponents;
	if (!Number.isInteger(opponents) || opponents < MIN_OPPONENTS || opponents > MAX_OPPONENTS) return { ok: false, problem: 'opponents' };
	const levels = resizeLevels(form.levels, opponents);
	if (!levels.every((level) => LEVELS.includes(level))) return { ok: false, problem: 'level' };
	const players = opponents + 1;
	const human = form.seat;
	if (!Number.isInteger(human) || human < 0 || human >= players) return { ok: false, problem: 'seat' };
	let illuminati: GameOptions['illuminati'] = 'random';
	if (form.illuminati !== 'random') {
		if (!(ILLUMINATI_IDS as readonly string[]).includes(form.illuminati)) return { ok: false, problem: 'illuminati' };
		const others = ILLUMINATI_IDS.filter((id) => id !== form.illuminati);
		const drawn: string[] = [];
		for (let i = 0; i < opponents; i++) drawn.push(others.splice(pick(others.length), 1)[0]!);
		illuminati = Array.from({ length: players }, (_, seat) => (seat === human ? form.illuminati : drawn.shift()!));
	}
	const seats = Array.from({ length: players }, (_, seat) => seat);
	const bots = seats.filter((seat) => seat !== human).map((seat, i) => ({ seat, level: levels[i]! }));
	return {
		ok: true,
		options: { players, illuminati, sandbox: false, rules: { ...NEW_GAME_RULES } },
		// Every seat is on this device: nobody is ever voted absent.
		rules: { equivocation: 'forfeit', countdown: 0 },
		seats,
		bots,
		human,
		title,
	};
}

/** A random whole number below n from the browser's generator. */
export function cryptoPick(n: number): number {
	const value = crypto.getRandomValues(new Uint32Array(1))[0]!;
	return value % n;
}
