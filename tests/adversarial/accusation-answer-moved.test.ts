/**
 * Red team (session 14), Hidden Illuminati: a "no" (`denyAccusation`) named no accusation, so it
 * answered whichever waited where it landed. The rogue accused seat B of a wrong card, had a
 * stranger's entry name the accusation (B's answer then named it too, and waited for it), took
 * the accusation back at once and accused B of its real card: B's true "no" landed on the second
 * accusation, and at the end B was named LIED_ABOUT_ILLUMINATI and caught cheating. A "no" now
 * names the card and the accuser it answers (refused on another accusation), and nothing is taken
 * back while an answer is awaited.
 */
import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { ILLUMINATI } from '../../src/lib/engine/cards/index.js';
import { faceDownId } from '../../src/lib/engine/cards/face-down.js';
import { hiddenIlluminatiOf } from '../../src/lib/engine/hidden-illuminati.js';
import { generateIdentity } from '../../src/lib/protocol/crypto.js';
import { entryId, signEntry } from '../../src/lib/protocol/entry.js';
import { everyoneLeaves, hiddenGame, honestAutomatic, playUntil } from '../protocol/v2/hidden-table.js';

const idOf = (text: string) => entryId(JSON.parse(text));


describe('a "no" moved onto another accusation', () => {
	it('stays the answer to the accusation it was given for: the honest seat is never named a liar', () => {
		const { net, players, spectator } = hiddenGame('probe-framed-deny', ['ann', 'bob', 'cyd'], 'servants-of-cthulhu');
		const own = players.map((peer, seat) => peer.device!.ownIlluminati(peer.replay, seat)!);
		playUntil(net, players, () => players[0]!.replay.state!.turn?.step === 'actions');
		net.automatic();
		const rogueSeat = players[0]!.replay.state!.turn!.seat;
		const rogue = players[rogueSeat]!;
		const b = (rogueSeat + 1) % 3;
		const wrong = ILLUMINATI.map((c) => c.id).find((id) => !own.includes(id))!;

		// 1. The wrong accusation.
		const x = rogue.device!.entry(rogue.replay, 'action', { type: 'accuse', seat: rogueSeat, target: b, illuminati: wrong });
		// 2. A stranger's entry naming it, delivered with it.
		const stranger = generateIdentity(sha256(new TextEncoder().encode('stranger')));
		const s = signEntry(stranger, { game: net.game, kind: 'ack', body: {}, last: null, deps: [idOf(x)] });
		net.post(x);
		net.post(s);
		// 3. B's device answers "no", naming the stranger's entry among its deps.
		const answers = honestAutomatic(net, rogue);
		const deny = answers.find((e) => JSON.parse(e).body?.type === 'denyAccusation');
		expect(deny).toBeDefined();
		expect(JSON.parse(deny!).deps).toContain(idOf(s));
		// 4. The rogue takes X back at once and accuses B of its real card.
		const t = signEntry(rogue.device!.identity, { game: net.game, kind: 'takeback', body: { seat: rogueSeat, move: idOf(x), ask: false }, last: idOf(x), deps: [] });
		const y = signEntry(rogue.device!.identity, { game: net.game, kind: 'action', body: { type: 'accuse', seat: rogueSeat, target: b, illuminati: own[b]! }, last: idOf(t), deps: [] });
		net.post(t);
		net.post(y);
		honestAutomatic(net, rogue);
		net.automatic();
		const state = spectator.replay.state!;
		const hidden = hiddenIlluminatiOf(state);
		// The takeback waited for no answer (ANSWER_PENDING); B's "no" answers the wrong accusation it was given for.
		expect(spectator.replay.rejections.find((r) => r.id === idOf(t))?.code).toBe('ANSWER_PENDING');
		expect(hidden.claims).toContainEqual({ kind: 'deny', seat: b, illuminati: wrong });
		expect(hidden.claims).not.toContainEqual({ kind: 'deny', seat: b, illuminati: own[b] });
		expect(state.players[b]!.illuminati).toBe(faceDownId(b));

		// Every seat leaves: the game is over, every seed comes in, the deal opens.
		everyoneLeaves(net, players);
		const deal = spectator.replay.core.illuminati!;
		expect(deal.opened).not.toBeNull();
		expect(deal.faults.map((f) => [f.seat, f.code])).not.toContainEqual([b, 'LIED_ABOUT_ILLUMINATI']);
		expect(spectator.replay.core.cheaters.has(b)).toBe(false);
		for (const peer of players) expect(peer.replay.stateHash).toBe(spectator.replay.stateHash);
	});
});
