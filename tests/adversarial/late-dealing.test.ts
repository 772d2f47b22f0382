/**
 * A seat voted out during the key generation deals late, with a bad share for one honest seat,
 * timed to reach that seat only after its verdict and the other honest seat before its own. Under
 * the protocol rule keygen 'judgedDealings' (every new game) a verdict names the dealings it
 * judged and only a dealing every verdict judged makes the group key, so the late dealing is left
 * out: every honest seat keeps its secret share and the dice go on without the rogue. Games created
 * before the rule still count it (the test shows the attack there). docs/protocol.md, "Key generation".
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROTOCOL_RULES, NEW_GAME_PROTOCOL_RULES, type ProtocolRules } from '../../src/lib/protocol/entry.js';
import { dealPolynomial, proveDealing } from '../../src/lib/protocol/coin/dkg.js';
import { decodeScalar, encodeScalar, Fn } from '../../src/lib/protocol/coin/group.js';
import { keygenContext } from '../../src/lib/protocol/v2/entry-handlers.js';
import { Chooser } from '../../src/lib/bots/random-player.js';
import { expectConverged, randomMove, replayer, Rng, seeds, Table, type Peer } from './harness.js';
import { gameIdFor, gameOptions, playerDevice, seededRandom } from '../protocol/v2/table.js';

/** The key generation with the rogue silent until voted out, then its late dealing delivered in the
 * order that keeps alice from judging it; returns the table and its peers. */
function lateDealing(label: string, rules: ProtocolRules) {
	const game = gameIdFor(label);
	const players: Peer[] = ['alice', 'bob', 'rogue'].map((name, seat) => ({ name, seat, device: playerDevice(name), replay: replayer(game), inbox: [], has: new Set() }));
	const [alice, bob, rogue] = players as [Peer, Peer, Peer];
	const table = new Table(game, new Rng(label), [alice, bob], rogue);
	table.broadcast(alice.device!.entry(alice.replay, 'create', { options: gameOptions(3), rules }));
	players.forEach((peer, seat) => {
		table.deliverAll();
		table.broadcast(peer.device!.join(peer.replay, seat));
		table.settle({ rogue: false }); // the rogue does not deal
	});
	table.settle({ rogue: false });
	// Both honest seats vote the silent rogue absent; alice sees the majority first and gives her verdict.
	const bobVote = bob.device!.entry(bob.replay, 'absent', { seat: 1, target: 2 });
	table.post(bob, bobVote, [alice, rogue]);
	table.deliver(alice);
	table.deliver(rogue);
	const aliceVote = alice.device!.entry(alice.replay, 'absent', { seat: 0, target: 2 });
	table.post(alice, aliceVote, [rogue]);
	expect(alice.replay.core.votedOut.has(2)).toBe(true);
	const aliceVerdict = alice.device!.nextAutomatic(alice.replay)!;
	expect(JSON.parse(aliceVerdict).kind).toBe('keys');
	table.post(alice, aliceVerdict, [rogue]);
	table.deliver(rogue);
	// The rogue's dealing: a wrong share for alice, with a valid proof of knowledge.
	const core = rogue.replay.core;
	const context = keygenContext(game, core);
	const random = seededRandom(`${label}:rogue`);
	const coefficients = [11n, 22n];
	const honest = dealPolynomial({ context, dealer: 2, coefficients, ephemeral: 33n, boxKeys: core.seats.map((s) => s!.box), random });
	const shares = [...honest.shares];
	shares[0] = encodeScalar(Fn.add(decodeScalar(honest.shares[0]!, 'share'), 1n));
	const doctored = { ephemeral: honest.ephemeral, commitments: honest.commitments, shares };
	const proof = proveDealing({ context, dealer: 2, dealing: doctored, ephemeral: 33n, constant: coefficients[0]!, random });
	// Bob gets it before his verdict; alice's vote and verdict reach him after it.
	table.send(table.rogueEntry('deal', { seat: 2, dealing: { ...doctored, proof } }), [bob]);
	table.deliver(bob);
	table.send(aliceVote, [bob]);
	table.send(aliceVerdict, [bob]);
	table.deliver(bob);
	table.settle({ rogue: false });
	return { table, alice, bob, rogue };
}

