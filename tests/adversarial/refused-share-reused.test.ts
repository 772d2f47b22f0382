/**
 * Attack 4: a refused share re-used. A coin share is bound to its seat's share key and to the
 * message (game, opener, request) of one random event. The rogue posts, while an event is open,
 * its own valid share of an earlier event, its valid share of this event for another request or
 * naming another opener, an honest seat's share under its own seat, garbage, a real point with a
 * forged proof, and an honest seat's share claiming that seat. Each is refused (BAD_SHARE, or
 * NOT_SEAT_HOLDER for the seat it does not hold), whatever order the peers get them in, and the
 * event's coin is the one the honest shares give: the same as at a table where nobody cheated.
 */
import { describe, expect, it } from 'vitest';
import { Chooser } from '../../src/lib/bots/random-player.js';
import { bytesToBase64url, base64urlToBytes } from '../../src/lib/protocol/base64url.js';
import { combineCoin } from '../../src/lib/protocol/coin/index.js';
import type { Bodies, Entry } from '../../src/lib/protocol/entry.js';
import { coinMessage } from '../../src/lib/protocol/v2/entry-handlers.js';
import { idOf, expectConverged, expectFinalKept, expectFreshAgrees, opensEvent, randomMove, Rng, rogueTable, seeds, snapshot, type Peer, type Table } from './harness.js';

type Share = Bodies['share'];
const bodyOf = (text: string) => JSON.parse(text) as Entry;

/** Plays until a move opens a random event after the rogue gave a share; the event is left open. */
function openEvent(table: Table, seed: string): void {
	const chooser = new Chooser(seed);
	const secrets = new Map();
	for (let i = 0; i < 2_000; i++) {
		table.settle({ rogue: true });
		const state = table.view.state!;
		const move = randomMove(state, chooser, secrets);
		if (move === null) break;
		table.act(table.peerOfSeat(move.seat), move);
		const rogueShared = table.rogueEntries.some((entry) => bodyOf(entry).kind === 'share');
		if (rogueShared && opensEvent(state, move)) return;
	}
	throw new Error(`no random event in 2,000 moves (seed ${seed})`);
}

/** Honest shares reach only their authors (held), everything else flows: the event stays open everywhere. */
function holdShares(table: Table, held: string[]): void {
	table.settle({
		gossip: false,
		route: (from: Peer, entry: string) => {
			if (bodyOf(entry).kind !== 'share') return table.everyone;
			held.push(entry);
			return [from];
		},
	});
}

describe('attack 4: a refused share re-used', () => {
	it('shares re-used across events, requests, openers and seats, garbage and forged proofs are refused; the coin is the honest one', () => {
		const label = 'share-reuse';
		const table = rogueTable(label, { honest: 3 });
		const control = rogueTable(label, { honest: 3 });
		openEvent(table, label);
		openEvent(control, label);
		const held: string[] = [];
		holdShares(table, held);
		if (!table.view.isFinal(table.view.core.event!.opener)) {
			// An honest seat opened it: the rogue (which posts nothing automatic here) acknowledges it.
			table.broadcast(table.rogueEntry('ack', {}));
			holdShares(table, held);
		}
		const event = table.view.core.event!;
		expect(event, 'a random event is open').not.toBeNull();
		for (const peer of table.honest) expect(peer.replay.isFinal(event.opener), `${peer.name}: the opener is final`).toBe(true);
		expect(held.length, 'every honest seat made its share').toBe(3);
		const before = snapshot(table.honest);
		const settledBefore = table.view.core.settled;

		const rogueSeat = table.rogue.seat!;
		const earlier = bodyOf(table.rogueEntries.filter((entry) => bodyOf(entry).kind === 'share').at(-1)!).body as Share;
		const mine = bodyOf(table.rogue.device!.nextAutomatic(table.rogue.replay)!).body as Share; // its valid share, not posted
		expect(mine.opener).toBe(event.opener);
		const honest = held.map((entry) => bodyOf(entry).body as Share);
		const forged = base64urlToBytes(honest[0]!.value, 96)!;
		forged.set(new Uint8Array(64).fill(7), 32);
		const cases: [string, Share, string][] = [
			['its valid share of an earlier event, for the open one', { ...mine, value: earlier.value }, 'BAD_SHARE'],
			['its valid share, for another request', { ...mine, request: mine.request + 1 }, 'BAD_SHARE'],
			['its valid share, naming an earlier opener', { ...mine, opener: earlier.opener, request: earlier.request }, 'BAD_SHARE'],
			['an honest seat\u2019s share, under its own seat', { ...mine, value: honest[0]!.value }, 'BAD_SHARE'],
			['garbage bytes', { ...mine, value: bytesToBase64url(new Uint8Array(96).fill(0xa5)) }, 'BAD_SHARE'],
			['an honest share\u2019s point with a forged proof', { ...mine, value: bytesToBase64url(forged) }, 'BAD_SHARE'],
			['an honest seat\u2019s share, claiming that seat', honest[1]!, 'NOT_SEAT_HOLDER'],
		];
		const rng = new Rng(`${label}:delivery`);
		const posted = cases.map(([name, body, code]) => ({ name, code, entry: table.rogueEntry('share', { ...body, seat: body === honest[1] ? body.seat : rogueSeat }) }));
		// Each honest peer gets the bad shares in another order, some of them twice.
		for (const peer of table.honest) for (const { entry } of rng.shuffle([...posted, ...posted.slice(0, 3)])) table.send(entry, [peer]);
		holdShares(table, held);
		for (const peer of table.honest) expect(peer.replay.core.event?.opener, `${peer.name}: still open`).toBe(event.opener);

		// The honest shares come out; the event completes.
		for (const entry of held) table.broadcast(entry);
		table.settle();
		const t = table.view.core.keygen!.t;
		const shares = new Map(honest.map((share) => [share.seat, share.value]));
		const coin = combineCoin({ message: coinMessage(table.game, event.opener, event.request), shares, t });
		for (const peer of table.honest) {
			for (const { name, code, entry } of posted) {
				expect(peer.replay.rejections.find((r) => r.id === idOf(entry))?.code, `${peer.name}: ${name}`).toBe(code);
			}
			expect(seeds(peer.replay)[settledBefore], `${peer.name}: the coin`).toBe(coin);
		}
		expectConverged(table.honest);
		expectFinalKept(before, table.honest);
		expectFreshAgrees(table, rng);

		// A table where nobody cheated reaches the same game.
		control.settle({ rogue: true });
		expect(seeds(control.view)[settledBefore]).toBe(coin);
		expect(table.view.stateHash).toBe(control.view.stateHash);
	});
});
