/**
 * The three levels. Easy: greedy, one ply, on its own position mostly, with noise, nobody's
 * answers modelled. Normal: the full evaluation, the defender's and interferers' answers to its
 * spending, one more ply of its own turn. Hard: normal with a wider shortlist, finer amounts, two
 * rounds of answers, five follow-ups, more budget, and up to three offers a turn, priced by what a
 * normal partner would take (docs/bots.md).
 */
import { DEFAULT_WEIGHTS } from './evaluate.js';
import type { LevelConfig } from './thinking.js';

export type Level = 'easy' | 'normal' | 'hard';

/** Normal and hard weigh the rivals' standing little: in a game of four, what a seat spends to hold
 * back the leader mostly helps the two others (normal against three easy won 52% of 28 seeded games
 * with rivals 0.15 and leader 0.35, 64% with leader 0.15, 71% of 24 with rivals 0.1 and leader 0.05).
 * A rival about to win is another matter: evaluate.ts counts that near a loss whatever the weights. */
const SELFISH = { ...DEFAULT_WEIGHTS, rivals: 0.1, leader: 0.05 };

export const LEVELS: readonly Level[] = ['easy', 'normal', 'hard'];

export interface LevelDefaults {
	readonly config: LevelConfig;
	/** Time per decision when a clock is given (ms). */
	readonly timeBudgetMs: number;
	/** Engine entries per decision (deterministic cap). */
	readonly nodeBudget: number;
	/** Playouts per decision (hard) when no clock is given. */
	readonly playouts: number;
}

export const LEVEL_DEFAULTS: Readonly<Record<Level, LevelDefaults>> = {
	easy: {
		config: {
			name: 'easy',
			weights: { ...DEFAULT_WEIGHTS, rivals: 0.15, leader: 0.1 },
			noise: 2,
			shortlist: 4,
			fineAmounts: false,
			responses: 'none',
			rounds: 1,
			followUp: 0,
			playouts: false,
			reorganizes: false,
			offersPerTurn: 0,
		},
		timeBudgetMs: 40,
		nodeBudget: 1_500,
		playouts: 0,
	},
	normal: {
		config: {
			name: 'normal',
			weights: SELFISH,
			noise: 0,
			shortlist: 10,
			fineAmounts: false,
			responses: 'all',
			rounds: 1,
			followUp: 3,
			playouts: false,
			reorganizes: true,
			offersPerTurn: 1,
		},
		timeBudgetMs: 240,
		nodeBudget: 4_000,
		playouts: 0,
	},
	hard: {
		config: {
			name: 'hard',
			// The race reading (threat.ts: weights `threat`, `race`) is left off: hard holding back a
			// rival near its goal, or pressing toward its own, won fewer of the same games of seed labA
			// against three normal bots (docs/bots.md, "Measured strength").
			// A Special in hand is worth more near the goal (`privilege`: discarding one makes the last
			// capture privileged, beyond the rivals' interference): on games 0-59 of seeds s7 and s8
			// against three normal bots (no clock) hard won 44 of 120 with it, 28.5 without.
			// Two Specials are worth more as a rival nears its goal (`abolish`: together they abolish its
			// privilege, so the last capture can be stopped after all): on games 0-59 of seeds s9 and s10
			// against three normal bots (no clock, privileged windows waiting for every seat) hard won
			// 49 of 120 with it, 42 without (12 games won only with it, 5 only without).
			// Gnomes whose next turn's income (and the 5 MB for passing it) reaches 150 MB win unless
			// their money is taken first (`incomeWin`: a near loss; threat.ts incomeWins): on games
			// 0-59 of seeds s9, s10 and s11 against three normal bots (no clock) hard won 91.5 of 180
			// with it, 85 without (12 games won only with it, 4 only without).
			weights: { ...SELFISH, privilege: 40, abolish: 40, incomeWin: 0.8 },
			noise: 0,
			shortlist: 16,
			fineAmounts: true,
			responses: 'all',
			rounds: 2,
			followUp: 5,
			// Measured on games 0-25 of seed labA against three normal bots, no clock (docs/bots.md):
			// without playouts and with three offers a turn hard won 10 of 26; with playouts as a
			// tie-breaker, a third of the partner's gain counted in deals and 40% of the budget kept
			// for the follow-up, 5 of the same 26.
			playouts: false,
			reorganizes: true,
			offersPerTurn: 3,
			// Offers priced in the finer buckets, nearer the least a partner takes: on games 0-59 of
			// seed s6 against three normal bots (no clock) hard won 17 with them, 11 without.
			fineOffers: true,
			// In deals, hard expects the partner to weigh the exchange as normal does (without hard's
			// own privilege and abolish weights, which priced a rival's Special far above what it
			// sells for), and counts what a rival near its goal gains by holding a Special (`deny`):
			// so it buys a near rival's only Special and never sells it one. On games 0-59 of seeds
			// s9 and s10 against three normal bots (no clock) hard won 63.5 of 120 with both, 49
			// without (23 games won only with them, 8 only without); `deny` in every evaluation
			// (it then attacked near rivals to hold them back) won 41.
			partnerWeights: SELFISH,
			dealWeights: { deny: 40 },
		},
		timeBudgetMs: 1_200,
		nodeBudget: 15_000,
		playouts: 12,
	},
};

export function isLevel(name: string): name is Level {
	return (LEVELS as readonly string[]).includes(name);
}
