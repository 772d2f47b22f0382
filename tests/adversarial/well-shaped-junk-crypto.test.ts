/**
 * Red team: cryptographic values that parse but are no valid group element or proof. Parsing
 * checks shapes (32, 64 or 96 bytes of canonical base64url); the values are decoded only when the
 * entry is replayed, and honest devices read them again to make their own entries (open a share,
 * complain, decrypt a draw). A seat holder posts, in its own name and turn, bytes that decode to no
 * ristretto255 point, the identity, a non-canonical encoding, or a valid point with a junk proof,
 * in: key-generation complaints, a coin share for the open event, and the secret deck's bodies
 * (shuffle cards and commitment, a drawn group's partials, seals and reveal seals, complaints,
 * seeds; not the public partials of a draw nobody holds, which this game does not reach). Checked: no replay and no honest device throws, peers keep one state, and
 * no honest dealer is disqualified by a complaint made of junk.
 */
import { describe, expect, it } from 'vitest';
import type { DeckBody } from '../../src/lib/protocol/v2/deck/bodies.js';
import { newSecretGame } from '../protocol/v2/deck-table.js';
import { playToTheEnd, playWith, type Tamper } from '../protocol/v2/deck-hostile.js';
import { gameIdFor, gameOptions, playerDevice } from '../protocol/v2/table.js';
import { expectConverged, expectFreshAgrees, idOf, opensEvent, play, replayer, Rng, rogueTable, Table, type Peer } from './harness.js';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
/** 32-byte values that are no usable point, and one that is (the base point, for a junk proof). */
const NO_POINT = `${'_'.repeat(42)}w`;
const NON_CANONICAL = b64(Buffer.from('eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', 'hex'));
const IDENTITY = 'A'.repeat(43);
const BASE_POINT = b64(Buffer.from('e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76', 'hex'));
const POINTS = [NO_POINT, NON_CANONICAL, IDENTITY, BASE_POINT];
/** 64 and 96 bytes made of those (a proof, a share: points and scalars side by side). */
const proofOf = (i: number) => b64(Buffer.concat([Buffer.from(POINTS[i % 4]!, 'base64url'), Buffer.from(POINTS[(i + 1) % 4]!, 'base64url')]));
const shareOf = (i: number) => b64(Buffer.concat([0, 1, 2].map((k) => Buffer.from(POINTS[(i + k) % 4]!, 'base64url'))));

