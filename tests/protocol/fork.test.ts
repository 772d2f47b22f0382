// Fork: a new game from any accepted entry of another, replaying to the parent's state there with
// the parent's signatures intact, then going on independently with seats claimed anew.
import { describe, expect, it } from 'vitest';
import { replay, stateHash } from '../../src/lib/engine/index.js';
import { Verifier } from '../../src/lib/protocol/crypto.js';
import { parseEntry } from '../../src/lib/protocol/entry.js';
import { forkEntries, forkMatchesParent } from '../../src/lib/protocol/fork.js';
import { ProtocolReplayer } from '../../src/lib/protocol/v1/replayer.js';
import { bytes, device, newTable, play, tableOf } from './game.js';

const PARENT = '1111111111111111';
const FORK = '2222222222222222';
const [alice, bob, carol] = [device('alice'), device('bob'), device('carol')];

/** A parent game still under way after 50 random moves (the seed label picks one that is). */
function parent() {
	const table = newTable(PARENT, [alice, bob]);
	play(table, 50, 'parent-game');
	return table;
}

describe('fork', () => {
	it('replays to the parent\u2019s state at the fork point, keeping the parent\u2019s signatures', () => {
		const p = parent();
		for (const index of [0, 5, 40, p.replay.accepted.length - 1]) {
			const entries = forkEntries(p.replay, index, carol.identity, FORK);
			expect(forkMatchesParent(entries[0], p.replay)).toBe(true);
			const f = new ProtocolReplayer(FORK);
			f.sync(entries);
			expect(f.rejections).toEqual([]);
			expect(f.broken).toBeNull();
			const at = p.replay.accepted[index]!.state;
			expect(f.stateHash).toBe(at === null ? null : stateHash(at));
			// Seats are claimed anew in the fork.
			expect(f.seats).toEqual([null, null]);
			for (const text of entries.slice(1)) {
				const parsed = parseEntry(text);
				expect(parsed.ok && new Verifier().verifySync(parsed.entry.author, parsed.entry.sig, parsed.signed)).toBe(true);
				expect(parsed.ok && parsed.entry.game).toBe(PARENT);
			}
		}
	});

	it('goes on independently: new keys claim the seats with fresh chains; the parent is unaffected', () => {
		const p = parent();
		const index = 30;
		const f = tableOf(new ProtocolReplayer(FORK), [carol, bob]);
		for (const entry of forkEntries(p.replay, index, carol.identity, FORK)) f.add(entry);
		// Carol takes seat 0 (alice's in the parent); bob claims his seat again, with a new chain.
		const bobAgain = device('bob');
		f.holders[1] = bobAgain;
		f.add(carol.join(f.replay, 0, bytes('fork-chain')));
		f.add(bobAgain.join(f.replay, 1, bytes('fork-chain')));
		// Too late for alice: the seat is taken, and her key no longer acts for seat 0.
		const scratch = new ProtocolReplayer(FORK);
		scratch.sync(f.entries);
		const before = scratch.stateHash;
		const aliceInFork = device('alice'); // same key; a Device keeps one game's chains
		expect(scratch.append(aliceInFork.join(scratch, 0, bytes('late')))?.code).toBe('SEAT_TAKEN');
		expect(scratch.append(aliceInFork.entry(scratch, 'action', { type: 'leave', seat: 0 }))?.code).toBe('NOT_SEAT_HOLDER');
		expect(scratch.stateHash).toBe(before);
		play(f, 40, 'fork');
		expect(f.replay.rejections).toEqual([]);
		expect(f.replay.state!.accepted).toBeGreaterThan(p.replay.accepted[index]!.state!.accepted);
		const parentHash = p.replay.stateHash;
		expect(p.replay.state!.phase.kind).not.toBe('over');
		play(p, 10, 'parent-goes-on');
		expect(p.replay.rejections).toEqual([]);
		expect(p.replay.stateHash).not.toBe(parentHash);
		// The fork's export replays in the engine to the same state and names its parent.
		const log = f.replay.exportLog();
		expect(log.meta).toEqual({ game: FORK, source: 'fnord-p2p', parent: PARENT, forkIndex: index });
		expect(stateHash(replay(log).state)).toBe(f.replay.stateHash);
		// A fork of the fork replays through both levels.
		const g = new ProtocolReplayer('3333333333333333');
		const k = f.replay.accepted.length - 1;
		g.sync(forkEntries(f.replay, k, alice.identity, '3333333333333333'));
		expect(g.rejections).toEqual([]);
		expect(g.stateHash).toBe(f.replay.stateHash);
	});

	it('a fork whose carried entries do not match its parentHash is broken for every peer', () => {
		const p = parent();
		const entries = forkEntries(p.replay, 20, carol.identity, FORK);
		const dropped = [entries[0], ...entries.slice(1, 10), ...entries.slice(11), entries[11]];
		const f = new ProtocolReplayer(FORK);
		f.sync(dropped);
		expect(f.broken).not.toBeNull();
		expect(f.append(carol.join(f, 0, bytes('x')))?.code).toBe('BAD_FORK');
		expect(forkMatchesParent(entries[0], newTable('4444444444444444', [alice, bob]).replay)).toBe(false);
	});
});
