// The stall panel while a stand-in bot is awaited for an absent seat (absence 'bot': the absent
// seat is no awaited seat of its own, so the panel used to list nobody), and the Problems panel's
// count, which leaves out refusals that blame nobody (a stand-in posted twice: STAND_IN_STALE).
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../src/lib/engine/index.js';
import { standInWait } from '../../src/lib/ui/app/stall.js';
import { splitRefusals } from '../../src/lib/ui/app/problems.js';
import { draw, passAll, play, playThrough, scenario, type PlayerSpec } from '../helpers/scenario.js';

const SPECS: readonly PlayerSpec[] = [
	{ illuminati: 'bavarian-illuminati', money: 6, groups: [{ card: 'kgb', side: 1, money: 2 }] },
	{ illuminati: 'network', money: 9, groups: [{ card: 'cia', side: 1, money: 1 }] },
	{ illuminati: 'gnomes-of-zurich', money: 5, groups: [{ card: 'mafia', side: 1 }] },
];
const vote = (seat: number, target: number) => ({ type: 'declareAbsent', seat, target }) as const;

/** Seat `absent` voted absent by the two others during seat 0's turn, then play reaches its turn. */
function standInTurn(absence: 'passTurns' | 'bot', absent = 1): GameState {
	const others = [0, 1, 2].filter((seat) => seat !== absent);
	const voted = play(scenario({ players: SPECS, rules: { absence }, turn: { seat: 0 }, uncontrolled: ['yuppies'] }), ...others.map((seat) => vote(seat, absent)));
	const drawing = playThrough(voted, { type: 'endTurn', seat: 0 });
	return passAll(play(drawing, draw('texas', 'pentagon')));
}

const nobodyOut = { votedOut: [], cheaters: [] };

describe('the stall panel names the stand-in the table waits for', () => {
	it("an absent seat's turn under absence 'bot': its stand-in, played by the lowest present seat's device", () => {
		expect(standInWait(standInTurn('bot'), nobodyOut)).toEqual({ seat: 1, for: 'turn', driver: 0 });
	});
	it('the driver is the lowest seat still in the game: not one voted out or caught cheating', () => {
		const state = standInTurn('bot');
		expect(standInWait(state, { votedOut: [0], cheaters: [] })).toEqual({ seat: 1, for: 'turn', driver: 2 });
		expect(standInWait(state, { votedOut: [], cheaters: [0, 2] })).toEqual({ seat: 1, for: 'turn', driver: null });
	});
	it("nothing under 'passTurns' (the engine passes the turn itself), nor before the game", () => {
		expect(standInWait(standInTurn('passTurns'), nobodyOut)).toBeNull();
		expect(standInWait(null, nobodyOut)).toBeNull();
	});
});

describe('the Problems panel counts refusals that may be hostile', () => {
	it('a stale stand-in (two devices posting the same bot move, or a copy racing the player\u2019s return) is kept apart as a diagnostic, not counted', () => {
		const refusals = [
			{ code: 'STAND_IN_STALE', index: 3 },
			{ code: 'STAND_IN_MISMATCH', index: 4 },
			{ code: 'BAD_SIGNATURE', index: 5 },
			{ code: 'STAND_IN_STALE', index: 6 },
			{ code: 'STAND_IN_NOT_ABSENT', index: 7 },
		];
		const { hostile, expected } = splitRefusals(refusals);
		expect(hostile.map((r) => r.code)).toEqual(['STAND_IN_MISMATCH', 'BAD_SIGNATURE']);
		expect(expected.map((r) => r.index)).toEqual([3, 6, 7]);
	});
});
