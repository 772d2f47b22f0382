/**
 * A Special shown to play it stays public (docs/deck.md, "What each defence guarantees"): the `show`
 * entry is its own entry, accepted before the move that plays the card. If that move is then refused,
 * or taken back, the card stays known to every peer: it is an ordinary card of the hand in the public
 * state (the hand's hidden count one less, the unseen pool without it), never a hidden position
 * again, and a takeback of an earlier move cannot rewind past the show.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { legalActions, seatsToAct, type CardId, type PlayerAction, type Seat } from '../../../src/lib/engine/index.js';
import { cardsToShow, viewFor } from '../../../src/lib/engine/knowledge.js';
import { parseEntry } from '../../../src/lib/protocol/entry.js';
import { gameIdFor, type Network, type Peer } from './table.js';
import { newSecretGame, playSecret } from './deck-table.js';

const idOf = (text: string) => {
	const parsed = parseEntry(text);
	if (!parsed.ok) throw new Error(parsed.message);
	return parsed.id;
};
const refusalOf = (peer: Peer, id: string) => peer.replay.rejections.find((r) => r.id === id)?.code ?? null;

interface Found {
	net: Network;
	players: Peer[];
	seat: Seat;
	position: number;
	card: CardId;
	play: PlayerAction;
}

/** A seeded secret-deck game played until a seat to act holds a hidden Special it may play now. */
function gameWithPlayableSpecial(label: string): Found {
	const { net, players } = newSecretGame(gameIdFor(label), ['ann', 'bob', 'cyd']);
	for (let i = 0; i < 200; i++) {
		const state = players[0]!.replay.state!;
		for (const seat of seatsToAct(state)) {
			const peer = players[seat]!;
			const knowledge = peer.device!.knowledge(peer.replay, seat);
			for (const legal of legalActions(viewFor(state, seat, knowledge), seat)) {
				if (legal.action.type !== 'playSpecial') continue;
				const [shown] = cardsToShow(state, seat, legal.action, knowledge);
				if (shown !== undefined) return { net, players, seat, position: shown.position, card: knowledge[shown.position]!, play: legal.action as PlayerAction };
			}
		}
		playSecret(net, players, 1, `${label}-${i}`, players, true);
	}
	throw new Error('no playable hidden Special in 200 moves');
}

/** What every peer's public state says of the card: where it is, the hand's hidden count, the unseen pool. */
function publicFacts(players: readonly Peer[], seat: Seat, card: CardId, position: number) {
	return players.map((peer) => {
		const state = peer.replay.state!;
		const player = state.players[seat]!;
		return {
			inHand: player.hand.includes(card),
			hiddenAtPosition: (player.hidden ?? []).includes(position),
			inUnseenPool: state.deck.includes(card),
			shownByDeck: peer.replay.core.deck!.shown.get(position) ?? null,
		};
	});
}

function show(f: Found): { hiddenBefore: number } {
	const owner = f.players[f.seat]!;
	const hiddenBefore = (owner.replay.state!.players[f.seat]!.hidden ?? []).length;
	const text = owner.device!.showEntry(owner.replay, f.seat, f.position)!;
	f.net.post(text);
	expect(refusalOf(owner, idOf(text))).toBeNull();
	return { hiddenBefore };
}

const publicCard = (f: Found) => ({ inHand: true, hiddenAtPosition: false, inUnseenPool: false, shownByDeck: f.card });

describe('A Special shown to play it stays public', () => {
	let found: Found;
	beforeAll(() => {
		found = gameWithPlayableSpecial('deck-shown-stays-public');
	});

	it('when the move that plays it is refused', () => {
		const f = gameWithPlayableSpecial('deck-shown-refused');
		const { hiddenBefore } = show(f);
		// The move naming the card is refused by the rules (a gift of money the seat does not have).
		const owner = f.players[f.seat]!;
		const other = ((f.seat + 1) % 3) as Seat;
		const refused = owner.device!.entry(owner.replay, 'action', { type: 'give', seat: f.seat, to: other, money: 10_000, specials: [f.card] } as PlayerAction);
		f.net.post(refused);
		expect(refusalOf(owner, idOf(refused))).not.toBeNull();
		expect(publicFacts(f.players, f.seat, f.card, f.position)).toEqual(f.players.map(() => publicCard(f)));
		expect((owner.replay.state!.players[f.seat]!.hidden ?? []).length).toBe(hiddenBefore - 1);
		expect(new Set(f.players.map((p) => p.replay.stateHash)).size).toBe(1);
	});

	it('when the move that played it is taken back at once', () => {
		const f = found;
		const { hiddenBefore } = show(f);
		const owner = f.players[f.seat]!;
		const play = owner.device!.entry(owner.replay, 'action', f.play);
		f.net.post(play);
		expect(refusalOf(owner, idOf(play))).toBeNull();
		expect(owner.replay.state!.players[f.seat]!.hand.includes(f.card)).toBe(false);
		const takeback = owner.device!.entry(owner.replay, 'takeback', { seat: f.seat, move: idOf(play), ask: false });
		f.net.post(takeback);
		expect(refusalOf(owner, idOf(takeback))).toBeNull();
		// Back to before the move, which is after the show: the card is in the hand, face up for all.
		expect(publicFacts(f.players, f.seat, f.card, f.position)).toEqual(f.players.map(() => publicCard(f)));
		expect((owner.replay.state!.players[f.seat]!.hidden ?? []).length).toBe(hiddenBefore - 1);
		// Every other seat's view (its knowledge included) names the card in that hand.
		for (const [seat, peer] of f.players.entries()) expect(viewFor(peer.replay.state!, seat, peer.device!.knowledge(peer.replay, seat)).players[f.seat]!.hand).toContain(f.card);
		expect(new Set(f.players.map((p) => p.replay.stateHash)).size).toBe(1);
	});

	it('and a takeback of a move made before the show cannot rewind past it', () => {
		const f = gameWithPlayableSpecial('deck-shown-before');
		const owner = f.players[f.seat]!;
		// A quiet move of the seat (the turn goes on), then the show.
		const state = owner.replay.state!;
		const quiet = legalActions(viewFor(state, f.seat, owner.device!.knowledge(owner.replay, f.seat)), f.seat).find((l) => l.action.type === 'endActions');
		if (quiet === undefined) return expect.fail('no quiet move for the seat');
		const move = owner.device!.entry(owner.replay, 'action', quiet.action);
		f.net.post(move);
		expect(refusalOf(owner, idOf(move))).toBeNull();
		const position = (owner.replay.state!.players[f.seat]!.hidden ?? []).includes(f.position) ? f.position : null;
		if (position === null) return expect.fail('the card left the hand');
		show({ ...f, position });
		const atOnce = owner.device!.entry(owner.replay, 'takeback', { seat: f.seat, move: idOf(move), ask: false });
		f.net.post(atOnce);
		expect(refusalOf(owner, idOf(atOnce))).toBe('OTHERS_SINCE');
		const asked = owner.device!.entry(owner.replay, 'takeback', { seat: f.seat, move: idOf(move), ask: true });
		f.net.post(asked);
		expect(refusalOf(owner, idOf(asked))).toBe('CANNOT_REWIND');
		expect(publicFacts(f.players, f.seat, f.card, position)).toEqual(f.players.map(() => publicCard(f)));
	});
});
