/**
 * Red team, Hidden Illuminati reveals (docs/protocol.md, "Hidden Illuminati"): a hostile seat tries
 * to reveal outside its turn, to reveal twice, to show a card with another seat's proof or for
 * another seat, and to take back a reveal once its card was shown. Every peer, a seatless one too,
 * refuses each the same way; the card shown stays face up for all.
 */
import { describe, expect, it } from 'vitest';
import { faceDownId } from '../../src/lib/engine/cards/face-down.js';
import { hiddenIlluminatiOf } from '../../src/lib/engine/hidden-illuminati.js';
import type { Seat } from '../../src/lib/engine/index.js';
import { parseEntry, type Entry } from '../../src/lib/protocol/entry.js';
import { hiddenGame, playUntil } from '../protocol/v2/hidden-table.js';
import type { Peer } from '../protocol/v2/table.js';

const parsed = (text: string) => {
	const result = parseEntry(text);
	if (!result.ok) throw new Error(result.message);
	return result;
};
const refusalOf = (peer: Peer, text: string) => peer.replay.rejections.find((r) => r.id === parsed(text).id)?.code ?? null;

/** A three-seat game at the first turn's actions; the seat to act revealed its card with its device's proof. */
function revealed(label: string) {
	const { net, players, spectator } = hiddenGame(label, ['ann', 'bob', 'cyd']);
	const own = players.map((peer, seat) => peer.device!.ownIlluminati(peer.replay, seat)!);
	playUntil(net, players, () => players[0]!.replay.state!.turn?.step === 'actions');
	const seat = players[0]!.replay.state!.turn!.seat as Seat;
	const peer = players[seat]!;
	const reveal = peer.device!.entry(peer.replay, 'action', { type: 'revealIlluminati', seat });
	const from = net.posted.length;
	net.post(reveal);
	net.automatic();
	const show = net.posted.slice(from).find((text) => {
		const entry = parsed(text).entry as Entry;
		return entry.kind === 'illuminati' && (entry.body as { type: string }).type === 'show';
	});
	if (show === undefined) throw new Error('the device did not show its card');
	const everyone = [...players, spectator];
	for (const each of everyone) expect(each.replay.state!.players[seat]!.illuminati).toBe(own[seat]);
	return { net, players, spectator, everyone, own, seat, reveal, show };
}

const hashes = (peers: readonly Peer[]) => new Set(peers.map((p) => p.replay.stateHash));

describe('Red team: a Hidden Illuminati reveal cannot be forged, repeated or unseen', () => {
	it('a reveal outside the seat’s turn is refused NOT_YOUR_TURN by every peer and changes nothing', () => {
		const { net, players, spectator } = hiddenGame('redteam-reveal-turn', ['ann', 'bob', 'cyd']);
		playUntil(net, players, () => players[0]!.replay.state!.turn?.step === 'actions');
		const other = ((players[0]!.replay.state!.turn!.seat + 1) % 3) as Seat;
		const before = spectator.replay.stateHash;
		const text = players[other]!.device!.entry(players[other]!.replay, 'action', { type: 'revealIlluminati', seat: other });
		net.post(text);
		net.automatic();
		for (const each of [...players, spectator]) expect(refusalOf(each, text)).toBe('NOT_YOUR_TURN');
		expect(spectator.replay.stateHash).toBe(before);
		expect(hiddenIlluminatiOf(spectator.replay.state!).revealing ?? []).toEqual([]);
		expect(spectator.replay.state!.players[other]!.illuminati).toBe(faceDownId(other));
	});

	it('a second reveal, a re-signed second show and the first show posted again change nothing', () => {
		const { net, players, everyone, spectator, seat, show } = revealed('redteam-reveal-twice');
		const peer = players[seat]!;
		const before = spectator.replay.stateHash;
		const again = peer.device!.entry(peer.replay, 'action', { type: 'revealIlluminati', seat });
		net.post(again);
		const body = parsed(show).entry.body;
		const resigned = peer.device!.entry(peer.replay, 'illuminati', body as never);
		net.post(resigned);
		net.post(show);
		net.automatic();
		for (const each of everyone) {
			expect(refusalOf(each, again)).toBe('NOT_APPLICABLE');
			expect(refusalOf(each, resigned)).not.toBeNull();
			expect(each.replay.core.cheaters.size).toBe(0);
		}
		expect(spectator.replay.stateHash).toBe(before);
		expect(hashes(everyone).size).toBe(1);
	});

	it('a seat showing another seat’s proof as its own is refused and caught; one showing for another seat is NOT_SEAT_HOLDER', () => {
		const { net, players, everyone, spectator, seat, own, show } = revealed('redteam-reveal-copied-proof');
		const thief = ((seat + 1) % 3) as Seat;
		const victim = ((seat + 2) % 3) as Seat;
		const hostile = players[thief]!;
		const stolen = parsed(show).entry.body as { type: 'show'; seat: Seat; partials: unknown[] };
		// The shown card's proofs, under the thief's own seat: they bind the revealer's position, not the thief's.
		const copied = hostile.device!.entry(hostile.replay, 'illuminati', { ...stolen, seat: thief } as never);
		net.post(copied);
		// The thief's own honest partials, sent as the face-down victim's show: not its seat.
		const forged = hostile.device!.entry(hostile.replay, 'illuminati', { ...stolen, seat: victim } as never);
		net.post(forged);
		net.automatic();
		for (const each of everyone) {
			expect(refusalOf(each, copied)).not.toBeNull();
			expect(refusalOf(each, forged)).toBe('NOT_SEAT_HOLDER');
			expect(each.replay.state!.players[thief]!.illuminati).toBe(faceDownId(thief));
			expect(each.replay.state!.players[victim]!.illuminati).toBe(faceDownId(victim));
			expect(each.replay.state!.players[seat]!.illuminati).toBe(own[seat]);
		}
		// The copied proof is a fault of the thief's: every peer names it a cheater, the same way.
		expect(spectator.replay.core.cheaters.has(thief)).toBe(true);
		expect(hashes(everyone).size).toBe(1);
	});

	it('a takeback of the reveal after the card was shown is refused: the card stays face up for all', () => {
		const { net, players, everyone, seat, own, reveal } = revealed('redteam-reveal-takeback');
		const peer = players[seat]!;
		const atOnce = peer.device!.entry(peer.replay, 'takeback', { seat, move: parsed(reveal).id, ask: false });
		net.post(atOnce);
		const asked = peer.device!.entry(peer.replay, 'takeback', { seat, move: parsed(reveal).id, ask: true });
		net.post(asked);
		net.automatic();
		for (const each of everyone) {
			expect(refusalOf(each, atOnce)).not.toBeNull();
			expect(refusalOf(each, asked)).not.toBeNull();
			expect(each.replay.state!.players[seat]!.illuminati).toBe(own[seat]);
			expect(hiddenIlluminatiOf(each.replay.state!).identified).toContain(seat);
		}
		expect(hashes(everyone).size).toBe(1);
	});
});
