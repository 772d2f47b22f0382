/**
 * A rival genesis: an invited peer (it knows the room code, so the game id) signs a `create` of its
 * own for the same game, with other options, and puts it first in the shared array. Without a pin
 * a device takes the first genesis it admits, so a reload over that array would start the game
 * from the rival's setup. A device holds to the genesis it pinned (from the invitation link, or
 * from its own record of the game after it first saw it): the rival is refused and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROTOCOL_RULES } from '../../src/lib/protocol/entry.js';
import { GameReplayer } from '../../src/lib/protocol/v2/replayer.js';
import { gameOptions } from '../protocol/v2/table.js';
import { idOf, play, rogueTable, summary, verifier } from './harness.js';

function playedTable() {
	const table = rogueTable('rival-genesis', { honest: 3, rogueSeat: null });
	play(table, 30, 'rival-genesis');
	const log = [...table.honest[0]!.has];
	const genesis = table.view.genesisId!;
	const rival = table.rogueEntry('create', { options: gameOptions(2), rules: DEFAULT_PROTOCOL_RULES }, { last: null, deps: [] });
	return { table, log, genesis, rival };
}

function replayOf(game: string, texts: readonly string[], genesis?: string): GameReplayer {
	const replay = new GameReplayer(game, { verifier, genesis });
	replay.add(texts);
	return replay;
}

describe('a rival genesis for the same game id', () => {
	it('put first in the array, it is taken for the genesis by a device that pinned none (why the pin exists)', () => {
		const { table, log, genesis, rival } = playedTable();
		const unpinned = replayOf(table.game, [rival, ...log]);
		expect(unpinned.genesisId).not.toBe(genesis);
		expect(unpinned.stateHash).not.toBe(table.view.stateHash);
	});

	it.each([
		['the full genesis id', (id: string) => id],
		['a 16-character prefix (an invitation link)', (id: string) => id.slice(0, 16)],
	])('a device pinned to %s keeps the game as it was: the rival is refused and changes nothing', (_name, pinOf) => {
		const { table, log, genesis, rival } = playedTable();
		for (const order of [[rival, ...log], [...log, rival], [log[0]!, rival, ...log.slice(1)]]) {
			const pinned = replayOf(table.game, order, pinOf(genesis));
			expect(pinned.genesisId).toBe(genesis);
			expect(pinned.stateHash).toBe(table.view.stateHash);
			expect(pinned.rejections.find((r) => r.id === idOf(rival))?.code).toBe('NO_GAME');
			const { refused: _refused, ...rest } = summary(pinned);
			const { refused: _viewRefused, ...viewRest } = summary(table.view);
			expect(rest).toEqual(viewRest);
		}
	});

	it('a device pinned to a genesis that has not arrived waits for it (no game yet), then plays it', () => {
		const { table, log, genesis, rival } = playedTable();
		const replay = new GameReplayer(table.game, { verifier, genesis });
		replay.add([rival]);
		expect(replay.genesisId).toBeNull();
		expect(replay.state).toBeNull();
		replay.add(log);
		expect(replay.genesisId).toBe(genesis);
		expect(replay.stateHash).toBe(table.view.stateHash);
	});

	it('a pin shorter than 16 characters is refused as a bug, not taken as a prefix', () => {
		expect(() => new GameReplayer('game', { genesis: 'abc' })).toThrow(/16/);
	});
});
