// The history timeline: every engine step with its states, from an engine log and from a
// peer-to-peer session; "what if" prefixes replay as sandbox games to the same state; a
// peer-to-peer fork at a step's signed entry carries exactly the state shown there.
import { describe, expect, it } from 'vitest';
import { randomGame } from '../../src/lib/bots/random-player.js';
import { replay, stateHash, type GameState } from '../../src/lib/engine/index.js';
import { GameSession } from '../../src/lib/session/index.js';
import { entriesUpTo, forkIndexAt, lastPosition, sessionTimeline, stateAt, statesOf, timelineFromEntries, whatIfLog, type Timeline } from '../../src/lib/ui/history/timeline.js';
import { options, Player, randomBytes, seedOf } from '../session/helpers.js';

function hotSeat(name: string, moves: number): GameSession {
	const session = GameSession.create({ options: options(3), seats: [0, 1, 2], seed: seedOf(name), randomBytes, title: name });
	const player = new Player(name);
	for (let i = 0; i < moves * 4 && session.state!.phase.kind !== 'over'; i++) player.move(session);
	return session;
}

function sessionTimelineOf(session: GameSession): Timeline {
	const timeline = sessionTimeline(session.replayer);
	if (timeline === null) throw new Error('no timeline');
	return timeline;
}

/** The state without the sandbox flag, to compare a sandbox replay with the original. */
const unflagged = (state: GameState) => stateHash({ ...state, options: { ...state.options, sandbox: false } });

describe('history timeline', { timeout: 60_000 }, () => {
	const game = randomGame({ players: 3, seed: 'history-a', maxEntries: 400 });

	it('from an engine log: position p is the replay of the first p entries, and the last is the final state', () => {
		const timeline = timelineFromEntries(game.log.setup, game.log.entries);
		expect(timeline.refused).toBe(0);
		expect(lastPosition(timeline)).toBe(game.log.entries.length);
		for (const position of [0, 1, 7, 50, 399, lastPosition(timeline)]) {
			const expected = replay({ ...game.log, entries: game.log.entries.slice(0, position) }).state;
			expect(stateHash(stateAt(timeline, position)), `position ${position}`).toBe(stateHash(expected));
		}
		expect(statesOf(timeline)).toHaveLength(lastPosition(timeline) + 1);
		expect(forkIndexAt(timeline, 10)).toBeNull();
	});

	it('from an engine log: refused entries are left out and counted', () => {
		const entries = [...game.log.entries.slice(0, 20), { type: 'passTurn', seat: 99 }, ...game.log.entries.slice(20, 30)];
		const timeline = timelineFromEntries(game.log.setup, entries);
		expect(timeline.refused).toBe(1);
		expect(lastPosition(timeline)).toBe(30);
		expect(stateHash(stateAt(timeline, 30))).toBe(stateHash(replay({ ...game.log, entries: game.log.entries.slice(0, 30) }).state));
	});

	it('a "what if" prefix of a sandbox log replays to the state at that entry, sandbox flag and all', () => {
		const sandbox = randomGame({ players: 2, seed: 'history-sandbox', maxEntries: 200 });
		const timeline = timelineFromEntries(sandbox.log.setup, sandbox.log.entries);
		for (const position of [0, 3, 120, lastPosition(timeline)]) {
			const log = whatIfLog(timeline, position);
			expect(log.setup.sandbox).toBe(true);
			expect(stateHash(replay(log).state)).toBe(stateHash(stateAt(timeline, position)));
		}
	});

	const session = hotSeat('history-p2p', 50);
	const timeline = sessionTimelineOf(session);

	it('from a peer-to-peer session: one step per exported engine entry, ending at the session state', () => {
		const exported = session.replayer.exportLog().entries;
		expect(exported.length).toBeGreaterThan(40);
		expect(lastPosition(timeline)).toBe(exported.length);
		expect(stateHash(stateAt(timeline, lastPosition(timeline)))).toBe(session.stateHash);
		expect(entriesUpTo(timeline, lastPosition(timeline))).toEqual(exported);
		// Every step's state is the one the session kept for the signed entry it is tied to.
		for (const step of timeline.steps) expect(session.replayer.accepted[step.forkIndex!]!.state).toBe(step.after);
		// Steps are ordered as the signed entries are.
		const indexes = timeline.steps.map((s) => s.forkIndex!);
		expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
		expect(timeline.steps.some((s) => s.action.type === 'random')).toBe(true);
	});

	it.each([0, 1, 2, 5, 30, 'last'] as const)('a "what if" from position %s of a peer-to-peer game: seeded entries replay in a sandbox game to the same state but for the sandbox flag', (at) => {
		const position = at === 'last' ? lastPosition(timeline) : at;
		const log = whatIfLog(timeline, position);
		const result = replay(log);
		expect(result.rejected).toEqual([]);
		expect(result.state.options.sandbox).toBe(true);
		expect(stateAt(timeline, position).options.sandbox).toBe(false);
		expect(unflagged(result.state)).toBe(unflagged(stateAt(timeline, position)));
	});

	it.each([0, 4, 25])('a peer-to-peer fork at position %i carries exactly the state shown there', (position) => {
		const index = forkIndexAt(timeline, position)!;
		const fork = session.fork(index);
		const shown = stateHash(stateAt(timeline, position));
		// The fork replays the parent's signed entries up to `index`: the last carried one has the shown state.
		const carried = fork.replayer.accepted.filter((entry) => entry.state !== null);
		expect(carried.map((entry) => stateHash(entry.state!))).toContain(shown);
		expect(fork.rejections).toEqual([]);
		// It plays on (the device holds every seat and settles randomness by itself).
		expect(fork.state!.accepted).toBeGreaterThanOrEqual(position);
		fork.destroy();
	});

	it('a session before its setup has no timeline', () => {
		const empty = GameSession.fromUpdate(new Uint8Array([0, 0]), { gameId: session.gameId, roomCode: session.roomCode, seed: seedOf('empty'), randomBytes });
		expect(sessionTimeline(empty.replayer)).toBeNull();
	});

	it("a fork's own timeline starts before any engine entry and shows the parent's states", () => {
		const fork = session.fork(forkIndexAt(timeline, 10)!);
		const forkTimeline = sessionTimelineOf(fork);
		expect(stateHash(stateAt(forkTimeline, 10))).toBe(stateHash(stateAt(timeline, 10)));
		expect(forkIndexAt(forkTimeline, 0)).toBeGreaterThan(0); // the fork entry itself has no state
		fork.destroy();
	});
});
