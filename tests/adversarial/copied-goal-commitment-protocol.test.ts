/**
 * Red team, secret goals over protocol v2 (docs/protocol.md, attacks): under Hidden Illuminati every
 * seat signs a `commitGoal` entry in seat order, so a hostile seat reads the earlier seats'
 * digests in the log before its own. A copied digest is refused DUPLICATE_COMMITMENT by every peer,
 * a seatless one too, and the seat still owes its own commitment; a goal entry signed for another
 * seat is refused NOT_SEAT_HOLDER. (The engine-level attack: copied-goal-commitment.test.ts.)
 */
import { expect, it } from 'vitest';
import { goalCommitment, type Seat } from '../../src/lib/engine/index.js';
import { parseEntry } from '../../src/lib/protocol/entry.js';
import { hiddenDeal } from '../protocol/v2/hidden-table.js';
import type { Peer } from '../protocol/v2/table.js';

const idOf = (text: string) => {
	const result = parseEntry(text);
	if (!result.ok) throw new Error(result.message);
	return result.id;
};
const refusalOf = (peer: Peer, text: string) => peer.replay.rejections.find((r) => r.id === idOf(text))?.code ?? null;

it('a copied goal commitment is refused DUPLICATE_COMMITMENT by every peer; a commitment signed for another seat NOT_SEAT_HOLDER', () => {
	const { net, players, spectator } = hiddenDeal('redteam-copied-goal', ['ann', 'bob', 'cyd']);
	const everyone = [...players, spectator!];
	const [ann, bob] = players as [Peer, Peer];
	expect(ann.replay.state!.phase).toEqual({ kind: 'ufoGoal', seat: 0 });
	const annCommitment = goalCommitment('network', 'c0ffee00c0ffee00c0ffee00c0ffee00');
	// Bob, next to commit, first tries to commit in ann's place.
	const early = bob.device!.entry(bob.replay, 'action', { type: 'commitGoal', seat: 0, commitment: goalCommitment('network', 'b0b') });
	net.post(early);
	net.automatic();
	for (const peer of everyone) expect(refusalOf(peer, early)).toBe('NOT_SEAT_HOLDER');
	net.post(ann.device!.entry(ann.replay, 'action', { type: 'commitGoal', seat: 0, commitment: annCommitment }));
	net.automatic();
	const before = spectator!.replay.stateHash;
	// Bob copies ann's digest from the log.
	const copy = bob.device!.entry(bob.replay, 'action', { type: 'commitGoal', seat: 1 as Seat, commitment: annCommitment });
	net.post(copy);
	net.automatic();
	for (const peer of everyone) {
		expect(refusalOf(peer, copy)).toBe('DUPLICATE_COMMITMENT');
		expect(peer.replay.stateHash).toBe(before);
		expect(peer.replay.state!.phase).toEqual({ kind: 'ufoGoal', seat: 1 });
		expect(peer.replay.state!.players[1]!.goalCommitment).toBeNull();
	}
	// Its own commitment is still taken.
	const own = goalCommitment('network', 'b0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0');
	net.post(bob.device!.entry(bob.replay, 'action', { type: 'commitGoal', seat: 1 as Seat, commitment: own }));
	net.automatic();
	for (const peer of everyone) expect(peer.replay.state!.players[1]!.goalCommitment).toBe(own);
});
