// A seated bot weighs its own secret goal when it answers an undo request (session/bots/
// undo-answer.ts; the goal its driver finds from the commitment, driver.ts `secretGoal`): the same
// move is kept when it met the bot's own secret goal and given back when the bot's goal is another.
import { describe, expect, it } from 'vitest';
import type { CardId, GameState } from '../../../src/lib/engine/index.js';
import type { CoreV2 } from '../../../src/lib/protocol/index.js';
import { undoAnswer } from '../../../src/lib/session/bots/undo-answer.js';
import { scenario } from '../../helpers/scenario.js';

const BOT = 1;
/** The UFOs (seat 1, the bot) with four groups both Weird and Violent, and a fifth: `last`. */
const table = (last: CardId, money: number): GameState =>
	scenario({
		players: [
			{ illuminati: 'network', money: 10, groups: [{ card: 'kgb', side: 1 }] },
			{
				illuminati: 'ufos',
				money,
				groups: [
					{ card: 'comic-books', side: 0 },
					{ card: 'american-autoduel-association', side: 1 },
					{ card: 'cycle-gangs', side: 3 },
					{ card: 'society-for-creative-anarchism', master: 'comic-books', side: 0 },
					{ card: last, side: 2 },
				],
			},
		],
		turn: { seat: 0 },
	});

function core(before: GameState, now: GameState): CoreV2 {
	const mark = { id: 'm', seat: 0, pass: false, before, exported: 0, publicAt: 0, protocolAt: 0, settledAt: 0, order: 0 };
	return { engine: now, event: null, settled: 0, undo: { marks: new Map([[0, [mark]]]) } } as unknown as CoreV2;
}
const request = { seat: 0, move: 'm' };

describe("a bot's undo answer and its secret goal", () => {
	it('refuses to take back a move that met its secret goal (a fifth Weird group for the Discordian Society), and accepts it when its goal is money (the take-back returns 10 MB)', () => {
		// Seat 0's move left the bot the Punk Rockers (Weird) instead of the Gun Lobby (Violent) and 10 MB.
		const before = table('gun-lobby', 20);
		const now = table('punk-rockers', 10);
		expect(undoAnswer(core(before, now), request, BOT, 'discordian-society'), 'its secret goal met now').toBe(false);
		expect(undoAnswer(core(before, now), request, BOT, 'gnomes-of-zurich'), 'a goal of money: the take-back gives it back 10 MB').toBe(true);
	});
});
