/**
 * Hidden Illuminati wired into version-2 games (docs/deck.md, "Hidden Illuminati"): devices deal the
 * Illuminati from their masked deck, each opens its own and states it; an accusation is answered by
 * the accused's device on its own (a right one by its card shown with proof, a wrong one by "no");
 * peers agree on one public state that names no face-down card; a seatless peer learns none; at the
 * end every seed opens every card, and a seat that said "no" to a right accusation is named.
 */
import { describe, expect, it } from 'vitest';
import { ILLUMINATI } from '../../../src/lib/engine/cards/index.js';
import { faceDownId } from '../../../src/lib/engine/cards/face-down.js';
import { hiddenIlluminatiOf, OWN_ILLUMINATI } from '../../../src/lib/engine/hidden-illuminati.js';
import { DEFAULT_RULES, type Action } from '../../../src/lib/engine/index.js';
import { DEFAULT_PROTOCOL_RULES } from '../../../src/lib/protocol/entry.js';
import { cardAt } from '../../../src/lib/protocol/v2/deck/core.js';
import { everyoneLeaves, hiddenGame, playUntil } from './hidden-table.js';
import { gameIdFor, gameOptions, Network, playerDevice, type Peer } from './table.js';

const publicText = (peer: Peer) => JSON.stringify({ ...peer.replay.state, outOfPlay: [] });

describe('Hidden Illuminati over protocol v2', () => {
	it('each device opens its own card; the public state and a seatless peer name none; a right accusation is answered with proof', () => {
		const { net, players, spectator } = hiddenGame('hidden-3', ['ann', 'bob', 'cyd'], 'servants-of-cthulhu');
		const state = players[0]!.replay.state!;
		expect(players[0]!.replay.rejections).toEqual([]);
		expect(state.players.map((p) => p.illuminati)).toEqual([0, 1, 2].map(faceDownId));
		const own = players.map((peer, seat) => peer.device!.ownIlluminati(peer.replay, seat));
		expect(own.every((card) => card !== null && ILLUMINATI.some((c) => c.id === card))).toBe(true);
		expect(new Set(own).size).toBe(3);
		// Every device stated its printed values: each treasury holds its card's Income.
		expect(hiddenIlluminatiOf(state).started).toEqual(expect.arrayContaining([0, 1, 2]));
		for (const peer of [...players, spectator]) expect(peer.replay.stateHash).toBe(players[0]!.replay.stateHash);
		// Nothing public names a face-down card: not the state (out of play lists all eight by design), not the log.
		for (const card of own) expect(publicText(spectator)).not.toContain(card!);
		expect(net.posted.join('\n')).not.toMatch(new RegExp(own.join('|')));
		expect(spectator.device).toBeNull();
		// Each device's knowledge carries its own card (engine/knowledge.ts reads it into its seat's view).
		players.forEach((peer, seat) => expect(peer.device!.knowledge(peer.replay, seat)[OWN_ILLUMINATI]).toBe(own[seat]));
		// Another seat's device cannot open a card not its own.
		expect(players[1]!.device!.ownIlluminati(players[1]!.replay, 0)).toBeNull();

		// The seat to act accuses the next seat, rightly: the accused's device shows its card with proof.
		playUntil(net, players, () => players[0]!.replay.state!.turn?.step === 'actions');
		const turn = players[0]!.replay.state!.turn!;
		const accused = (turn.seat + 1) % 3;
		const accuser = players[turn.seat]!;
		const accuse: Action = { type: 'accuse', seat: turn.seat, target: accused, illuminati: own[accused]! };
		net.post(accuser.device!.entry(accuser.replay, 'action', accuse));
		net.automatic();
		const after = spectator.replay.state!;
		expect(players[0]!.replay.rejections).toEqual([]);
		expect(after.players[accused]!.illuminati).toBe(own[accused]);
		expect(hiddenIlluminatiOf(after).lastAccusation).toEqual({ seat: turn.seat, target: accused, illuminati: own[accused], right: true });
		expect(hiddenIlluminatiOf(after).pending).toBeNull();
		// The third seat is still face down.
		const third = (turn.seat + 2) % 3;
		expect(publicText(spectator)).not.toContain(own[third]!);
	});

	it('a wrong accusation is answered "no" by the device; a device that says "no" to a right one is named when the cards open at the end', () => {
		const { net, players, spectator } = hiddenGame('hidden-liar', ['ann', 'bob', 'cyd'], 'servants-of-cthulhu');
		const own = players.map((peer, seat) => peer.device!.ownIlluminati(peer.replay, seat)!);
		playUntil(net, players, () => players[0]!.replay.state!.turn?.step === 'actions');
		const turn = players[0]!.replay.state!.turn!;
		const accused = (turn.seat + 1) % 3;
		const wrong = ILLUMINATI.map((c) => c.id).find((id) => !own.includes(id))!;
		const accuser = players[turn.seat]!;
		net.post(accuser.device!.entry(accuser.replay, 'action', { type: 'accuse', seat: turn.seat, target: accused, illuminati: wrong }));
		net.automatic();
		expect(hiddenIlluminatiOf(spectator.replay.state!).lastAccusation).toEqual({ seat: turn.seat, target: accused, illuminati: wrong, right: false });
		// The second action: a right accusation of the third seat, whose client lies ("no") before its device answers.
		const third = (turn.seat + 2) % 3;
		const liar = players[third]!;
		net.post(accuser.device!.entry(accuser.replay, 'action', { type: 'accuse', seat: turn.seat, target: third, illuminati: own[third] }));
		net.post(liar.device!.entry(liar.replay, 'action', { type: 'denyAccusation', seat: third }));
		net.automatic();
		// The table takes the lie for now: the card stays face down (the accusation named it, but nothing confirms it).
		expect(hiddenIlluminatiOf(spectator.replay.state!).lastAccusation?.right).toBe(false);
		expect(spectator.replay.state!.players[third]!.illuminati).toBe(faceDownId(third));
		// Every seat leaves: the game is over, every seed comes in, the deal opens, the liar is named.
		everyoneLeaves(net, players);
		const deal = spectator.replay.core.illuminati!;
		expect(deal.opened).not.toBeNull();
		expect([...deal.opened!.entries()].map(([seat, n]) => [seat, cardAt(n!)])).toEqual(own.map((card, seat) => [seat, card]));
		expect(deal.faults.map((f) => [f.seat, f.code])).toEqual([[third, 'LIED_ABOUT_ILLUMINATI']]);
		expect(spectator.replay.core.cheaters.has(third)).toBe(true);
		for (const peer of players) expect(peer.replay.stateHash).toBe(spectator.replay.stateHash);
	});
});

