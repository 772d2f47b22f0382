/**
 * Red team, takeover claims of a seated bot (docs/protocol.md, "Computer players"; bot-claim.ts
 * `BotDriveBody`): the protocol checks only that a `botDrive` entry's author holds the claiming seat
 * and names another seat of the game; the claim changes no state. A seatless key, a seat claiming
 * in another seat's name, a claim for the claimant itself or for no seat are refused by every peer,
 * naming the author; a valid claim and its copies change no state and no order (a copy is the same id).
 */
import { describe, expect, it } from 'vitest';
import { signEntry } from '../../src/lib/protocol/entry.js';
import { generateIdentity } from '../../src/lib/protocol/index.js';
import { gameIdFor, newGame, playMoves, type Peer } from '../protocol/v2/table.js';
import { entryOf } from '../protocol/v2/forks.js';

const refusal = (peer: Peer, text: string) => peer.replay.rejections.find((r) => r.id === entryOf(text).id) ?? null;

describe('Red team: forged bot takeover claims', () => {
	it('are refused by every peer, naming their author; a valid claim and its copy change no state', () => {
		const game = gameIdFor('redteam-bot-drive');
		const { net, players } = newGame(game, ['ann', 'bob', 'cyd']);
		const spectator = net.peer('eve', null);
		playMoves(net, players, 6, 'bot-drive');
		net.automatic();
		const [ann, bob] = [players[0]!, players[1]!];
		const head = ann.replay.accepted[ann.replay.accepted.length - 1]!.id;
		const stranger = generateIdentity(new Uint8Array(32).fill(11));
		const before = spectator.replay.stateHash;

		const seatless = signEntry(stranger, { game, kind: 'botDrive', body: { seat: 0, bot: 2, after: head }, last: null, deps: [head] });
		net.post(seatless);
		const inAnothersName = bob.device!.entry(bob.replay, 'botDrive', { seat: 0, bot: 2, after: head });
		net.post(inAnothersName);
		const forItself = bob.device!.entry(bob.replay, 'botDrive', { seat: 1, bot: 1, after: head });
		net.post(forItself);
		const forNoSeat = bob.device!.entry(bob.replay, 'botDrive', { seat: 1, bot: 7, after: head });
		net.post(forNoSeat);
		const valid = bob.device!.entry(bob.replay, 'botDrive', { seat: 1, bot: 2, after: head });
		net.post(valid);
		net.automatic();
		const accepted = spectator.replay.accepted.length;
		net.post(valid);
		net.automatic();

		for (const peer of [...players, spectator]) {
			expect(refusal(peer, seatless)).toMatchObject({ code: 'NOT_SEAT_HOLDER', author: stranger.publicKey });
			expect(refusal(peer, inAnothersName)).toMatchObject({ code: 'NOT_SEAT_HOLDER', author: bob.device!.key });
			expect(refusal(peer, forItself)?.code).toBe('UNKNOWN_SEAT');
			expect(refusal(peer, forNoSeat)?.code).toBe('UNKNOWN_SEAT');
			expect(refusal(peer, valid)).toBeNull();
			expect(peer.replay.accepted.filter((e) => e.id === entryOf(valid).id)).toHaveLength(1);
			expect(peer.replay.core.cheaters.size).toBe(0);
			expect(peer.replay.stateHash).toBe(before);
		}
		expect(spectator.replay.accepted.length).toBe(accepted);
	});
});
