// A fork's carried section: its order comes from the forker's carry chain, so delivery order does
// not matter; a missing text keeps the fork waiting; texts changed, re-signed or listed in another
// order break it (BAD_FORK) for every peer; only the forker carries.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseEntry, signEntry } from '../../../src/lib/protocol/entry.js';
import { forkEntriesV2 } from '../../../src/lib/protocol/fork.js';
import { CarriedSection } from '../../../src/lib/protocol/v2/carried.js';
import type { GameReplayer } from '../../../src/lib/protocol/v2/replayer.js';
import { agreement, chunked, claimSeats, entryOf, forkTable, hashOf, parentGame, parentStateAt, shuffled, signedFork } from './forks.js';
import { gameIdFor, Network, playerDevice, playMoves, type Peer } from './table.js';

const INDEX = 100;
const GAME = gameIdFor('checked-fork');
const forker = playerDevice('carol');
let parent: GameReplayer;
/** The honest fork: its fork entry, two carry entries, then the 101 carried texts. */
let honest: string[];
let carriedIds: string[];

beforeAll(() => {
	parent = parentGame();
	honest = forkEntriesV2(parent, INDEX, forker.identity, GAME);
	carriedIds = parent.accepted.slice(0, INDEX + 1).map((entry) => entry.id);
});

const body = () => ({ parent: parent.gameId, index: INDEX, parentHash: parent.logHash(INDEX) });
const texts = () => honest.slice(3);

/** Peers of the fork game (the forker first), none of them fed yet. */
function peers(names: readonly string[] = ['carol', 'bob', 'alice']): { net: Network; all: Peer[] } {
	const net = new Network(GAME);
	return { net, all: names.map((name) => net.peer(name, playerDevice(name))) };
}

function deliverEach(net: Network, peer: Peer, entries: readonly string[]): void {
	for (const entry of entries) net.deliver(peer, [entry]);
}

const codes = (peer: Peer) => peer.replay.rejections.map((r) => r.code);

