// Test helpers for secret-deck games over protocol version 2: honest devices (tests/protocol/v2/table.ts)
// in a game created with the engine option secretDeck, and moves chosen on each acting seat's own
// view (engine/knowledge.ts), showing a hidden card with its proofs before an action that plays it.
import { Chooser, randomEntry } from '../../../src/lib/bots/random-player.js';
import { legalActions, seatsToAct, type CardId, type Seat } from '../../../src/lib/engine/index.js';

const HURRY = ['passWindow', 'passSpending', 'endActions', 'endTurn', 'passTurn'];
import { cardsToShow, viewFor } from '../../../src/lib/engine/knowledge.js';
import { DEFAULT_PROTOCOL_RULES } from '../../../src/lib/protocol/entry.js';
import { gameOptions, Network, playerDevice, type Peer } from './table.js';

export function newSecretGame(game: string, names: readonly string[]): { net: Network; players: Peer[] } {
	const net = new Network(game);
	const players = names.map((name) => net.peer(name, playerDevice(name)));
	const host = players[0]!;
	net.post(host.device!.entry(host.replay, 'create', { options: { ...gameOptions(names.length), secretDeck: true }, rules: DEFAULT_PROTOCOL_RULES }));
	players.forEach((peer, seat) => {
		net.post(peer.device!.join(peer.replay, seat));
		net.automatic();
	});
	net.automatic();
	return { net, players };
}

/** Honest automatic entries of the peers given only (the others are silent). */
export function automaticOf(net: Network, peers: readonly Peer[], limit = 20_000): number {
	let posted = 0;
	for (let again = true; again; ) {
		again = false;
		for (const peer of peers) {
			const entry = peer.device!.nextAutomatic(peer.replay);
			if (entry === null) continue;
			net.post(entry);
			posted++;
			again = true;
			if (posted > limit) throw new Error('automatic entries do not settle');
		}
	}
	return posted;
}

export interface Played {
	moves: number;
	shows: number;
}

/**
 * Plays up to `moves` actions: the seat to act chooses on its own view; a hidden card the action
 * names is shown first (the device's `show` entry). Only `active` peers post anything.
 */
export function playSecret(
	net: Network,
	players: readonly Peer[],
	moves: number,
	seed: string,
	active: readonly Peer[] = players,
	hurry = false,
	automatic: (net: Network, peers: readonly Peer[]) => unknown = automaticOf,
): Played {
	const chooser = new Chooser(seed);
	const secrets = new Map<Seat, { goal: CardId; salt: string }>();
	const played: Played = { moves: 0, shows: 0 };
	for (let i = 0; i < moves; i++) {
		automatic(net, active);
		const state = active[0]!.replay.state;
		if (state === null || state.phase.kind === 'over' || state.random !== null) break;
		const seat = seatsToAct(state).find((s) => active.includes(players[s]!)) ?? state.turn?.seat ?? 0;
		const actor = players[seat]!;
		if (!active.includes(actor)) break;
		const knowledge = actor.device!.knowledge(actor.replay, seat);
		const view = viewFor(state, seat, knowledge);
		// Hurried: turns end as soon as they may (many draws, Specials kept).
		const quick = hurry ? legalActions(view, seat).find((legal) => HURRY.includes(legal.action.type)) : undefined;
		const action = quick?.action ?? randomEntry(view, chooser, secrets, 'cautious');
		if (action === null || action.type === 'random' || action.type === 'fixed') break;
		const owner = players[action.seat]!;
		if (!active.includes(owner)) break;
		for (const { position } of cardsToShow(state, action.seat, action, owner.device!.knowledge(owner.replay, action.seat))) {
			const show = owner.device!.showEntry(owner.replay, action.seat, position);
			if (show !== null) {
				net.post(show);
				played.shows++;
			}
		}
		net.post(owner.device!.entry(owner.replay, 'action', action));
		played.moves++;
	}
	automatic(net, active);
	return played;
}
