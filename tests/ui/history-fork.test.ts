// "Fork from here" for a stored peer-to-peer game: the app runtime forks at the signed entry the
// history ties to a position, so the new game starts from the state shown there and plays on;
// a position outside the game forks nothing.
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../src/lib/engine/index.js';
import { forkIndexAt, lastPosition, sessionTimeline, stateAt } from '../../src/lib/ui/history/timeline.js';
import { makeRuntime } from './helpers/app-fakes.js';
import { options, Player } from '../session/helpers.js';

describe('fork from a history position', { timeout: 60_000 }, () => {
	it.each([0, 3, 12])('a fork at position %i starts from the state shown there and plays on', async (position) => {
		const { runtime } = makeRuntime();
		const link = await runtime.create(options(3), [0, 1, 2], 'Played');
		const player = new Player(`history-fork-${position}`);
		for (let tries = 0, played = 0; played < 20 && tries < 5_000; tries++) if (player.move(link.session)) played++;
		const timeline = sessionTimeline(link.session.replayer)!;
		expect(lastPosition(timeline)).toBeGreaterThan(12);
		const forkId = (await runtime.fork(link.session.gameId, 'Fork', link.session, forkIndexAt(timeline, position)!))!;
		expect(forkId).not.toBeNull();
		expect(await runtime.list.get(forkId)).toMatchObject({ parent: link.session.gameId, seats: [0, 1, 2] });
		const fork = (await runtime.resume(forkId))!;
		const forkTimeline = sessionTimeline(fork.session.replayer)!;
		expect(stateHash(stateAt(forkTimeline, position))).toBe(stateHash(stateAt(timeline, position)));
		// The fork goes on by itself past the fork point (this device holds every seat and reveals).
		const moves = new Player(`history-fork-on-${position}`);
		for (let tries = 0, played = 0; played < 5 && tries < 5_000; tries++) if (moves.move(fork.session)) played++;
		expect(lastPosition(sessionTimeline(fork.session.replayer)!)).toBeGreaterThan(position);
		expect(fork.session.rejections).toEqual([]);
		fork.destroy();
		link.destroy();
	});

	it.each([-1, 10_000, 1.5])('index %d forks nothing', async (index) => {
		const { runtime } = makeRuntime();
		const link = await runtime.create(options(2), [0, 1], 'Short');
		expect(await runtime.fork(link.session.gameId, 'Fork', link.session, index)).toBeNull();
		expect((await runtime.listGames()).map((g) => g.title)).toEqual(['Short']);
		link.destroy();
	});
});
