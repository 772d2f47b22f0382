/**
 * Red team, forks of secret-deck games (docs/deck.md, "Forks"): instead of starting a new game from
 * the parent, a hostile peer writes a hand-made `fork` entry (and a `carry`) into the running
 * game's own log after the first secret draw. A fork is a game's first entry only, so every peer
 * refuses it; by a seat holder it is an equivocation at its join, and its join's branch (final
 * without the fork) stays (docs/protocol.md, "Equivocation"): the game is not broken (the deck's
 * end, which opens every seed, is not triggered), no hidden card is opened, and the table plays on
 * with the same state on every peer.
 */
import { describe, expect, it } from 'vitest';
import { signEntry } from '../../src/lib/protocol/entry.js';
import { generateIdentity } from '../../src/lib/protocol/index.js';
import { gameIdFor, type Peer } from '../protocol/v2/table.js';
import { newSecretGame, playSecret } from '../protocol/v2/deck-table.js';
import { chunked, entryOf, signedFork } from '../protocol/v2/forks.js';

const refusalOf = (peer: Peer, text: string) => peer.replay.rejections.find((r) => r.id === entryOf(text).id)?.code ?? null;
const seedsPosted = (posted: readonly string[]) => posted.filter((text) => ['deck', 'illuminati'].includes(entryOf(text).entry.kind) && (entryOf(text).entry.body as { type?: string }).type === 'seed').length;

describe('Red team: a fork entry written into a running secret-deck game', () => {
	it('after the first secret draw, by a seat holder or a seatless peer, is refused by every peer; nothing opens, the game goes on', () => {
		const game = gameIdFor('redteam-fork-inside');
		const { net, players } = newSecretGame(game, ['ann', 'bob', 'cyd']);
		const spectator = net.peer('eve', null);
		const hidden = () => players[0]!.replay.state!.players.some((p) => (p.hidden ?? []).length > 0);
		for (let i = 0; i < 120 && !hidden(); i++) playSecret(net, players, 1, `inside-${i}`, players, true);
		expect(hidden()).toBe(true);
		net.automatic();
		const replay = players[0]!.replay;
		const index = replay.accepted.length - 1;
		const seedsBefore = seedsPosted(net.posted);
		const body = { parent: game, index, parentHash: replay.logHash(index) };

		// A seat holder's device signs a fork (and its carry) into this very game, chained to its own entries.
		const bob = players[1]!;
		const bySeat = bob.device!.entry(bob.replay, 'fork', body as never);
		net.post(bySeat);
		// Its carry names the fork (as a fork's carries do), not the seat's previous entry: no equivocation of its own.
		const carry = signEntry(bob.device!.identity, { game, kind: 'carry', body: { ids: chunked(replay.accepted.map((e) => e.id))[0]! }, last: entryOf(bySeat).id, deps: [] });
		net.post(carry);
		// A seatless peer signs a fresh fork chain for this game's id.
		const outsider = signedFork(generateIdentity(new Uint8Array(32).fill(5)), game, body, chunked(replay.accepted.slice(0, 10).map((e) => e.id)));
		for (const text of outsider) net.post(text);
		net.automatic();

		for (const peer of [...players, spectator]) {
			// A fork names no previous entry: the seat's second such entry, so it equivocates (its own penalty).
			expect(refusalOf(peer, bySeat), `${peer.name}: a fork inside the game`).toBe('EQUIVOCATION');
			expect(refusalOf(peer, carry), `${peer.name}: a carry inside the game`).not.toBeNull();
			for (const text of outsider) expect(refusalOf(peer, text), `${peer.name}: the outsider's fork chain`).not.toBeNull();
			expect(peer.replay.core.broken).toBeNull();
			expect(peer.replay.stateHash).toBe(spectator.replay.stateHash);
		}
		// No device took it for the game's end: no shuffle seed was revealed, no deck opened.
		expect(seedsPosted(net.posted)).toBe(seedsBefore);
		expect(players[0]!.replay.core.deck?.audit ?? null).toBeNull();
		// The table plays on.
		const after = spectator.replay.stateHash;
		const played = playSecret(net, players, 3, 'inside-after', players, true);
		expect(played.moves).toBeGreaterThan(0);
		expect(spectator.replay.stateHash).not.toBe(after);
		expect(new Set([...players, spectator].map((p) => p.replay.stateHash)).size).toBe(1);
	});
});
