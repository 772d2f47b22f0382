/**
 * Computer Espionage under the secret deck: the public state records only that seat X was shown
 * seat Y's hand (positions); Y's device re-seals each hidden card's partials to X (a `tell`), X
 * checks every proof and learns the cards; no third seat, and no seatless peer, learns them.
 * Game label ce-4 is one where a seat may play Computer Espionage early (found by a search).
 */
import { describe, expect, it } from 'vitest';
import { legalActions, type CardId } from '../../../src/lib/engine/index.js';
import { viewFor } from '../../../src/lib/engine/knowledge.js';
import { gameIdFor } from './table.js';
import { automaticOf, newSecretGame, playSecret } from './deck-table.js';

describe('Computer Espionage under the secret deck', () => {
	it('shows one seat’s hidden cards to the spy alone, with proofs', () => {
		const { net, players } = newSecretGame(gameIdFor('ce-4'), ['ann', 'bob', 'cyd']);
		const spectator = net.peer('eve', null);
		// Turns hurried (no Special played) until a seat may play Computer Espionage on a seat holding hidden cards.
		let found: { spy: number; target: number; action: import('../../../src/lib/engine/index.js').PlayerAction } | null = null;
		for (let m = 0; m < 80 && found === null; m++) {
			playSecret(net, players, 1, `ce-4-${m}`, players, true);
			const state = players[0]!.replay.state!;
			players.forEach((peer, seat) => {
				const legal = legalActions(viewFor(state, seat, peer.device!.knowledge(peer.replay, seat)), seat).find((l) => {
					const action = l.action as { card?: CardId; player?: number };
					return found === null && action.card === 'computer-espionage' && action.player !== undefined && (state.players[action.player]!.hidden ?? []).length > 0;
				});
				if (legal) found = { spy: seat, target: (legal.action as { player: number }).player, action: legal.action };
			});
		}
		expect(found).not.toBeNull();
		const { spy: spySeat, target, action } = found!;
		const spy = players[spySeat]!;
		const knows = () => spy.device!.knowledge(spy.replay, spySeat);
		const positions = [...(spy.replay.state!.players[target]!.hidden ?? [])];
		const position = Number(Object.entries(knows()).find(([, card]) => card === 'computer-espionage')![0]);
		net.post(spy.device!.showEntry(spy.replay, spySeat, position)!);
		automaticOf(net, players);
		net.post(spy.device!.entry(spy.replay, 'action', action));
		automaticOf(net, players);
		for (let pass = 0; pass < 6 && spy.replay.state!.chain !== null; pass++) {
			players.forEach((peer, seat) => {
				const passing = legalActions(peer.replay.state!, seat).find((legal) => legal.action.type === 'passWindow');
				if (passing) net.post(peer.device!.entry(peer.replay, 'action', passing.action));
			});
			automaticOf(net, players);
		}
		const state = spy.replay.state!;
		const grant = state.grants.at(-1)!;
		expect(grant).toMatchObject({ viewer: spySeat, subject: { kind: 'hand', seat: target, cards: [], positions } });
		const holder = players[target]!;
		const theirs = holder.device!.knowledge(holder.replay, target);
		const shown = Object.fromEntries(positions.filter((p) => (state.players[target]!.hidden ?? []).includes(p)).map((p) => [p, theirs[p]]));
		expect(Object.keys(shown).length).toBeGreaterThan(0);
		// The spy learned exactly those cards, proven; the third seat learned nothing of them.
		const spyKnows = knows();
		for (const [position, card] of Object.entries(shown)) expect(spyKnows[Number(position)]).toBe(card);
		const thirdSeat = 3 - target - spySeat;
		const third = players[thirdSeat]!;
		const thirdKnows = third.device!.knowledge(third.replay, thirdSeat);
		for (const position of Object.keys(shown)) expect(thirdKnows[Number(position)]).toBeUndefined();
		// Nothing public names them.
		const publicState = JSON.stringify({ ...spectator.replay.state, deck: [] });
		for (const card of Object.values(shown)) expect(publicState).not.toContain(`"${card}"`);
		expect(spectator.replay.stateHash).toBe(spy.replay.stateHash);
		expect(spy.replay.rejections).toEqual([]);
	});
});
