/**
 * Red team: entries signed by valid keys, replayed where they do not belong.
 *
 * - Another game, the same keys: two games with the same players (the worst case: the app derives
 *   a key per game, these tests' devices do not). Every entry of game A (its create, joins,
 *   dealings, moves, shares) reaches game B's peers: each is refused WRONG_GAME and B does not
 *   change. The rogue's own shares of A, re-signed into B under its B chain: BAD_SHARE (a share
 *   proves a value for its game, opener and request).
 * - Another fork: two forks of one parent at the same point by the same forker, the same players
 *   claiming the same seats, and the parent's own entries after that point. A fresh peer of fork
 *   F2 gets F2's entries mixed with every entry of F1 and the parent's later ones, shuffled, in
 *   batches: it ends exactly as F2's own peers (hash, accepted ids, final count), accepts none
 *   of the others (a text not listed by F2's carry entries is never replayed there) and refuses
 *   each WRONG_GAME, whether it came before F2's carried section closed or after. Likewise a
 *   peer given another game's entries before its own `create` (a rogue placing them first in the
 *   Yjs array) refuses them as a peer given them later does (the fresh replays below).
 * - Another seat: a seat holder signs, with its own key, an entry of every kind naming an honest
 *   seat (copying that seat's own values where it can): each is refused naming the rogue.
 */
import { describe, expect, it } from 'vitest';
import type { Bodies, EntryKind } from '../../src/lib/protocol/entry.js';
import { GameReplayer } from '../../src/lib/protocol/v2/replayer.js';
import { claimSeats, forkTable, parentGame } from '../protocol/v2/forks.js';
import { gameIdFor, playMoves } from '../protocol/v2/table.js';
import { expectConverged, expectFinalKept, expectFreshAgrees, idOf, play, Rng, rogueTable, snapshot, summary, verifier } from './harness.js';

const kindOf = (text: string) => (JSON.parse(text) as { kind: EntryKind }).kind;
const bodyOf = <K extends EntryKind>(text: string) => (JSON.parse(text) as { body: Bodies[K] }).body;

describe('red team: an entry replayed into another game', () => {
	it('every entry of a game with the same keys is refused WRONG_GAME by another game\u2019s peers, which do not change', () => {
		const a = rogueTable('cross-game:a', { honest: 3 });
		const b = rogueTable('cross-game:b', { honest: 3 });
		expect(a.game).not.toBe(b.game);
		expect(a.honest.map((p) => p.device!.key)).toEqual(b.honest.map((p) => p.device!.key));
		play(a, 40, 'cross-game:a');
		play(b, 25, 'cross-game:b');
		const hash = b.view.stateHash;
		const before = snapshot(b.honest);
		const foreign = a.sent.slice();
		expect(foreign.map(kindOf)).toEqual(expect.arrayContaining(['create', 'join', 'deal', 'keys', 'action', 'share', 'ack']));

		for (const peer of b.honest) for (const text of foreign) b.send(text, [peer]);
		b.settle();
		for (const peer of b.honest) {
			expect(peer.replay.stateHash, peer.name).toBe(hash);
			const codes = new Map(peer.replay.rejections.map((r) => [r.id, r.code]));
			for (const text of foreign) expect(codes.get(idOf(text)), `${peer.name}: ${kindOf(text)}`).toBe('WRONG_GAME');
		}
		expectFinalKept(before, b.honest);

		// The rogue's own shares of game A, re-signed into game B on its B chain (it holds its key).
		const shares = a.sent.filter((t) => kindOf(t) === 'share' && JSON.parse(t).author === a.rogue.device!.key);
		expect(shares.length).toBeGreaterThan(0);
		const resigned = shares.slice(0, 6).map((text) => b.rogueEntry('share', bodyOf<'share'>(text)));
		for (const text of resigned) b.send(text, b.honest);
		b.settle();
		for (const peer of b.honest) {
			for (const text of resigned) expect(peer.replay.rejections.find((r) => r.id === idOf(text))?.code, peer.name).toBe('BAD_SHARE');
		}
		play(b, 10, 'cross-game:b:after');
		expectConverged(b.honest);
		expectFreshAgrees(b);
	});
});

