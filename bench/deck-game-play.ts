/**
 * One version-2 game on loopback in one process, with or without the secret deck (docs/deck.md):
 * n honest devices, each with its own replayer, every entry delivered to every peer at once. Returns
 * the wall time of each draw (from the entry that asks for it to the draw settled on every peer),
 * the shuffle at the first draw, and the bytes the deck's entries add to the log. No Node imports:
 * bench/deck-game.ts runs it in Node, bench/deck-browser.ts in Chromium.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { Chooser, randomEntry } from '../src/lib/bots/random-player.js';
import { DEFAULT_RULES, legalActions, seatsToAct, type CardId, type Seat } from '../src/lib/engine/index.js';
import { viewFor } from '../src/lib/engine/knowledge.js';
import { bytesToBase64url } from '../src/lib/protocol/base64url.js';
import { generateIdentity } from '../src/lib/protocol/crypto.js';
import { DEFAULT_PROTOCOL_RULES } from '../src/lib/protocol/entry.js';
import { PlayerDevice } from '../src/lib/protocol/v2/device.js';
import { GameReplayer } from '../src/lib/protocol/v2/replayer.js';

const text = (s: string) => new TextEncoder().encode(s);
function seeded(label: string): (n: number) => Uint8Array {
	let counter = 0;
	return (n) => {
		const out = new Uint8Array(n);
		for (let i = 0; i < n; i += 32) out.set(sha256(text(`${label}:${counter++}`)).subarray(0, Math.min(32, n - i)), i);
		return out;
	};
}

interface Peer {
	device: PlayerDevice;
	replay: GameReplayer;
}

class Loopback {
	readonly peers: Peer[];
	readonly posted: string[] = [];
	constructor(game: string, n: number, label: string) {
		this.peers = Array.from({ length: n }, (_, i) => ({
			device: new PlayerDevice(generateIdentity(sha256(text(`key:${label}:${i}`))), { box: (seat) => sha256(text(`box:${label}:${i}:${seat}`)), random: seeded(`random:${label}:${i}`) }),
			replay: new GameReplayer(game),
		}));
	}
	post(entry: string): void {
		this.posted.push(entry);
		for (const peer of this.peers) peer.replay.add([entry]);
	}
	automatic(): void {
		for (let again = true; again; ) {
			again = false;
			for (const peer of this.peers) {
				const entry = peer.device.nextAutomatic(peer.replay);
				if (entry === null) continue;
				this.post(entry);
				again = true;
			}
		}
	}
}

const HURRY = ['passWindow', 'passSpending', 'endActions', 'endTurn', 'passTurn'];

/** Draw latencies (ms, from the asking entry to the draw settled everywhere) and the deck's bytes. */
export function play(n: number, secretDeck: boolean, draws: number): { latencies: number[]; shuffle: number; deckBytes: number; logBytes: number } {
	const label = `bench-deck-${n}-${secretDeck}`;
	const game = bytesToBase64url(sha256(text(`game:${label}`)).subarray(0, 16));
	const net = new Loopback(game, n, label);
	const host = net.peers[0]!;
	net.post(host.device.entry(host.replay, 'create', { options: { players: n, illuminati: 'random', sandbox: false, rules: DEFAULT_RULES, ...(secretDeck ? { secretDeck: true } : {}) }, rules: DEFAULT_PROTOCOL_RULES }));
	net.peers.forEach((peer, seat) => {
		net.post(peer.device.join(peer.replay, seat));
		net.automatic();
	});
	net.automatic();
	const chooser = new Chooser(label);
	const secrets = new Map<Seat, { goal: CardId; salt: string }>();
	const latencies: number[] = [];
	let shuffle = 0;
	for (let move = 0; move < 400 && latencies.length < draws; move++) {
		const state = host.replay.state!;
		if (state.phase.kind === 'over') break;
		const seat = seatsToAct(state)[0] ?? state.turn?.seat ?? 0;
		const peer = net.peers[seat]!;
		const view = viewFor(state, seat, secretDeck ? peer.device.knowledge(peer.replay, seat) : {});
		const quick = legalActions(view, seat).find((legal) => HURRY.includes(legal.action.type));
		const action = quick?.action ?? randomEntry(view, chooser, secrets, 'cautious');
		if (action === null || action.type === 'random' || action.type === 'fixed' || action.seat !== seat) break;
		const start = performance.now();
		net.post(peer.device.entry(peer.replay, 'action', action));
		const asking = host.replay.state!.random?.kind === 'draw';
		const first = secretDeck && asking && host.replay.core.deck?.final == null;
		net.automatic();
		const wall = performance.now() - start;
		if (first) shuffle = wall;
		else if (asking && net.peers.every((p) => p.replay.state!.random === null)) latencies.push(wall);
	}
	const deckBytes = net.posted.filter((entry) => entry.includes('"kind":"deck"')).reduce((sum, entry) => sum + entry.length, 0);
	return { latencies, shuffle, deckBytes, logBytes: net.posted.reduce((sum, entry) => sum + entry.length, 0) };
}

