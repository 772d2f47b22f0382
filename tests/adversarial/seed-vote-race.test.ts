/**
 * Red team (session 14): at a secret-deck game's end, the seeds owed are voted on, and the voters
 * were the seats owing nothing. A rogue posting in one batch the entry that ended the game, its own
 * seed and a "withholds its seed" vote against each other shuffler was the lone voter there: one
 * vote named each honest seat SEED_WITHHELD (caught cheating) before its seed could come, the audit
 * ran without their seeds, and the rogue's own fraud (a drawn group kept as a "Special") went
 * unnamed. A majority of every other seat not voted out or caught (deck/withheld.ts
 * `seedElectorate`) is now needed, whether or not its seed is in yet.
 */
import { describe, expect, it } from 'vitest';
import { legalActions } from '../../src/lib/engine/index.js';
import { gameIdFor, type Peer } from '../protocol/v2/table.js';
import { newSecretGame } from '../protocol/v2/deck-table.js';
import { playWith, automaticWith, type Tamper } from '../protocol/v2/deck-hostile.js';

const faultsOf = (peer: Peer) => peer.replay.core.deck!.faults.map((f) => [f.seat, f.code]);

function run(attack: boolean) {
	const { net, players } = newSecretGame(gameIdFor(attack ? 'seed-race-attack' : 'seed-race-control'), ['ann', 'bob', 'cyd']);
	const [ann, bob] = players as [Peer, Peer, Peer];
	let keptGroup: number | null = null;
	// The rogue (seat 0) keeps the first group it draws hidden, claiming a Special.
	const tamper: Tamper = (_peer, seat, body) => {
		if (seat === 0 && body.type === 'drawn' && body.partials !== null && keptGroup === null) {
			keptGroup = body.position;
			return { ...body, partials: null };
		}
		return null;
	};
	for (let i = 0; i < 40 && keptGroup === null; i++) playWith(net, players, tamper, `seed-race-${i}`, 6);
	expect(keptGroup, 'the rogue kept a group hidden').not.toBeNull();
	expect(ann.replay.core.deck!.kept.get(keptGroup!)).toBe(0);
	// Bob leaves; the rogue's own leave then ends the game (Cyd is the lone survivor).
	const auto = () => automaticWith(net, players, () => null);
	for (const [seat, peer] of [[1, bob]] as const) {
		auto();
		const leave = legalActions(peer.replay.state!, seat).find((l) => l.action.type === 'leave')!;
		net.post(peer.device!.entry(peer.replay, 'action', leave.action));
	}
	auto();
	for (let i = 0; i < 60 && !(ann.replay.state!.turn?.seat === 0 && ann.replay.state!.random === null); i++) playWith(net, players, () => null, `seed-race-on-${i}`, 1);
	expect(ann.replay.state!.turn?.seat).toBe(0);
	expect(ann.replay.state!.phase.kind).not.toBe('over');
	// The rogue's batch: the entry that ends the game, its seed, and (attack) its two votes.
	const leave = legalActions(ann.replay.state!, 0).find((l) => l.action.type === 'leave')!;
	net.post(ann.device!.entry(ann.replay, 'action', leave.action));
	expect(ann.replay.state!.phase.kind).toBe('over');
	const seed = ann.device!.deck.next(ann.replay.core, ann.device!.deckKeys(ann.replay, ann.replay.core, 0))!;
	expect(seed.type).toBe('seed');
	net.post(ann.device!.entry(ann.replay, 'deck', seed));
	if (attack) {
		net.post(ann.device!.entry(ann.replay, 'absent', { seat: 0, target: 1 }));
		net.post(ann.device!.entry(ann.replay, 'absent', { seat: 0, target: 2 }));
	}
	// The honest devices now reveal their seeds as they always do; everyone acknowledges.
	auto();
	return { players, keptGroup: keptGroup! };
}

describe('votes that seeds are withheld, posted with the entry that ends the game', () => {
	it.each([
		['without the votes', false],
		['with one rogue vote against each honest seat', true],
	] as const)('%s: no honest seat is named, and the audit names the rogue KEPT_A_GROUP', (_, attack) => {
		const { players } = run(attack);
		for (const peer of players) {
			expect(faultsOf(peer), peer.name).toEqual([[0, 'KEPT_A_GROUP']]);
			expect([...peer.replay.core.cheaters], peer.name).toEqual([0]);
			expect(peer.replay.core.deck!.audit, peer.name).not.toBeNull();
		}
		expect(new Set(players.map((p) => p.replay.stateHash)).size).toBe(1);
	});
});