describe('red team: an entry replayed into a sibling fork', () => {
	it('a fresh peer of one fork given the other fork\u2019s entries and the parent\u2019s later ones ends as that fork\u2019s own peers', () => {
		const parent = parentGame();
		const index = 60;
		expect(parent.accepted.length).toBeGreaterThan(index + 20);
		const names = ['alice', 'bob'];
		const f1 = forkTable(parent, index, gameIdFor('adversarial:sibling-fork:one'), names);
		claimSeats(f1.net, f1.players);
		playMoves(f1.net, f1.players, 25, 'sibling:one');
		const f2 = forkTable(parent, index, gameIdFor('adversarial:sibling-fork:two'), names);
		claimSeats(f2.net, f2.players);
		playMoves(f2.net, f2.players, 25, 'sibling:two');
		expect(f2.players[0]!.replay.broken).toBeNull();
		expect(f1.players[0]!.replay.seats).toEqual(f2.players[0]!.replay.seats);

		const own = new Set(f2.net.posted);
		const others = [...f1.net.posted, ...parent.accepted.slice(index + 1).map((entry) => entry.text)].filter((text) => !own.has(text));
		expect(others.length).toBeGreaterThan(60);
		const rng = new Rng('sibling-fork');
		for (const trial of ['others first', 'shuffled together'] as const) {
			const victim = new GameReplayer(f2.net.game, { verifier });
			const texts = trial === 'others first' ? [...rng.shuffle(others), ...f2.net.posted] : rng.shuffle([...others, ...f2.net.posted]);
			for (const batch of rng.batches(texts, 16)) victim.add(batch);
			const control = f2.players[0]!.replay;
			expect(summary(victim).hash, trial).toBe(summary(control).hash);
			expect(summary(victim).accepted, trial).toEqual(summary(control).accepted);
			expect(victim.finalCount, trial).toBe(control.finalCount);
			const accepted = new Set(victim.accepted.map((entry) => entry.id));
			for (const text of others) expect(accepted.has(idOf(text)), trial).toBe(false);
			// Whether a text came before the section closed (pooled) or after: refused WRONG_GAME alike.
			const codes = new Map(victim.rejections.map((r) => [r.id, r.code]));
			for (const text of others) expect(codes.get(idOf(text)), `${trial}: ${kindOf(text)}`).toBe('WRONG_GAME');
		}
	});
});

describe('red team: a seat holder signs for another seat', () => {
	it('an entry of every seat-bearing kind naming an honest seat is refused naming the rogue, and nothing changes', () => {
		const table = rogueTable('foreign-seat', { honest: 3 });
		play(table, 30, 'foreign-seat');
		const alice = table.honest[0]!;
		const hash = table.view.stateHash;
		const before = snapshot(table.honest);
		const lastOfAlice = (kind: EntryKind) => table.sent.filter((t) => kindOf(t) === kind && JSON.parse(t).author === alice.device!.key).at(-1)!;
		const move = idOf(lastOfAlice('action'));
		const share = bodyOf<'share'>(lastOfAlice('share'));
		const forged: [EntryKind, unknown][] = [
			['action', { type: 'passTurn', seat: 0 }],
			['share', share],
			['absent', { seat: 0, target: 1 }],
			['deal', bodyOf<'deal'>(lastOfAlice('deal'))],
			['keys', bodyOf<'keys'>(lastOfAlice('keys'))],
			['join', bodyOf<'join'>(lastOfAlice('join'))],
			['takeback', { seat: 0, move, ask: false }],
			['takeback', { seat: 0, move, ask: true }],
			['undoVote', { seat: 0, request: move, accept: true }],
			['standIn', { seat: 0, for: 1, at: hash, action: { type: 'passTurn', seat: 1 } }],
			['botDrive', { seat: 0, bot: 1, after: move }],
			['deck', { type: 'seed', seat: 0, seed: 'A'.repeat(43) }],
			['illuminati', { type: 'seed', seat: 0, seed: 'A'.repeat(43) }],
		];
		const texts = forged.map(([kind, body]) => table.rogueEntry(kind, body as Bodies[typeof kind]));
		for (const text of texts) table.send(text, table.honest);
		table.settle();
		const allowed = new Set(['NOT_SEAT_HOLDER', 'SEAT_TAKEN']);
		for (const peer of table.honest) {
			expect(peer.replay.stateHash, peer.name).toBe(hash);
			for (const [i, text] of texts.entries()) {
				const rejection = peer.replay.rejections.find((r) => r.id === idOf(text));
				expect(rejection?.author, `${peer.name}: ${forged[i]![0]}`).toBe(table.rogue.device!.key);
				expect(allowed.has(rejection!.code), `${peer.name}: ${forged[i]![0]} refused ${rejection!.code}`).toBe(true);
			}
		}
		expectFinalKept(before, table.honest);
		play(table, 10, 'foreign-seat:after');
		expectConverged(table.honest);
		expectFreshAgrees(table);
	});
});
