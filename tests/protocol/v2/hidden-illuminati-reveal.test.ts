/**
 * Hidden Illuminati over protocol v2, issue 13: a player reveals its own face-down Illuminati to use
 * its ability (engine/hidden-illuminati-reveal.ts). Its device answers the request by showing the
 * card with t proved partials; every peer checks them against the card dealt to that seat, so all
 * agree on the card and no device can show another. The goal every seat wrote down names no one.
 */
import { describe, expect, it } from 'vitest';
import { faceDownId } from '../../../src/lib/engine/cards/face-down.js';
import { hiddenIlluminatiOf } from '../../../src/lib/engine/hidden-illuminati.js';
import { legalActions } from '../../../src/lib/engine/index.js';
import { hiddenGame, playUntil } from './hidden-table.js';

describe('Hidden Illuminati over protocol v2: revealing one’s own card', () => {
	it('the reveal offered by the engine is answered by the device’s proof: every peer, a seatless one too, sees the card dealt', () => {
		const { net, players, spectator } = hiddenGame('hidden-reveal', ['ann', 'bob', 'cyd']);
		const own = players.map((peer, seat) => peer.device!.ownIlluminati(peer.replay, seat)!);
		playUntil(net, players, () => players[0]!.replay.state!.turn?.step === 'actions');
		const seat = players[0]!.replay.state!.turn!.seat;
		const peer = players[seat]!;
		const offered = legalActions(peer.replay.state!, seat).find((l) => l.action.type === 'revealIlluminati');
		expect(offered?.action).toEqual({ type: 'revealIlluminati', seat });
		net.post(peer.device!.entry(peer.replay, 'action', offered!.action));
		net.automatic();
		for (const each of [...players, spectator]) {
			expect(each.replay.rejections).toEqual([]);
			expect(each.replay.state!.players[seat]!.illuminati).toBe(own[seat]);
			expect(each.replay.stateHash).toBe(spectator.replay.stateHash);
		}
		expect(hiddenIlluminatiOf(spectator.replay.state!).identified).toEqual([seat]);
		expect(hiddenIlluminatiOf(spectator.replay.state!).revealing).toEqual([]);
		// The proof is the deal's: the replay recorded the card shown for that seat, and the others stay face down.
		expect(spectator.replay.core.illuminati!.shown.has(seat)).toBe(true);
		for (const other of [0, 1, 2].filter((s) => s !== seat)) expect(spectator.replay.state!.players[other]!.illuminati).toBe(faceDownId(other));
	});

	it('a device that asks to reveal but withholds its proof stays face down; no one can ask for another seat', () => {
		const { net, players, spectator } = hiddenGame('hidden-reveal-silent', ['ann', 'bob', 'cyd']);
		playUntil(net, players, () => players[0]!.replay.state!.turn?.step === 'actions');
		const seat = players[0]!.replay.state!.turn!.seat;
		const peer = players[seat]!;
		// A hostile peer signs the reveal for the seat to act, which it does not hold: refused, nothing changes.
		const hostile = players[(seat + 1) % 3]!;
		const before = spectator.replay.stateHash;
		net.post(hostile.device!.entry(hostile.replay, 'action', { type: 'revealIlluminati', seat }));
		expect(spectator.replay.rejections.length).toBeGreaterThan(0);
		expect(spectator.replay.stateHash).toBe(before);
		// Posted by hand, and the devices not run: the show that would follow is withheld.
		net.post(peer.device!.entry(peer.replay, 'action', { type: 'revealIlluminati', seat }));
		expect(spectator.replay.state!.players[seat]!.illuminati).toBe(faceDownId(seat));
		expect(hiddenIlluminatiOf(spectator.replay.state!).revealing).toEqual([seat]);
		// The table plays on: the stand-in keeps no ability, and the turn goes on as before.
		expect(legalActions(spectator.replay.state!, seat).some((l) => l.action.type === 'endActions')).toBe(true);
	});

	it('every seat commits to a goal, the UFOs or not: the public log names no seat as the UFOs', () => {
		const { net, players } = hiddenGame('hidden-ufo-goal', ['ann', 'bob', 'cyd']);
		const state = players[0]!.replay.state!;
		expect(state.players.every((p) => p.goalCommitment !== null)).toBe(true);
		// The commitments are salted hashes: nothing in the log says whose goal counts.
		expect(net.posted.join('\n')).not.toContain('ufos');
	});
});
