/**
 * Mid-game positions for the bot benches: states at the active seat's actions (turns 12 to 48)
 * of `games` seeded 4-player games between easy bots. The same seeds give the same positions.
 */
import { createBot, playBotGame } from '../src/lib/bots/index.js';
import type { GameState } from '../src/lib/engine/index.js';

export function midGamePositions(games: number): GameState[] {
	const states: GameState[] = [];
	for (let game = 0; game < games; game++) {
		const players = [0, 1, 2, 3].map((seat) => createBot({ level: 'easy', seed: `bench:${game}:${seat}` }));
		playBotGame({
			players,
			seed: `bench-bots:${game}`,
			maxTurns: 48,
			onStep: (state) => {
				if (state.turnCount >= 12 && state.random === null && state.chain === null && state.phase.kind === 'turn' && state.turn?.step === 'actions') states.push(state);
			},
		});
	}
	return states;
}
