/**
 * The secret deck wired into version-2 games (docs/deck.md): every seat shuffles the masked deck,
 * draws reach the drawer alone through sealed partials, groups drawn are shown with proofs, a
 * Special played is shown with proofs first; peers agree on one public state holding no hidden
 * card; at the game's end every seat reveals its seed and the audit opens the whole deck.
 */
import { describe, expect, it } from 'vitest';
import { legalActions, type CardId, type GameState } from '../../../src/lib/engine/index.js';
import { gameIdFor, type Network, type Peer } from './table.js';
import { automaticOf, newSecretGame, playSecret } from './deck-table.js';

/** Every hidden card of the game, by holder, as the holders' devices know them. */
function hiddenCards(players: readonly Peer[]): CardId[] {
	return players.flatMap((peer, seat) => {
		const hidden = peer.replay.state!.players[seat]!.hidden ?? [];
		return Object.entries(peer.device!.knowledge(peer.replay, seat)).flatMap(([position, card]) => (hidden.includes(Number(position)) ? [card] : []));
	});
}

/** The public state without the unseen pool (which holds every hidden card by design). */
const withoutPool = (state: GameState) => JSON.stringify({ ...state, deck: [] });

/** Every seat leaves: the game is over and the audit runs once every seed is in. */
export function endGame(net: Network, players: readonly Peer[]): void {
	for (let round = 0; round < 10 && players[0]!.replay.state!.phase.kind !== 'over'; round++) {
		players.forEach((peer, seat) => {
			const state = peer.replay.state!;
			if (state.phase.kind === 'over' || state.players[seat]!.left) return;
			const leave = legalActions(state, seat).find((legal) => legal.action.type === 'leave');
			if (leave) net.post(peer.device!.entry(peer.replay, 'action', leave.action));
			automaticOf(net, players);
		});
	}
	automaticOf(net, players);
}

/** Plays until some seat holds a hidden card; that seat's device shows it to all, with proofs (as before playing it). */
function showHiddenCard(net: Network, players: readonly Peer[]): { seat: number; position: number; card: CardId } | null {
	for (let round = 0; round < 300; round++) {
		for (const [seat, peer] of players.entries()) {
			const known = Object.entries(peer.device!.knowledge(peer.replay, seat));
			if (known.length === 0) continue;
			const [position, card] = known[0]!;
			net.post(peer.device!.showEntry(peer.replay, seat, Number(position))!);
			automaticOf(net, players);
			return { seat, position: Number(position), card };
		}
		playSecret(net, players, 1, `play-${round}`, players, round % 3 === 0);
	}
	return null;
}

/**
 * A three-seat secret-deck game played until some seat holds a hidden card, after a seat showed a
 * Special it held hidden: seeded games are tried in turn (deck-3, deck-3#1, …), since a random game
 * may end before any card stays hidden (its path follows every entry's bytes).
 */
function tableWithHiddenCards(): { net: Network; players: Peer[]; spectator: Peer } {
	for (let attempt = 0; attempt < 8; attempt++) {
		const label = attempt === 0 ? 'deck-3' : `deck-3#${attempt}`;
		const { net, players } = newSecretGame(gameIdFor(label), ['ann', 'bob', 'cyd']);
		const spectator = net.peer('eve', null);
		playSecret(net, players, 30, label);
		// A seat shows a Special it holds hidden (as it does before playing it): proofs, then an ordinary card.
		const shown = showHiddenCard(net, players);
		if (shown === null) continue;
		expect(players[0]!.replay.core.deck!.shown.get(shown.position)).toBe(shown.card);
		expect(players[0]!.replay.state!.players[shown.seat]!.hand).toContain(shown.card);
		for (let round = 0; round < 300 && hiddenCards(players).length === 0; round++) playSecret(net, players, 1, `more-${round}`, players, round % 3 === 0);
		if (hiddenCards(players).length > 0 && players[0]!.replay.state!.phase.kind !== 'over') return { net, players: [...players], spectator };
	}
	throw new Error('no seeded game of 8 kept a hidden card before its end');
}

describe('Secret deck over protocol v2', () => {
	it('three devices shuffle, draw and play a Special; every peer agrees; a seatless peer and its export hold no hidden card; the audit shows everything', () => {
		const { net, players, spectator } = tableWithHiddenCards();
		const state = players[0]!.replay.state!;
		console.log(`deck-3: ${state.drawn} positions drawn, hidden ${state.players.map((p) => p.hidden?.length ?? 0)}`);
		expect(state.options.secretDeck).toBe(true);
		expect(state.drawn).toBeGreaterThanOrEqual(3);
		expect(players[0]!.replay.core.deck?.steps.map((s) => s.seat)).toEqual([0, 1, 2]);

		for (const peer of [...players, spectator]) expect(peer.replay.stateHash).toBe(players[0]!.replay.stateHash);
		expect(players[0]!.replay.rejections).toEqual([]);

		// What each seat knows is its own hidden cards, and another seat's device cannot open them.
		players.forEach((peer, seat) => {
			const hidden = state.players[seat]!.hidden ?? [];
			// Its own hidden cards (and any Computer Espionage showed it, which are other seats' positions).
			expect(Object.keys(peer.device!.knowledge(peer.replay, seat)).map(Number).filter((p) => hidden.includes(p)).sort()).toEqual([...hidden].sort());
			const other = players[(seat + 1) % 3]!;
			const keys = other.device!.deckKeys(other.replay, other.replay.core, (seat + 1) % 3);
			for (const position of hidden) expect(other.device!.deck.open(other.replay.core, keys, position)).toBeNull();
		});
		const secret = hiddenCards(players);
		expect(secret.length).toBeGreaterThan(0);
		const view = withoutPool(spectator.replay.state!);
		const exported = JSON.stringify(spectator.replay.exportLog());
		for (const card of secret) {
			expect(view).not.toContain(`"${card}"`);
			expect(exported).not.toContain(`"${card}"`);
		}

		// The game ends: seeds are revealed and the audit opens the whole deck, with no fault.
		endGame(net, players);
		const deck = spectator.replay.core.deck!;
		expect(spectator.replay.state!.phase.kind).toBe('over');
		expect(deck.faults).toEqual([]);
		expect(deck.audit).not.toBeNull();
		for (const [position, holder] of deck.kept) expect(players[holder]!.device!.deck.open(players[holder]!.replay.core, players[holder]!.device!.deckKeys(players[holder]!.replay, players[holder]!.replay.core, holder), position)?.card).toBe(deck.audit!.cards[position]);
	});

	it('two seats (both partials needed): draws complete and both peers agree', () => {
		const { net, players } = newSecretGame(gameIdFor('deck-2'), ['ann', 'bob']);
		for (let i = 0; i < 80 && (players[0]!.replay.state!.drawn ?? 0) < 3; i++) playSecret(net, players, 1, `deck-2-${i}`, players, i % 2 === 0);
		expect(players[0]!.replay.state!.drawn ?? 0).toBeGreaterThanOrEqual(3);
		expect(players[1]!.replay.stateHash).toBe(players[0]!.replay.stateHash);
		expect(players[0]!.replay.rejections).toEqual([]);
	});
});