describe('Key generation: a late dealing cannot shut an honest seat out of the dice', () => {
	it('under keygen judgedDealings the dealing alice never judged is left out; both honest seats keep their shares and the dice go on', () => {
		const { table, alice, bob } = lateDealing('late-dealing:judged', NEW_GAME_PROTOCOL_RULES);
		for (const peer of [alice, bob]) {
			const keygen = peer.replay.core.keygen!;
			expect(keygen.group, peer.name).not.toBeNull();
			expect(keygen.qualified, peer.name).toEqual([0, 1]);
		}
		expectConverged([alice, bob]);
		expect(alice.device!.deckKeys(alice.replay, alice.replay.core, 0).share).not.toBeNull();
		expect(bob.device!.deckKeys(bob.replay, bob.replay.core, 1).share).not.toBeNull();
		// Play on with the rogue silent: alice and bob (t = 2) settle every random event.
		const chooser = new Chooser('late-dealing:play');
		const secrets = new Map();
		for (let i = 0; i < 150; i++) {
			table.settle({ rogue: false });
			const move = randomMove(bob.replay.state!, chooser, secrets);
			if (move === null || move.seat === 2) break;
			table.act(table.peerOfSeat(move.seat), move);
		}
		table.settle({ rogue: false });
		expect(seeds(bob.replay).length).toBeGreaterThan(2);
		expect(table.sent.some((text) => JSON.parse(text).kind === 'share' && JSON.parse(text).body.seat === 0)).toBe(true);
		expectConverged([alice, bob]);
	});

	it('a verdict in such a game must name the dealings it judged: none, one counted dealing left out, or a dealing never made is refused', () => {
		const game = gameIdFor('late-dealing:shape');
		const players: Peer[] = ['alice', 'bob', 'rogue'].map((name, seat) => ({ name, seat, device: playerDevice(name), replay: replayer(game), inbox: [], has: new Set() }));
		const [alice, bob, rogue] = players as [Peer, Peer, Peer];
		const table = new Table(game, new Rng('late-dealing:shape'), [alice, bob], rogue);
		table.broadcast(alice.device!.entry(alice.replay, 'create', { options: gameOptions(3), rules: NEW_GAME_PROTOCOL_RULES }));
		players.forEach((peer, seat) => {
			table.deliverAll();
			table.broadcast(peer.device!.join(peer.replay, seat));
		});
		table.deliverAll();
		// Every seat deals (the rogue's device deals honestly), no verdict yet.
		for (const peer of players) {
			const dealing = peer.device!.nextAutomatic(peer.replay)!;
			expect(JSON.parse(dealing).kind).toBe('deal');
			table.broadcast(dealing);
			table.deliverAll();
		}
		const refusedFor = (body: Record<string, unknown>) => {
			table.broadcast(table.rogueEntry('keys', { seat: 2, complaints: [], ...body }));
			table.deliverAll();
			return alice.replay.rejections.at(-1)!;
		};
		expect(refusedFor({}).message).toMatch(/names the dealings it judged/);
		expect(refusedFor({ judged: [0, 1] }).message).toMatch(/seats 2 are missing/);
		expect(refusedFor({ judged: [0, 1, 2, 3] }).message).toMatch(/Seats 3 dealt nothing/);
		expect(alice.replay.rejections.map((r) => r.code)).toEqual(['BAD_KEYS', 'BAD_KEYS', 'BAD_KEYS']);
		expect(alice.replay.core.keygen!.verdicts.has(2)).toBe(false);
		table.broadcast(table.rogueEntry('keys', { seat: 2, complaints: [], judged: [0, 1, 2] }));
		table.settle({ rogue: false });
		for (const peer of [alice, bob]) expect(peer.replay.core.keygen!.qualified, peer.name).toEqual([0, 1, 2]);
		expectConverged([alice, bob]);
	});

	it('in a game created before the rule the late dealing still counts: alice loses her secret share (the attack the rule stops)', () => {
		const { alice, bob } = lateDealing('late-dealing:legacy', DEFAULT_PROTOCOL_RULES);
		for (const peer of [alice, bob]) expect(peer.replay.core.keygen!.qualified, peer.name).toEqual([0, 1, 2]);
		expect(alice.device!.deckKeys(alice.replay, alice.replay.core, 0).share).toBeNull();
	});
});
