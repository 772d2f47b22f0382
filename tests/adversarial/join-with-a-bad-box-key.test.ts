/**
 * Red team: a join whose box key is no ristretto255 point. A join names the seat's box key, to
 * which every dealer of the key generation seals that seat's share (and the deck, private offers
 * and private chat seal to it later). Parsing checks only that it is 32 bytes of canonical
 * base64url. A rogue that takes the last free seat with bytes that decode to no point (or to the
 * identity, to which a seal hides nothing) must not stop the game: every honest dealer would
 * otherwise fail to deal at all, on every device, for good. The join is refused `BAD_BOX_KEY`,
 * naming its author, on every peer; the seat stays free, an honest player takes it and the key
 * generation completes. A join copying another seat's (valid) box key is taken: it hurts only the
 * joiner (its share opens for the other seat, as if it gave it away: collusion, not an attack).
 */
import { describe, expect, it } from 'vitest';
import { gameIdFor, gameOptions, playerDevice } from '../protocol/v2/table.js';
import { expectConverged, expectFreshAgrees, idOf, replayer, Rng, spectator, Table, type Peer } from './harness.js';

const BAD_BOXES: [string, string][] = [
	['bytes that decode to no point', `${'_'.repeat(42)}w`],
	['a non-canonical encoding (the field element p + 1)', Buffer.from('eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', 'hex').toString('base64url')],
	['the identity point (a seal to it hides nothing)', 'A'.repeat(43)],
];

describe('red team: a join with a box key that is no point', () => {
	it.each(BAD_BOXES)('with %s is refused BAD_BOX_KEY; the seat stays free and the key generation completes once an honest player takes it', (_what, box) => {
		const game = gameIdFor(`adversarial:bad-box:${box}`);
		const peer = (name: string, seat: number | null): Peer => ({ name, seat, device: playerDevice(name), replay: replayer(game), inbox: [], has: new Set() });
		const [alice, bob, carol] = [peer('alice', 0), peer('bob', 1), peer('carol', 2)];
		const rogue = peer('rogue', null);
		const table = new Table(game, new Rng(`bad-box:${box}`), [alice, bob, carol, spectator('spectator', game)], rogue);
		table.broadcast(alice.device!.entry(alice.replay, 'create', { options: gameOptions(3), rules: { equivocation: 'forfeit', countdown: 60 } }));
		for (const p of [alice, bob]) {
			table.deliverAll();
			table.broadcast(p.device!.join(p.replay, p.seat!));
		}
		table.deliverAll();
		const bad = table.rogueEntry('join', { seat: 2, box });
		table.send(bad, table.honest);
		expect(() => table.settle()).not.toThrow();
		for (const p of table.honest) {
			const refusal = p.replay.rejections.find((r) => r.id === idOf(bad));
			expect(refusal?.code, p.name).toBe('BAD_BOX_KEY');
			expect(refusal?.author, p.name).toBe(rogue.device!.key);
			expect(p.replay.seats[2], p.name).toBeNull();
		}
		table.broadcast(carol.device!.join(carol.replay, 2));
		expect(() => table.settle()).not.toThrow();
		for (const p of table.honest) {
			expect(p.replay.seats[2], p.name).toBe(carol.device!.key);
			expect(p.replay.core.keygen?.group, `${p.name}: the key generation completed`).toBeTruthy();
		}
		expectConverged(table.honest);
		expectFreshAgrees(table);
	});
});

describe('red team: a join copying another seat\u2019s box key', () => {
	it('is taken (only the joiner loses: what is sealed to its seat opens for the other seat, not for it); no device throws and the key generation completes with the honest dealers', () => {
		const game = gameIdFor('adversarial:copied-box');
		const peer = (name: string, seat: number | null): Peer => ({ name, seat, device: playerDevice(name), replay: replayer(game), inbox: [], has: new Set() });
		const [alice, bob] = [peer('alice', 0), peer('bob', 1)];
		const rogue = peer('rogue', 2);
		const table = new Table(game, new Rng('copied-box'), [alice, bob, spectator('spectator', game)], rogue);
		table.broadcast(alice.device!.entry(alice.replay, 'create', { options: gameOptions(3), rules: { equivocation: 'forfeit', countdown: 60 } }));
		for (const p of [alice, bob]) {
			table.deliverAll();
			table.broadcast(p.device!.join(p.replay, p.seat!));
		}
		table.deliverAll();
		const copied = table.rogueEntry('join', { seat: 2, box: alice.device!.box(0).publicKey });
		table.send(copied, table.honest);
		expect(() => table.settle({ rogue: true })).not.toThrow();
		for (const p of table.honest) {
			expect(p.replay.seats[2], p.name).toBe(rogue.device!.key);
			expect(p.replay.core.keygen?.group, `${p.name}: the key generation completed`).toBeTruthy();
			expect(p.replay.core.keygen!.qualified, `${p.name}: the honest dealers count`).toEqual(expect.arrayContaining([0, 1]));
		}
		expectConverged(table.honest);
		expectFreshAgrees(table);
	});
});
