/**
 * Stand-in benchmark (absence 'bot'; docs/protocol.md "Stand-ins for absent seats"): what checking
 * one stand-in entry costs every peer: the state's hash (`at`) and the stand-in bot's decision
 * (a fresh easy bot, 1,500-entry budget, no clock), on mid-game positions where the active seat is
 * made absent. Printed, never asserted. Run: node --import tsx bench/stand-in.ts
 */
import { createBot, playBotGame, standInChoice } from '../src/lib/bots/index.js';
import { stateHash, type GameState } from '../src/lib/engine/index.js';
import { percentile } from './support.js';

const GAMES = 4;

/** Mid-game states (turns 8 to 40) at the active seat's actions, that seat made absent under 'bot'. */
function positions(): GameState[] {
	const states: GameState[] = [];
	for (let game = 0; game < GAMES; game++) {
		playBotGame({
			players: [0, 1, 2, 3].map((seat) => createBot({ level: 'easy', seed: `stand-in-bench:${game}:${seat}`, nodeBudget: 300 })),
			seed: `stand-in-bench:${game}`,
			maxTurns: 40,
			onStep: (state) => {
				if (state.turnCount < 8 || state.random !== null || state.chain !== null || state.phase.kind !== 'turn' || state.turn?.step !== 'actions') return;
				const seat = state.turn.seat;
				const players = state.players.map((p) => (p.seat === seat ? { ...p, absent: true } : p));
				states.push({ ...state, players, options: { ...state.options, rules: { ...state.options.rules, absence: 'bot' } } });
			},
		});
	}
	return states.filter((_, i) => i % 3 === 0).slice(0, 80);
}

const states = positions();
const hashes: number[] = [];
const decisions: number[] = [];
for (const [i, state] of states.entries()) {
	const t0 = performance.now();
	const at = stateHash(state);
	const t1 = performance.now();
	standInChoice(state, state.turn!.seat, `${i}:${at}`);
	const t2 = performance.now();
	hashes.push(t1 - t0);
	decisions.push(t2 - t1);
}
const fmt = (values: number[]) => `median ${percentile(values, 50).toFixed(2)} ms, p95 ${percentile(values, 95).toFixed(2)} ms`;
console.log(`stand-in check on ${states.length} mid-game positions`);
console.log(`  state hash (at):        ${fmt(hashes)}`);
console.log(`  stand-in bot decision:  ${fmt(decisions)}`);
