/**
 * A Hidden Illuminati game over protocol v2 for tests (docs/deck.md, "Hidden Illuminati"): devices
 * deal the Illuminati from their masked deck, every seat writes down a goal (as its player does on
 * its page), then the quickest legal moves bring the game where a test needs it.
 */
import { LOG_BASE_RULES, goalCommitment, legalActions, type CardId, type Seat } from '../../../src/lib/engine/index.js';
import { DEFAULT_PROTOCOL_RULES } from '../../../src/lib/protocol/entry.js';
import { gameIdFor, gameOptions, Network, playerDevice, type Peer } from './table.js';

/**
 * A Hidden Illuminati game created and joined by `names` (and watched by a seatless peer, eve,
 * unless `spectator` is false): the devices have dealt the Illuminati; no goal is written down yet.
 */
export function hiddenDeal(label: string, names: readonly string[], spectator = true): { net: Network; players: Peer[]; spectator: Peer | null } {
	const net = new Network(gameIdFor(label));
	const players = names.map((name) => net.peer(name, playerDevice(name)));
	const watcher = spectator ? net.peer('eve', null) : null;
	const host = players[0]!;
	const options = { ...gameOptions(names.length), secretDeck: true, rules: { ...LOG_BASE_RULES, hiddenIlluminati: true } }; // seeded games made before the later fixes were default
	net.post(host.device!.entry(host.replay, 'create', { options, rules: DEFAULT_PROTOCOL_RULES }));
	players.forEach((peer, seat) => {
		net.post(peer.device!.join(peer.replay, seat));
		net.automatic();
	});
	net.automatic();
	return { net, players, spectator: watcher };
}

/** Every seat writes down `goal` in turn (engine/hidden-illuminati-goal.ts), as its player does on its page. */
export function commitGoals(net: Network, players: readonly Peer[], goal: CardId = 'network'): void {
	for (let state = players[0]!.replay.state!; state.phase.kind === 'ufoGoal'; state = players[0]!.replay.state!) {
		const seat = state.phase.seat;
		const peer = players[seat]!;
		net.post(peer.device!.entry(peer.replay, 'action', { type: 'commitGoal', seat, commitment: goalCommitment(goal, `salt-${seat}`) }));
		net.automatic();
	}
}

/** A dealt Hidden Illuminati game (hiddenDeal) in which every seat has written down `goal`. */
export function hiddenGame(label: string, names: readonly string[], goal: CardId = 'network'): { net: Network; players: Peer[]; spectator: Peer } {
	const { net, players, spectator } = hiddenDeal(label, names);
	commitGoals(net, players, goal);
	return { net, players, spectator: spectator! };
}

/** Plays the seat to act's quickest legal move until `until` holds (windows passed, turns ended). */
export function playUntil(net: Network, players: readonly Peer[], until: () => boolean, limit = 200): void {
	for (let i = 0; i < limit && !until(); i++) {
		const state = players[0]!.replay.state!;
		if (state.phase.kind === 'over' || state.random !== null) return;
		const seat = state.turn?.seat ?? 0;
		const options = state.players.flatMap((p) => legalActions(state, p.seat));
		const move = options.find((l) => l.action.type === 'passWindow') ?? options.find((l) => ['endActions', 'endTurn', 'passTurn', 'passSpending'].includes(l.action.type)) ?? options[0];
		if (move === undefined) return;
		const actor = players[(move.action as { seat: Seat }).seat ?? seat]!;
		net.post(actor.device!.entry(actor.replay, 'action', move.action));
		net.automatic();
	}
}

/** Every device's automatic entries but `rogue`'s, posted until none is left; returns them in order. */
export function honestAutomatic(net: Network, rogue: Peer): string[] {
	const out: string[] = [];
	for (let again = true; again; ) {
		again = false;
		for (const peer of net.peers) {
			if (peer === rogue || peer.device === null) continue;
			const entry = peer.device.nextAutomatic(peer.replay);
			if (entry === null) continue;
			net.post(entry);
			out.push(entry);
			again = true;
		}
	}
	return out;
}

/** Every seat leaves in turn until the game is over (every seed then comes in and the deal opens). */
export function everyoneLeaves(net: Network, players: readonly Peer[]): void {
	for (let round = 0; round < 6 && players[0]!.replay.state!.phase.kind !== 'over'; round++) {
		players.forEach((peer, seat) => {
			const leave = legalActions(peer.replay.state!, seat).find((l) => l.action.type === 'leave');
			if (leave) net.post(peer.device!.entry(peer.replay, 'action', leave.action));
			net.automatic();
		});
	}
}