describe('red team: well-shaped junk where a point or proof goes', () => {
	it('key-generation complaints made of junk points and proofs: no device throws, no honest dealer is disqualified, the key generation completes', () => {
		const game = gameIdFor('adversarial:junk-crypto:keygen');
		const peer = (name: string, seat: number): Peer => ({ name, seat, device: playerDevice(name), replay: replayer(game), inbox: [], has: new Set() });
		const [alice, bob, rogue] = [peer('alice', 0), peer('bob', 1), peer('rogue', 2)];
		const table = new Table(game, new Rng('junk-crypto:keygen'), [alice, bob], rogue);
		table.broadcast(alice.device!.entry(alice.replay, 'create', { options: gameOptions(3), rules: { equivocation: 'forfeit', countdown: 60 } }));
		for (const p of [alice, bob, rogue]) {
			table.deliverAll();
			table.broadcast(p.device!.join(p.replay, p.seat!));
		}
		// Every dealing in, the rogue's verdict not yet: its junk complaints go first.
		for (let round = 0; round < 3; round++) {
			table.deliverAll();
			for (const p of [alice, bob, rogue]) {
				const entry = p.device!.nextAutomatic(p.replay);
				if (entry !== null && JSON.parse(entry).kind === 'deal') table.post(p, entry);
			}
		}
		table.deliverAll();
		expect(alice.replay.core.keygen!.dealings.size).toBe(3);
		const complaints: string[] = [];
		for (let i = 0; i < 8; i++) {
			const complaint = { dealer: i % 2, seat: 2, pad: POINTS[i % 4]!, proof: proofOf(i) };
			complaints.push(table.rogueEntry('keys', { seat: 2, complaints: [complaint] }));
		}
		for (const text of complaints) table.send(text, table.honest);
		expect(() => table.settle({ rogue: true })).not.toThrow();
		for (const p of table.honest) {
			expect(p.replay.core.keygen?.group, `${p.name}: the key generation completed`).toBeTruthy();
			expect(p.replay.core.keygen!.qualified, `${p.name}: no honest dealer disqualified`).toEqual(expect.arrayContaining([0, 1]));
		}
		expectConverged(table.honest);
		expectFreshAgrees(table);
	});

	it('coin shares for the open event made of junk points are refused BAD_SHARE and the event completes with the honest shares', () => {
		const table = rogueTable('junk-crypto:shares', { honest: 3 });
		play(table, 10, 'junk-crypto:shares');
		let posted = 0;
		let sent: string[] = [];
		// A move that opens a random event is made here; before anyone shares, the rogue posts junk shares for it.
		play(table, 60, 'junk-crypto:shares:on', {
			before: (t, state, move) => {
				if (posted >= 12 || !opensEvent(state, move)) return false;
				t.act(t.peerOfSeat(move.seat), move);
				t.deliver(t.rogue);
				const event = t.rogue.replay.core.event;
				if (event === null) return true;
				const texts = [0, 1, 2].map((i) => t.rogueEntry('share', { seat: t.rogue.seat!, opener: event.opener, request: event.request, value: shareOf(posted + i) }));
				posted += texts.length;
				sent = [...sent, ...texts];
				for (const text of texts) t.send(text, t.honest);
				return true;
			},
		});
		expect(posted).toBeGreaterThan(0);
		for (const p of table.honest) {
			for (const text of sent) expect(p.replay.rejections.find((r) => r.id === idOf(text))?.code, p.name).toBe('BAD_SHARE');
		}
		expect(table.view.event, 'random events settled').toBeGreaterThan(2);
		expectConverged(table.honest);
		expectFreshAgrees(table);
	});

	const DECK_JUNK: [string, (body: DeckBody, i: number) => DeckBody | null][] = [
		['shuffle cards that are no points', (b, i) => (b.type === 'shuffle' ? { ...b, cards: b.cards.map((_, k) => b64(Buffer.concat([Buffer.from(POINTS[(i + k) % 4]!, 'base64url'), Buffer.from(POINTS[(i + k + 1) % 4]!, 'base64url')]))) } : null)],
		['a shuffle commitment of junk', (b, i) => (b.type === 'shuffle' ? { ...b, commitment: POINTS[i % 4]! } : null)],
		['a drawn group shown with junk partials', (b, i) => (b.type === 'drawn' && b.partials !== null ? { ...b, partials: b.partials.map((p, k) => ({ ...p, share: shareOf(i + k) })) } : null)],
		['seals and reveal seals whose ephemeral key is no point', (b, i) => (b.type === 'seal' || b.type === 'tell' ? { ...b, box: POINTS[i % 3]! + b.box.slice(43) } : null)],
		['seals cut short', (b) => (b.type === 'seal' || b.type === 'tell' ? { ...b, box: b.box.slice(0, 40) } : null)],
		// An honest device complains only about a bad seal: the rogue complains in place of sealing.
		['complaints made of junk points and proofs', (b, i) => (b.type === 'seal' ? { type: 'complain', seat: b.seat, from: b.to, position: b.position, shared: POINTS[i % 4]!, proof: proofOf(i) } : null)],
		['a seed of junk', (b, i) => (b.type === 'seed' ? { ...b, seed: POINTS[i % 4]! } : null)],
	];

	it.each(DECK_JUNK)('secret deck, %s from a seat holder: no device throws and peers keep one state', (what, change) => {
		const { net, players } = newSecretGame(gameIdFor(`adversarial:junk-crypto:deck:${what}`), ['ann', 'bob', 'cyd']);
		let changed = 0;
		const tamper: Tamper = (_peer, seat, body) => {
			if (seat !== 2) return null;
			const next = change(body, changed);
			if (next !== null) changed++;
			return next;
		};
		// Rounds of moves until the rogue had a body of that kind to spoil (seeds come at the end).
		expect(() => {
			for (let round = 0; round < 8 && changed === 0 && players[0]!.replay.state!.phase.kind !== 'over'; round++) playWith(net, players, tamper, `junk-crypto:${what}:${round}`, 12);
			if (changed === 0) playToTheEnd(net, players, tamper, `junk-crypto:${what}:end`, 4);
		}).not.toThrow();
		expect(changed, 'junk entries the rogue posted').toBeGreaterThan(0);
		const hashes = new Set(players.map((p) => p.replay.stateHash));
		expect(hashes.size, 'one state').toBe(1);
		const spectator = net.peer('spectator', null);
		expect(spectator.replay.stateHash, 'a fresh replay agrees').toBe(players[0]!.replay.stateHash);
		console.log(`junk crypto, ${what}: ${changed} entries changed; broken: ${players[0]!.replay.broken ?? 'no'}; deck faults: ${players[0]!.replay.core.deck?.faults.map((f) => f.code).join(', ') || 'none'}; refusals: ${[...new Set(players[0]!.replay.rejections.map((r) => r.code))].join(', ')}`);
	});
});
