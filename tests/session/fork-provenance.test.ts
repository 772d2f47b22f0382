/**
 * A fork is checked against its parent on a device that holds the parent (session/fork-provenance.ts).
 * The fork entry's parent hash is the forker's to compute, so before this nothing caught a fork
 * whose carried history the parent never had (found by a red-team pass): here the forker carries
 * the parent's entries with one of its own moves replaced by another it signs now.
 */
import { describe, expect, it } from 'vitest';
import { appendEntry, createGameDoc, readLog } from '../../src/lib/net/doc.js';
import { logHash, signEntry, type Entry } from '../../src/lib/protocol/index.js';
import { GameList, GameSession, MemoryDocStore, MemoryKeyValueStore, MyGames, gameIdOf } from '../../src/lib/session/index.js';
import { checkFork } from '../../src/lib/session/fork-provenance.js';
import { legalActions } from '../../src/lib/engine/index.js';
import { chunked, entryOf, signedFork } from '../protocol/v2/forks.js';
import { options, Player, randomBytes, seedOf } from './helpers.js';

async function parentGame() {
	const games = new MyGames({ list: new GameList(new MemoryKeyValueStore()), persistence: new MemoryDocStore(), randomBytes, now: () => 1 });
	const parent = await games.create(options(3), [0, 1, 2], 'parent');
	const player = new Player('fork-provenance');
	for (let i = 0; i < 40; i++) player.move(parent);
	return { games, parent };
}

const peek = (games: MyGames) => (id: string) => games.peekReplay(id);

describe('a fork checked against the parent this device holds', () => {
	it('a fork made from the parent matches it', async () => {
		const { games, parent } = await parentGame();
		const fork = await games.fork(parent, 20);
		const stored = readLog(parent.game).length;
		expect(await checkFork(fork, peek(games))).toEqual({ parent: parent.gameId, index: 20, verdict: 'matches' });
		// Read only: the check signs and stores nothing in the parent, open here meanwhile (no second
		// session beside it that could post this device's entries twice: an equivocation).
		expect(readLog(parent.game).length).toBe(stored);
		expect(parent.rejections).toEqual([]);
		fork.destroy();
		parent.destroy();
	});

	it('a fork carrying a move the parent never had differs; a device without the parent cannot tell', async () => {
		const { games, parent } = await parentGame();
		const accepted = parent.replayer.accepted;
		// The parent's last action with another legal move before it; the forker (who holds every seat here) signs that other move now.
		let k = -1;
		let other: Record<string, unknown> | null = null;
		for (let i = accepted.length - 1; i > 5 && k < 0; i--) {
			const { entry } = entryOf(accepted[i]!.text);
			if (entry.kind !== 'action' || accepted[i]!.state?.random !== null) continue;
			const body = (entry as Entry<'action'>).body as { seat: number; type: string };
			const before = accepted[i - 1]!.state!;
			const alternative = legalActions(before, body.seat).find((legal) => legal.action.type !== body.type && (legal.action.type === 'passWindow' || legal.action.type === 'passTurn' || legal.action.type === 'endTurn'));
			if (alternative) {
				k = i;
				other = alternative.action as unknown as Record<string, unknown>;
			}
		}
		expect(k).toBeGreaterThan(0);
		const original = entryOf(accepted[k]!.text).entry;
		const forged = signEntry(parent.identity, { game: parent.gameId, kind: 'action', body: other as never, last: original.last, deps: original.deps });
		const texts = [...accepted.slice(0, k).map((a) => a.text), forged];
		const ids = texts.map((text) => entryOf(text).id);
		const roomCode = 'FORKEDHIST';
		const game = createGameDoc(gameIdOf(roomCode));
		appendEntry(game, [...signedFork(parent.identity, game.gameId, { parent: parent.gameId, index: k, parentHash: logHash(ids) }, chunked(ids)), ...texts]);
		const fork = new GameSession({ game, roomCode, seed: seedOf('fork-reader'), randomBytes });
		// The fork replays cleanly: nothing in it alone says its history was changed.
		expect(fork.rejections).toEqual([]);
		expect(await checkFork(fork, peek(games))).toEqual({ parent: parent.gameId, index: k, verdict: 'differs' });
		const elsewhere = new MyGames({ list: new GameList(new MemoryKeyValueStore()), persistence: new MemoryDocStore(), randomBytes, now: () => 1 });
		expect(await checkFork(fork, peek(elsewhere))).toEqual({ parent: parent.gameId, index: k, verdict: 'unknown' });
		fork.destroy();
		parent.destroy();
	});

	it('a game that is no fork has nothing to check', async () => {
		const { games, parent } = await parentGame();
		expect(await checkFork(parent, peek(games))).toBeNull();
		parent.destroy();
	});
});
