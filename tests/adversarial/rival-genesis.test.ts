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
import { sha256 } from '@noble/hashes/sha2.js';
import { generateIdentity } from '../../src/lib/protocol/crypto.js';
import { boxKeyPair } from '../../src/lib/protocol/coin/keys.js';
import { parseEntry, signEntry } from '../../src/lib/protocol/entry.js';
import { gameIdFor, gameOptions, Network, playerDevice } from '../protocol/v2/table.js';
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

	// Red team (session 12): a rival genesis and a stranger's join naming only it, in an earlier
	// update than the real genesis, were final at once on a pinned joiner (no members yet: nothing
	// held the watermark) and refused NO_GAME there, while the devices that had the genesis first
	// placed the join by acknowledgement and seated the stranger: two final orders.
	it("a rival genesis's subtree reaching a pinned device before the real genesis takes the same place there as everywhere", () => {
		const bytes = (label: string) => sha256(new TextEncoder().encode(label));
		const game = gameIdFor('rival-subtree');
		const net = new Network(game);
		const alice = net.peer('alice', playerDevice('alice'));
		const bob = net.peer('bob', playerDevice('bob'));
		net.post(alice.device!.entry(alice.replay, 'create', { options: gameOptions(3), rules: DEFAULT_PROTOCOL_RULES }));
		const genesis = (parseEntry(net.posted[0]!) as { id: string }).id;
		net.post(alice.device!.join(alice.replay, 0));
		net.post(bob.device!.join(bob.replay, 1));
		net.automatic();
		const rival = signEntry(generateIdentity(bytes('rogue')), { game, kind: 'create', body: { options: gameOptions(3), rules: DEFAULT_PROTOCOL_RULES }, last: null, deps: [] });
		const stranger = generateIdentity(bytes('stranger'));
		const join = signEntry(stranger, { game, kind: 'join', body: { seat: 2, box: boxKeyPair(bytes('stranger box')).publicKey }, last: null, deps: [(parseEntry(rival) as { id: string }).id] });
		const joinId = (parseEntry(join) as { id: string }).id;

		const carol = new GameReplayer(game, { verifier, genesis: genesis.slice(0, 16) });
		carol.add([rival, join]);
		expect(carol.finalCount).toBe(0);
		expect(carol.isFinal(joinId)).toBe(false);
		carol.add(net.posted);
		net.post(rival);
		net.post(join);
		net.automatic();
		for (let round = 0; round < 2; round++) {
			net.post(alice.device!.entry(alice.replay, 'ack', {}));
			net.post(bob.device!.entry(bob.replay, 'ack', {}));
		}
		carol.add(net.posted);

		expect(alice.replay.isFinal(joinId)).toBe(true);
		expect(carol.isFinal(joinId)).toBe(true);
		const seats = (replay: GameReplayer) => replay.finalCore.seats.map((seat) => seat?.key ?? null);
		expect(seats(carol)).toEqual(seats(alice.replay));
		expect(seats(carol)[2]).toBe(stranger.publicKey);
		expect(carol.stateHash).toBe(alice.replay.stateHash);
	});

	it('a pin shorter than 16 characters is refused as a bug, not taken as a prefix', () => {
		expect(() => new GameReplayer('game', { genesis: 'abc' })).toThrow(/16/);
	});
});
