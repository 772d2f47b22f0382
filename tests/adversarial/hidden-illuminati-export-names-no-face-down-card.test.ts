/**
 * Red team, Hidden Illuminati secrecy (docs/protocol.md, "Hidden Illuminati": "no seat, coalition
 * below t, seatless peer or exported file learns a face-down Illuminati before it is shown or the
 * game ends"): the file a seated player exports mid-game (session/log-file.ts `exportedLog`: the
 * engine log, the signed entries, the deck's and the Illuminati's openings once they ran), and a
 * seatless peer's, name only the card shown; not the exporter's own face-down card, not another's;
 * and every seat's goal is a salted hash that names no goal. The state hash every peer publishes
 * for the desync check (session/desync.ts) is the same on every peer, the seatless one's too, so
 * it carries nothing a device alone knows.
 */
import { describe, expect, it } from 'vitest';
import { ILLUMINATI } from '../../src/lib/engine/cards/index.js';
import { ufoGoalChoices } from '../../src/lib/engine/victory.js';
import { newRoomCode } from '../../src/lib/net/room.js';
import { exportedLog } from '../../src/lib/session/log-file.js';
import { hiddenGame, playUntil } from '../protocol/v2/hidden-table.js';
import { seededRandom, type Peer } from '../protocol/v2/table.js';

describe('Red team: an exported file of a Hidden Illuminati game mid-game', () => {
	it('names the card shown and no face-down one, the exporter’s own included; the published state hashes agree', () => {
		const { net, players, spectator } = hiddenGame('redteam-hidden-export', ['ann', 'bob', 'cyd']);
		const own = players.map((peer, seat) => peer.device!.ownIlluminati(peer.replay, seat)!);
		playUntil(net, players, () => players[0]!.replay.state!.turn?.step === 'actions');
		const seat = players[0]!.replay.state!.turn!.seat;
		net.post(players[seat]!.device!.entry(players[seat]!.replay, 'action', { type: 'revealIlluminati', seat }));
		net.automatic();
		playUntil(net, players, () => players[0]!.replay.state!.turnCount > 1);
		const faceDown = own.filter((_, s) => s !== seat);
		const roomCode = newRoomCode(seededRandom('redteam-hidden-export-room'));
		const exportOf = (peer: Peer) => JSON.stringify(exportedLog(peer.replay, { title: 'red team', roomCode, entries: [...net.posted] }));
		for (const peer of [...players, spectator]) {
			const text = exportOf(peer);
			expect(text, `${peer.name}'s export names the card shown`).toContain(own[seat]!);
			for (const card of faceDown) expect(text, `${peer.name}'s export names a face-down ${card}`).not.toContain(card);
			expect(JSON.parse(text).meta.illuminati).toBeUndefined();
			expect(text).not.toContain(roomCode);
			expect(peer.replay.stateHash).toBe(spectator.replay.stateHash);
		}
		// The goals written down: hashes only, no goal's name in any entry.
		const everything = net.posted.join('\n');
		for (const goal of ufoGoalChoices()) expect(everything).not.toContain(`"${goal}"`);
		// Sanity: the game's Illuminati are all in the pool, so a name would be a leak, not a setup list.
		expect(ILLUMINATI.map((c) => c.id)).toEqual(expect.arrayContaining(own));
	});
});
