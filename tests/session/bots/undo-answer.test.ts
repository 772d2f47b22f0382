// The rule a seated bot answers undo requests by (session/bots/undo-answer.ts): never a rewind past
// randomness (a re-roll), otherwise accept unless going back costs the bot more than UNDO_MARGIN of
// its evaluation.
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../../src/lib/engine/index.js';
import type { CoreV2 } from '../../../src/lib/protocol/index.js';
import { undoAnswer } from '../../../src/lib/session/bots/undo-answer.js';
import { scenario, type PlayerSpec } from '../../helpers/scenario.js';

const BOT = 1;
const table = (botMoney: number): GameState => {
	const players: PlayerSpec[] = [
		{ illuminati: 'bavarian-illuminati', money: 10, groups: [{ card: 'kgb', side: 1 }] },
		{ illuminati: 'network', money: botMoney, groups: [{ card: 'cia', side: 1 }] },
	];
	return scenario({ players, turn: { seat: 0 } });
};

/** What undoAnswer reads of the protocol's core: seat 0's move `m` made in `before`, the game now in `now`. */
function core(before: GameState, now: GameState, changes: { settled?: number; event?: boolean } = {}): CoreV2 {
	const mark = { id: 'm', seat: 0, pass: false, before, exported: 0, publicAt: 0, protocolAt: 0, settledAt: 0, order: 0 };
	return { engine: now, event: changes.event ? {} : null, settled: changes.settled ?? 0, undo: { marks: new Map([[0, [mark]]]) } } as unknown as CoreV2;
}
const request = { seat: 0, move: 'm' };

describe('a bot answers an undo request', () => {
	it('accepts when going back changes nothing for it, or helps it', () => {
		expect(undoAnswer(core(table(10), table(10)), request, BOT)).toBe(true);
		expect(undoAnswer(core(table(20), table(10)), request, BOT)).toBe(true);
	});
	it('refuses when going back costs it (the move helped it)', () => {
		expect(undoAnswer(core(table(5), table(20)), request, BOT)).toBe(false);
	});
	it('refuses a rewind past randomness, whatever it costs: dice settled or asked for since the move', () => {
		expect(undoAnswer(core(table(20), table(10), { settled: 1 }), request, BOT)).toBe(false);
		expect(undoAnswer(core(table(20), table(10), { event: true }), request, BOT)).toBe(false);
		expect(undoAnswer(core(table(20), { ...table(10), random: { kind: 'roll' } } as unknown as GameState), request, BOT)).toBe(false);
	});
	it('refuses a request for a move it cannot find', () => {
		expect(undoAnswer(core(table(10), table(10)), { seat: 0, move: 'other' }, BOT)).toBe(false);
	});
});
