/**
 * Attack 2: a back-dated join. A new key claims a seat that has been held for many entries,
 * naming only the game's `create` in `deps` (as if it had joined first). A stranger's entry is
 * placed when every member has acknowledged it, so the join lands after the holder's and is
 * refused (SEAT_TAKEN) whatever order it reaches each peer in. In the lobby, a rogue racing an
 * honest joiner for a free seat: every peer agrees on the winner.
 */
import { describe, expect, it } from 'vitest';
import { gameIdFor, gameOptions, playerDevice } from '../protocol/v2/table.js';
import { expectConverged, expectFinalKept, expectFreshAgrees, play, replayer, Rng, rogueTable, snapshot, spectator, summary, Table, type Peer } from './harness.js';

type Delivery = 'to every peer at once' | 'to one peer, the others by gossip' | 'to one peer, the rest after 20 more moves' | 'twice, re-spelled, to each peer at another time';

describe('attack 2: a back-dated join', () => {
	it.each<[Delivery]>([
		['to every peer at once'],
		['to one peer, the others by gossip'],
		['to one peer, the rest after 20 more moves'],
		['twice, re-spelled, to each peer at another time'],
	])('a new key joining a long-held seat, naming only the create, is refused SEAT_TAKEN and the holder keeps the seat (sent %s)', (delivery) => {
		const label = `join:${delivery}`;
		const table = rogueTable('back-dated-join', { honest: 3, rogueSeat: null });
		play(table, 40, 'back-dated-join');
		const holder = table.view.seats[0];
		const hash = table.view.stateHash;
		const before = snapshot(table.honest);
		const create = table.view.accepted[0]!.id;
		const join = table.rogueEntry('join', { seat: 0, box: table.rogue.device!.box(0).publicKey }, { last: null, deps: [create] });

		const [first, ...rest] = new Rng(label).shuffle(table.honest);
		switch (delivery) {
			case 'to every peer at once':
				table.send(join, table.honest);
				break;
			case 'to one peer, the others by gossip':
				table.send(join, [first!]);
				break;
			case 'to one peer, the rest after 20 more moves':
				table.send(join, [first!]);
				table.deliver(first!);
				for (const peer of rest) peer.has.add(join); // kept from them while the table plays on
				play(table, 20, 'back-dated-join:more', { rogueAutomatic: false });
				for (const peer of rest) {
					peer.has.delete(join);
					table.send(join, [peer]);
				}
				break;
			case 'twice, re-spelled, to each peer at another time':
				for (const peer of table.honest) table.send(join, [peer]);
				table.deliver(first!);
				for (const peer of table.honest) peer.replay.add([JSON.stringify(JSON.parse(join), null, 1)]);
				break;
		}
		table.settle();
		// Only acknowledgements were posted since: the join changed nothing.
		if (delivery !== 'to one peer, the rest after 20 more moves') for (const peer of table.honest) expect(peer.replay.stateHash, peer.name).toBe(hash);
		play(table, 10, 'back-dated-join:after');

		for (const peer of table.honest) {
			const joinId = peer.replay.rejections.find((r) => r.author === table.rogue.device!.key)!;
			expect(joinId, peer.name).toBeDefined();
			expect(joinId.code, peer.name).toBe('SEAT_TAKEN');
			expect(peer.replay.isFinal(joinId.id!), `${peer.name}: the refused join is final`).toBe(true);
			expect(peer.replay.seats[0], peer.name).toBe(holder);
		}
		expectConverged(table.honest);
		expectFinalKept(before, table.honest);
		expectFreshAgrees(table, new Rng(`${label}:fresh`));
	});
});

/** A lobby: the host created the game and holds seat 0; seats 1 and 2 are free. */
function lobby(label: string): { table: Table; bob: Peer; carol: Peer } {
	const game = gameIdFor(`adversarial:lobby:${label}`);
	const peer = (name: string, seat: number | null): Peer => ({ name, seat, device: playerDevice(name), replay: replayer(game), inbox: [], has: new Set() });
	const alice = peer('alice', 0);
	const bob = peer('bob', 1);
	const carol = peer('carol', 2);
	const rogue = peer('rogue', null);
	const table = new Table(game, new Rng(label), [alice, bob, carol, spectator('spectator', game)], rogue);
	table.broadcast(alice.device!.entry(alice.replay, 'create', { options: gameOptions(3), rules: { equivocation: 'forfeit', countdown: 60 } }));
	table.deliverAll();
	table.broadcast(alice.device!.join(alice.replay, 0));
	table.settle();
	return { table, bob, carol };
}

describe('attack 2: a rogue racing an honest joiner for a free seat', () => {
	it.each([
		['back-dated (naming only the create), sent to every peer first', 'create', 'first'],
		['back-dated, sent to half the peers first', 'create', 'half'],
		['naming what it saw, sent to every peer first', 'heads', 'first'],
		['naming what it saw, sent after the honest join', 'heads', 'after'],
		['naming what it saw, sent to half the peers first', 'heads', 'half'],
	] as const)('every peer agrees on who holds the seat (rogue join %s)', (_name, deps, timing) => {
		const { table, bob, carol } = lobby(`race-${deps}-${timing}`);
		const rogueDeps = deps === 'create' ? [table.view.accepted[0]!.id] : table.rogue.replay.depsFor(null);
		const rogueJoin = table.rogueEntry('join', { seat: 1, box: table.rogue.device!.box(1).publicKey }, { last: null, deps: rogueDeps });
		const honestJoin = bob.device!.join(bob.replay, 1);
		const half = table.rng.shuffle(table.honest).slice(0, 2);
		if (timing === 'first') table.send(rogueJoin, table.honest);
		if (timing === 'half') table.send(rogueJoin, half);
		table.deliverAll();
		table.broadcast(honestJoin);
		table.deliverAll();
		if (timing === 'after') table.send(rogueJoin, table.honest);
		table.settle();
		const holder = table.view.seats[1];
		expect([bob.device!.key, table.rogue.device!.key]).toContain(holder);
		for (const peer of table.honest) expect(peer.replay.seats[1], peer.name).toBe(holder);
		const loser = holder === bob.device!.key ? table.rogue.device!.key : bob.device!.key;
		for (const peer of table.honest) {
			expect(peer.replay.rejections.find((r) => r.author === loser)?.code, peer.name).toBe('SEAT_TAKEN');
		}
		// The lobby goes on: the last seat fills and every peer still agrees.
		table.broadcast(carol.device!.join(carol.replay, 2));
		table.settle({ rogue: true });
		expectConverged(table.honest);
		expect(summary(table.view).finalCount).toBeGreaterThan(2);
		expectFreshAgrees(table);
	});
});
