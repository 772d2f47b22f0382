/**
 * Who the table waits for in a version-2 game, and for what: the seats whose entry the game cannot
 * go on without. Clients show them with a countdown and vote a seat absent when it runs out
 * (docs/protocol.md, "Stalling"); a vote is possible whatever is pending, randomness included.
 */
import { seatsToAct, type Seat } from '../../engine/index.js';
import type { GameReplayer } from './replayer.js';
import { deckAwaited } from './deck/handlers.js';
import { seedsOwed } from './deck/withheld.js';
import { illuminatiAwaited } from './illuminati/handlers.js';

export type AwaitedFor = 'turn' | 'window' | 'keys' | 'acknowledgement' | 'share' | 'seed';

export interface Awaited {
	readonly seat: Seat;
	readonly for: AwaitedFor;
}

export function awaitedSeats(replay: GameReplayer): Awaited[] {
	const core = replay.core;
	// At the end of a secret-deck game the audit waits for every shuffler's seed (deck/withheld.ts).
	const owed = seedsOwed(core);
	if (owed.length > 0) return owed.map((seat) => ({ seat, for: 'seed' }));
	const engine = core.engine;
	if (engine === null || core.forfeit !== null || core.broken !== null || engine.phase.kind === 'over') return [];
	if (core.seats.some((holder) => holder === null)) return [];
	const live = (seat: Seat) => !core.votedOut.has(seat) && !core.cheaters.has(seat) && !engine.players[seat]!.eliminated && !engine.players[seat]!.absent;
	const keygen = core.keygen;
	if (keygen !== null && keygen.group === null) {
		const counted = core.seats.map((_, seat) => seat).filter((seat) => !core.votedOut.has(seat));
		const dealt = counted.every((seat) => keygen.dealings.has(seat));
		return counted.filter((seat) => (dealt ? !keygen.verdicts.has(seat) : !keygen.dealings.has(seat))).map((seat) => ({ seat, for: 'keys' }));
	}
	// Hidden Illuminati: the Illuminati deck's shuffle, or the accused's answer (illuminati/handlers.ts).
	const hidden = illuminatiAwaited(core, live);
	if (hidden !== null) return hidden;
	// The secret deck: the shuffle and each draw wait for their entries (v2/deck/handlers.ts).
	const deck = deckAwaited(core, (id) => replay.isFinal(id), live);
	if (deck !== null) {
		if (deck.acknowledgement) {
			const members = replay.orderer.members;
			const waiting = core.deck!.final === null ? core.deck!.opener : core.deck!.draw!.opener;
			const opener = replay.dag.nodes.get(waiting);
			return core.seats.flatMap((holder, seat) => (holder !== null && members.has(holder.key) && !opener?.acks.has(holder.key) && live(seat) ? [{ seat, for: 'acknowledgement' as const }] : []));
		}
		return deck.seats.map((seat) => ({ seat, for: 'share' as const }));
	}
	const event = core.event;
	if (event !== null) {
		const opener = replay.dag.nodes.get(event.opener);
		if (opener !== undefined && !opener.final) {
			const members = replay.orderer.members;
			return core.seats.flatMap((holder, seat) => (holder !== null && members.has(holder.key) && !opener.acks.has(holder.key) && live(seat) ? [{ seat, for: 'acknowledgement' as const }] : []));
		}
		if (event.shares.size >= (keygen?.t ?? Infinity)) return [];
		return core.seats.flatMap((_, seat) => (!event.shares.has(seat) && live(seat) ? [{ seat, for: 'share' as const }] : []));
	}
	const kind: AwaitedFor = engine.phase.kind === 'turn' ? 'turn' : 'window';
	return seatsToAct(engine)
		.filter(live)
		.map((seat) => ({ seat, for: kind }));
}
