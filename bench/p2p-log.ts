/**
 * Builds a long peer-to-peer game log in Node for the browser benchmark: one GameSession holding
 * every seat (hot seat, so reveals are automatic) plays the bots' 'marathon' moves until the log
 * holds `target` signed entries (or the game ends). Games end before 5,000 entries (about 3,300
 * with 8 seats), so between moves two players now and then hand 1 MB to each other and back
 * (gifts: real, signed, replayed entries that leave the game as it was).
 * Returns the Yjs update of the game's doc.
 */
import * as Y from 'yjs';
import { sha256 } from '@noble/hashes/sha2.js';
import { Chooser, randomEntry } from '../src/lib/bots/random-player.js';
import { DEFAULT_RULES, legalActions, type CardId, type GameState, type PlayerAction, type Seat } from '../src/lib/engine/index.js';
import { readLog } from '../src/lib/net/doc.js';
import { newRoomCode } from '../src/lib/net/room.js';
import { GameSession } from '../src/lib/session/index.js';

/** Deterministic bytes for one game: the same seed always builds the same game. */
function bytesFor(seed: string): (n: number) => Uint8Array {
	let counter = 0;
	return (n) => {
		const out = new Uint8Array(n);
		for (let i = 0; i < n; i += 32) out.set(sha256(new TextEncoder().encode(`bench-p2p:${seed}:${counter++}`)).subarray(0, Math.min(32, n - i)), i);
		return out;
	};
}

function gift(state: GameState, from: Seat, to: Seat | null): PlayerAction | null {
	const give = legalActions(state, from).find((l) => l.action.type === 'give' && (to === null || (l.action as { to: Seat }).to === to));
	return give ? ({ ...give.action, money: 1, specials: [] } as PlayerAction) : null;
}

/** Seat s gives 1 MB to seat t, and t gives it back. */
function giftPair(session: GameSession, chooser: Chooser): void {
	const state = session.state;
	if (state === null || state.random !== null || state.chain !== null) return;
	const from = chooser.int(state.players.length);
	const there = gift(state, from, null);
	if (there === null || !session.act(from, there).ok) return;
	const to = (there as { to: Seat }).to;
	const back = session.state && gift(session.state, to, from);
	if (back) session.act(to, back);
}

export interface BuiltLog {
	/** The bot seed whose game was used. */
	seed: string;
	roomCode: string;
	gameId: string;
	update: Uint8Array;
	entries: number;
	accepted: number;
	stateHash: string | null;
	over: boolean;
	ms: number;
}

/** A game whose log holds at least `target` entries: games that end sooner are replaced by a new seed's. */
export function buildLog(target: number, players = 6, seed = 'p2p-bench-3'): BuiltLog {
	for (let attempt = 0; ; attempt++) {
		const built = buildGame(target, players, attempt === 0 ? seed : `${seed}-${attempt}`);
		if (built.entries >= target || attempt === 9) return built;
	}
}

function buildGame(target: number, players: number, seed: string): BuiltLog {
	const started = performance.now();
	const randomBytes = bytesFor(seed);
	const roomCode = newRoomCode(randomBytes);
	const seats: Seat[] = [...Array(players).keys()];
	const session = GameSession.create({ options: { players, illuminati: 'random', sandbox: false, rules: DEFAULT_RULES }, seats, roomCode, seed: '11'.repeat(32), randomBytes, title: 'bench' });
	const chooser = new Chooser(seed);
	const secrets = new Map<Seat, { goal: CardId; salt: string }>();
	let stuck = 0;
	while (readLog(session.game).length < target && stuck < 50) {
		const state = session.state;
		if (state === null || state.phase.kind === 'over') break;
		const action = state.random === null ? randomEntry(state, chooser, secrets, 'marathon') : null;
		if (action === null || action.type === 'random' || action.type === 'fixed') {
			stuck++;
			continue;
		}
		stuck = session.act(action.seat, action).ok ? 0 : stuck + 1;
		giftPair(session, chooser);
		giftPair(session, chooser);
	}
	const update = Y.encodeStateAsUpdate(session.game.doc);
	const built: BuiltLog = {
		seed,
		roomCode,
		gameId: session.gameId,
		update,
		entries: readLog(session.game).length,
		accepted: session.accepted,
		stateHash: session.stateHash,
		over: session.state?.phase.kind === 'over',
		ms: performance.now() - started
	};
	session.destroy();
	return built;
}
