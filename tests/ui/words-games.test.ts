// Seeded random games (the fuzz's random player) told entry by entry in every language: every
// accepted entry gets words, with no missing message, "undefined", "NaN" or stray brace.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { randomGame, type RandomGameOptions } from '../../src/lib/bots/random-player.js';
import { DEFAULT_RULES, initialState, parseLogText, step, type Action, type GameLog, type GameState } from '../../src/lib/engine/index.js';
import { LOCALES } from '../../src/lib/ui/i18n/index.js';
import { describeLines } from '../../src/lib/ui/words/index.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';

const GAMES: readonly (Omit<RandomGameOptions, 'maxEntries'> & { readonly name: string })[] = [
	{ name: '2 players, uniform', players: 2, seed: 'words-a' },
	{ name: '3 players, cautious', players: 3, seed: 'words-b', policy: 'cautious' },
	{ name: '4 players, hidden goals', players: 4, seed: 'words-c', setup: { rules: { ...DEFAULT_RULES, hiddenGoals: true } } },
	{ name: '5 players, absent seats pass', players: 5, seed: 'words-d', setup: { rules: { ...DEFAULT_RULES, absence: 'passTurns' } } },
	{ name: '6 players, very long game', players: 6, seed: 'words-e', policy: 'marathon', setup: { rules: { ...DEFAULT_RULES, veryLongGame: true } } },
	{ name: '8 players, uniform', players: 8, seed: 'words-f' },
];

const JUNK = /undefined|NaN|\[object|[{}]/;

/** Tells every entry of a log in every language, for the public and for seat 0; returns all lines. */
function tellAll(log: GameLog): string[] {
	let state: GameState = initialState(log.setup);
	const told: string[] = [];
	for (const [index, entry] of log.entries.entries()) {
		const result = step(state, entry as Action);
		if (!result.ok) throw new Error(`entry ${index} refused: ${result.error.code}`);
		for (const locale of LOCALES) {
			for (const viewer of [undefined, 0]) {
				const lines = describeLines(state, entry as Action, result.state, locale, { viewer });
				expect(lines.length, `entry ${index} (${(entry as Action).type}) in ${locale}`).toBeGreaterThan(0);
				for (const line of lines) {
					expect(line, `entry ${index} (${(entry as Action).type}) in ${locale}`).not.toMatch(JUNK);
					expect(line.trim()).not.toBe('');
				}
				told.push(...lines);
			}
		}
		state = result.state;
	}
	return told;
}

describe('Random games told in words', () => {
	failOnMissingMessages();

	it.each(GAMES)('$name: every accepted entry is told in every language', (options) => {
		const game = randomGame({ ...options, maxEntries: 700 });
		expect(tellAll(game.log).length).toBeGreaterThanOrEqual(game.log.entries.length * LOCALES.length * 2);
	}, 60_000);

	it('the documented first round (docs/examples) tells the Mafia captured and the KGB destroyed', () => {
		const parsed = parseLogText(readFileSync(join(process.cwd(), 'docs', 'examples', 'first-round.sandbox.json'), 'utf8'));
		if (!parsed.ok) throw new Error(parsed.error);
		const english = tellAll(parsed.log).join('\n');
		expect(english).toContain('The Mafia is captured by The Bavarian Illuminati.');
		expect(english).toContain('KGB is destroyed.');
	});
});