describe('a fork\u2019s carried section', () => {
	it('delivered in any order, one by one or at once, gives every peer the parent\u2019s state there; then play goes on', () => {
		const { net, all } = peers();
		all.forEach((peer, i) => deliverEach(net, peer, shuffled(honest, `order-${i}`)));
		const late = net.peer('dave', null);
		net.deliver(late, shuffled(honest, 'at-once'));
		for (const peer of [...all, late]) {
			expect(peer.replay.rejections).toEqual([]);
			expect(peer.replay.stateHash).toBe(parentStateAt(parent, INDEX));
			expect(peer.replay.accepted.map((entry) => entry.id)).toEqual([entryOf(honest[0]!).id, ...carriedIds]);
		}
		net.posted.push(...honest);
		claimSeats(net, all.slice(0, 2));
		playMoves(net, all.slice(0, 2), 20, 'any-order');
		expect(all[0]!.replay.core.settled).toBeGreaterThan(0);
		expect(agreement([...all, late])).toEqual({ hashes: 1, accepted: 1, rejections: [] });
	});

	it.each([
		['the first carry entry', 10, 1],
		['the second carry entry', 85, 81],
	])('missing a text listed by %s, waits (nothing broken, no refusal) until it comes', (_, missing, accepted) => {
		const { net, all } = peers(['carol', 'bob']);
		const [carol, bob] = all as [Peer, Peer];
		const text = texts()[missing]!;
		for (const peer of all) net.deliver(peer, shuffled(honest.filter((entry) => entry !== text), 'missing'));
		expect(carol.replay.accepted).toHaveLength(accepted);
		expect(carol.replay.state).toBeNull();
		expect(carol.replay.broken).toBeNull();
		expect(carol.replay.rejections).toEqual([]);
		// A join now has no game to join yet. (The forker signs nothing until her carry entries are in.)
		net.post(bob.device!.join(bob.replay, 0));
		expect(codes(carol)).toEqual(['NO_GAME']);
		for (const peer of all) net.deliver(peer, [text]);
		for (const peer of all) {
			expect(peer.replay.stateHash).toBe(parentStateAt(parent, INDEX));
			expect(peer.replay.broken).toBeNull();
		}
	});

	it('with a text changed in transit refuses it (BAD_SIGNATURE) and waits for the real one', () => {
		const { net, all } = peers(['carol']);
		const [carol] = all as [Peer];
		const real = texts()[50]!;
		const changed = real.replace(entryOf(real).entry.sig, entryOf(texts()[51]!).entry.sig);
		net.deliver(carol, [...honest.filter((entry) => entry !== real), changed]);
		expect(codes(carol)).toEqual(['BAD_SIGNATURE']);
		expect(carol.replay.state).toBeNull();
		expect(carol.replay.broken).toBeNull();
		net.deliver(carol, [real]);
		expect(carol.replay.stateHash).toBe(parentStateAt(parent, INDEX));
	});

	it('listing a parent entry its author re-signed with other content is broken for every peer: BAD_FORK', () => {
		const at = texts().findIndex((text) => entryOf(text).entry.last !== null && entryOf(text).entry.deps!.length > 0);
		const { entry } = entryOf(texts()[at]!);
		const author = ['alice', 'bob'].map(playerDevice).find((device) => device.key === entry.author)!;
		// The same move naming fewer entries: it replays alike, but its id is not the parent's.
		const resigned = signEntry(author.identity, { game: entry.game, kind: entry.kind, body: entry.body, last: entry.last, deps: [] });
		const ids = carriedIds.map((id, i) => (i === at ? entryOf(resigned).id : id));
		const tampered = [...signedFork(forker.identity, GAME, body(), chunked(ids)), ...texts().map((text, i) => (i === at ? resigned : text))];
		const { net, all } = peers();
		all.forEach((peer, i) => net.deliver(peer, shuffled(tampered, `tampered-${i}`)));
		for (const peer of all) {
			expect(peer.replay.broken).toMatch(/parentHash/);
			expect(codes(peer)).toEqual(['BAD_FORK']);
			expect(peer.replay.state).toBeNull();
		}
		// Nothing goes on in a broken fork.
		net.post(all[1]!.device!.join(all[1]!.replay, 0));
		for (const peer of all) expect(codes(peer)).toEqual(['BAD_FORK', 'BROKEN']);
	});

	it.each([
		['two coin shares (each replays, the ids do not hash to parentHash)', () => carriedIds.findIndex((_, i) => parent.accepted[i]!.kind === 'share' && parent.accepted[i + 1]!.kind === 'share'), /parentHash/],
		['the create and the first join (the join comes before the game)', () => 0, /refused \(NO_GAME\)/],
	])('listing %s in another order is broken: BAD_FORK', (_, first, reason) => {
		const i = first();
		expect(i).toBeGreaterThanOrEqual(0);
		const ids = carriedIds.slice();
		[ids[i], ids[i + 1]] = [ids[i + 1]!, ids[i]!];
		const { net, all } = peers(['carol', 'bob']);
		const reordered = [...signedFork(forker.identity, GAME, body(), chunked(ids)), ...texts()];
		all.forEach((peer, k) => net.deliver(peer, shuffled(reordered, `reordered-${k}`)));
		for (const peer of all) {
			expect(peer.replay.broken).toMatch(reason);
			// The carry entry where it breaks, and any after it.
			expect(new Set(codes(peer))).toEqual(new Set(['BAD_FORK']));
		}
	});

	it('refuses a carry entry by anyone but the forker (NOT_FORKER), and a carry after the section is complete', () => {
		const mallory = playerDevice('mallory');
		const { net, all } = peers(['carol', 'mallory']);
		const [carol] = all as [Peer, Peer];
		net.deliver(carol, [honest[0]!]);
		const stranger = signEntry(mallory.identity, { game: GAME, kind: 'carry', body: { ids: carriedIds.slice(0, 80) }, last: null, deps: [entryOf(honest[0]!).id] });
		net.deliver(carol, [stranger, ...honest.slice(1)]);
		expect(carol.replay.rejections.map((r) => [r.code, r.id])).toEqual([['NOT_FORKER', entryOf(stranger).id]]);
		expect(carol.replay.stateHash).toBe(parentStateAt(parent, INDEX));
		expect(carol.replay.accepted.map((entry) => entry.id)).toEqual([entryOf(honest[0]!).id, ...carriedIds]);
		// The forker's own carry once the section is complete.
		net.deliver(carol, [forker.entry(carol.replay, 'carry', { ids: [carriedIds[0]!] })]);
		expect(codes(carol)).toContain('BAD_CARRY');
		// Other games' entries are no longer taken in.
		net.deliver(carol, [parent.accepted[INDEX + 1]!.text]);
		expect(codes(carol)).toContain('WRONG_GAME');
		expect(carol.replay.stateHash).toBe(parentStateAt(parent, INDEX));
	});

	it('that ends before its parent has a game state (a fork of a fork at its fork entry) is broken: BAD_FORK', () => {
		const first = forkTable(parent, 5, gameIdFor('checked-first'), ['carol']).players[0]!.replay;
		const fork0 = first.accepted[0]!;
		const entries = [...signedFork(forker.identity, GAME, { parent: first.gameId, index: 0, parentHash: first.logHash(0) }, [[fork0.id]]), fork0.text];
		const { net, all } = peers(['carol']);
		net.deliver(all[0]!, entries);
		expect(all[0]!.replay.broken).toMatch(/game state/);
		expect(codes(all[0]!)).toEqual(['BAD_FORK']);
	});

	it('copied for the provisional tail goes on apart from the section it copies', () => {
		const checked = texts().map((text) => parseEntry(text)).filter((parsed) => parsed.ok);
		const section = new CarriedSection(body());
		for (const text of checked.slice(0, 50)) expect(section.feed(text)).toBeNull();
		const copy = section.copy();
		expect(copy.fed).toBe(50);
		for (const text of checked.slice(50)) expect(copy.feed(text)).toBeNull();
		expect(copy.complete).toBe(true);
		expect(hashOf(copy.engine)).toBe(parentStateAt(parent, INDEX));
		expect(section.fed).toBe(50);
		expect(hashOf(section.engine)).toBe(parentStateAt(parent, 49));
	});
});