describe('Hidden Illuminati over protocol v2: a silent seat', () => {
	it('the table awaits a seat that does not shuffle the Illuminati; voted absent, it is skipped and the deal completes', async () => {
		const { awaitedSeats } = await import('../../../src/lib/protocol/v2/awaited.js');
		const { automaticOf } = await import('./deck-table.js');
		const net = new Network(gameIdFor('hidden-silent'));
		const players = ['ann', 'bob', 'cyd', 'dan'].map((name) => net.peer(name, playerDevice(name)));
		const host = players[0]!;
		const options = { ...gameOptions(4), secretDeck: true, rules: { ...DEFAULT_RULES, hiddenIlluminati: true } };
		net.post(host.device!.entry(host.replay, 'create', { options, rules: DEFAULT_PROTOCOL_RULES }));
		players.forEach((peer, seat) => net.post(peer.device!.join(peer.replay, seat)));
		// Keys made by all (one automatic entry at a time); then Dan falls silent before his shuffle.
		for (let i = 0; i < 400 && !host.replay.core.keygen?.group; i++) {
			const peer = players[i % 4]!;
			const entry = peer.device!.nextAutomatic(peer.replay);
			if (entry !== null) net.post(entry);
		}
		expect(host.replay.core.keygen?.group).toBeTruthy();
		const live = players.slice(0, 3);
		const deal = () => host.replay.core.illuminati;
		for (let i = 0; i < 200 && (deal() === null || deal()!.steps.length < 3); i++) if (automaticOf(net, live) === 0) break;
		expect(deal()!.steps.map((s) => s.seat)).toEqual([0, 1, 2]);
		expect(deal()!.final).toBeNull();
		expect(awaitedSeats(host.replay)).toEqual([{ seat: 3, for: 'share' }]);
		// The table votes Dan absent (as the stall watch does when the countdown runs out).
		for (const [seat, peer] of live.entries()) net.post(peer.device!.entry(peer.replay, 'absent', { seat, target: 3 }));
		automaticOf(net, live);
		expect(host.replay.core.votedOut.has(3)).toBe(true);
		expect(host.replay.state!.players.map((p) => p.illuminati)).toEqual([0, 1, 2, 3].map(faceDownId));
		// The three others still open their cards: each needs t − 1 = 2 seals from the others.
		const own = live.map((peer, seat) => peer.device!.ownIlluminati(peer.replay, seat));
		expect(own.every((card) => card !== null)).toBe(true);
		expect(host.replay.rejections).toEqual([]);
	});
});
