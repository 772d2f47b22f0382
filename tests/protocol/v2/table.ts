// Test helpers: honest version-2 devices playing one game, each with its own replayer; a network
// that delivers entries to every replayer (in any order the test chooses).
import { sha256 } from '@noble/hashes/sha2.js';
import { Chooser, randomEntry } from '../../../src/lib/bots/random-player.js';
import { LOG_BASE_RULES, type CardId, type GameOptions, type Seat } from '../../../src/lib/engine/index.js';
import { generateIdentity } from '../../../src/lib/protocol/crypto.js';
import { bytesToBase64url } from '../../../src/lib/protocol/base64url.js';
import { DEFAULT_PROTOCOL_RULES, type ProtocolRules } from '../../../src/lib/protocol/entry.js';
import { PlayerDevice } from '../../../src/lib/protocol/v2/device.js';
import { GameReplayer } from '../../../src/lib/protocol/v2/replayer.js';

const text = (s: string) => new TextEncoder().encode(s);
/** Deterministic bytes from a label (and a counter, for fresh values). */
export function seededRandom(label: string): (n: number) => Uint8Array {
	let counter = 0;
	return (n) => {
		const out = new Uint8Array(n);
		for (let i = 0; i < n; i += 32) out.set(sha256(text(`${label}:${counter++}`)).subarray(0, Math.min(32, n - i)), i);
		return out;
	};
}

export function playerDevice(name: string): PlayerDevice {
	return new PlayerDevice(generateIdentity(sha256(text(`key:${name}`))), { box: (seat) => sha256(text(`box:${name}:${seat}`)), random: seededRandom(`random:${name}`) });
}

/** A game id (16 bytes) from a label. */
export const gameIdFor = (label: string) => bytesToBase64url(sha256(text(`game:${label}`)).subarray(0, 16));

/** The seeded protocol games these tests replay were made with the base rules, before the later
 * rule fixes were on by default (their deals and rolls depend on the create entry's bytes). */
export const gameOptions = (players: number): GameOptions => ({ players, illuminati: 'random', sandbox: false, rules: LOG_BASE_RULES });

/** One peer: a device (or none, a spectator) and its replayer. */
export interface Peer {
	readonly name: string;
	readonly device: PlayerDevice | null;
	readonly replay: GameReplayer;
	/** Entries this peer has received, in order. */
	readonly inbox: string[];
}

export class Network {
	readonly game: string;
	readonly peers: Peer[] = [];
	/** Every entry ever posted, in posting order. */
	readonly posted: string[] = [];

	constructor(game: string) {
		this.game = game;
	}

	peer(name: string, device: PlayerDevice | null): Peer {
		const peer: Peer = { name, device, replay: new GameReplayer(this.game), inbox: [] };
		peer.replay.add(this.posted);
		peer.inbox.push(...this.posted);
		this.peers.push(peer);
		return peer;
	}

	/** Posts an entry made by `from` and delivers it to every peer (or only to `to`). */
	post(entry: string, to: readonly Peer[] = this.peers): void {
		this.posted.push(entry);
		for (const peer of to) this.deliver(peer, [entry]);
	}

	deliver(peer: Peer, entries: readonly string[]): void {
		peer.inbox.push(...entries);
		peer.replay.add(entries);
	}

	/** Delivers everything posted to every peer. */
	flush(): void {
		for (const peer of this.peers) {
			const missing = this.posted.filter((entry) => !peer.inbox.includes(entry));
			if (missing.length > 0) this.deliver(peer, missing);
		}
	}

	/** Honest automatic entries until none is due (every peer with a device); returns how many. */
	automatic(limit = 10_000): number {
		let posted = 0;
		for (let again = true; again; ) {
			again = false;
			for (const peer of this.peers) {
				if (peer.device === null) continue;
				const entry = peer.device.nextAutomatic(peer.replay);
				if (entry === null) continue;
				this.post(entry);
				posted++;
				again = true;
				if (posted > limit) throw new Error('automatic entries do not settle');
			}
		}
		return posted;
	}
}

/** A game created by the first peer, every seat joined by its peer's device, the key generation run. */
export function newGame(game: string, names: readonly string[], rules: ProtocolRules = DEFAULT_PROTOCOL_RULES): { net: Network; players: Peer[] } {
	const net = new Network(game);
	const players = names.map((name) => net.peer(name, playerDevice(name)));
	const host = players[0]!;
	net.post(host.device!.entry(host.replay, 'create', { options: gameOptions(names.length), rules }));
	players.forEach((peer, seat) => {
		net.post(peer.device!.join(peer.replay, seat));
		net.automatic();
	});
	net.automatic();
	return { net, players };
}

/** Plays `moves` random legal actions, chosen on the acting seat's own replay, automatic entries in between (and after, unless `settle` is false). */
export function playMoves(net: Network, players: readonly Peer[], moves: number, seed: string, settle = true): number {
	const chooser = new Chooser(seed);
	const secrets = new Map<Seat, { goal: CardId; salt: string }>();
	let played = 0;
	for (let i = 0; i < moves; i++) {
		net.automatic();
		const state = players[0]!.replay.state;
		if (state === null || state.phase.kind === 'over') break;
		const action = randomEntry(state, chooser, secrets, 'cautious');
		if (action === null || action.type === 'random' || action.type === 'fixed') break;
		const actor = players[action.seat]!;
		net.post(actor.device!.entry(actor.replay, 'action', action));
		played++;
	}
	if (settle) net.automatic();
	return played;
}
