/**
 * The attack suite's table: honest peers, each a PlayerDevice with its own GameReplayer, and one
 * rogue that signs what it likes (signEntry with its own identity, any `last`, `deps` and body).
 * Entries travel through one inbox per peer, delivered in a seeded random order and in random
 * batches, and the rogue may send different entries to different peers; `gossip` then brings
 * every entry an honest peer holds to every other (the shared Yjs document does that in the app).
 * Checks: honest peers end equal (state hash, accepted ids, final count), nothing final is lost
 * (a peer's final accepted ids before an attack are a prefix of its final ids after it), and a
 * fresh replayer fed every entry in a shuffled order ends equal too.
 */
import { createPrivateKey, createPublicKey, sign as nodeSign, verify, type KeyObject } from 'node:crypto';
import { expect } from 'vitest';
import { Chooser, randomEntry } from '../../src/lib/bots/random-player.js';
import { step, type Action, type CardId, type GameOptions, type GameState, type PlayerAction, type Seat } from '../../src/lib/engine/index.js';
import { canonicalJson } from '../../src/lib/engine/index.js';
import { bytesToBase64url } from '../../src/lib/protocol/base64url.js';
import { DEFAULT_PROTOCOL_RULES, ENTRY_VERSION, entryId, signedBytes, signEntry, type Bodies, type EntryKind, type ProtocolRules, type UnsignedEntry } from '../../src/lib/protocol/entry.js';
import type { Identity } from '../../src/lib/protocol/crypto.js';
import { Verifier } from '../../src/lib/protocol/crypto.js';
import type { PlayerDevice } from '../../src/lib/protocol/v2/device.js';
import { GameReplayer } from '../../src/lib/protocol/v2/replayer.js';
import { gameIdFor, gameOptions, playerDevice } from '../protocol/v2/table.js';

/**
 * The replayers' signature checks: the Verifier's own prechecks (canonical base64url, a canonical
 * prime-order key, S < L), then Node's native Ed25519 (OpenSSL's RFC 8032 check, cofactorless like
 * the Verifier's pure-JS path and WebCrypto), with verdicts shared by every replayer of a test
 * (the same key, signature and message always get the same verdict). The pure-JS path is ~50 times
 * slower and its verdicts are tested against WebCrypto's elsewhere (tests/protocol/crypto.test.ts);
 * here the protocol is under test, and the fuzz needs thousands of entries a second.
 */
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');
class SharedVerdicts extends Verifier {
	readonly #verdicts = new Map<string, boolean>();
	readonly #keys = new Map<string, KeyObject>();
	override verifySync(publicKey: string, signature: string, message: Uint8Array): boolean {
		const cacheKey = `${publicKey} ${signature} ${Buffer.from(message).toString('base64')}`;
		let verdict = this.#verdicts.get(cacheKey);
		if (verdict === undefined) {
			const checked = (this as unknown as { precheck(key: string, sig: string): { key: Uint8Array; sig: Uint8Array } | null }).precheck(publicKey, signature);
			verdict = checked !== null && verify(null, message, this.#key(publicKey, checked.key), checked.sig);
			this.#verdicts.set(cacheKey, verdict);
		}
		return verdict;
	}
	#key(publicKey: string, raw: Uint8Array): KeyObject {
		let key = this.#keys.get(publicKey);
		if (key === undefined) {
			key = createPublicKey({ key: Buffer.concat([SPKI_ED25519, raw]), format: 'der', type: 'spki' });
			this.#keys.set(publicKey, key);
		}
		return key;
	}
}
export const verifier = new SharedVerdicts();

/** Node's Ed25519 key pair from a 32-byte seed (an Identity's secret key): public key in base64url and a signing key. */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');
const signingKeys = new Map<string, KeyObject>();
function signingKey(identity: Identity): KeyObject {
	let key = signingKeys.get(identity.publicKey);
	if (key === undefined) {
		key = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, identity.secretKey]), format: 'der', type: 'pkcs8' });
		signingKeys.set(identity.publicKey, key);
	}
	return key;
}

/** An identity from a seed, its public key by Node's Ed25519 (the same key as generateIdentity's, ~50 times faster). */
export function fastIdentity(seed: Uint8Array): Identity {
	const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, seed]), format: 'der', type: 'pkcs8' });
	const raw = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(SPKI_ED25519.length);
	const identity = { secretKey: Uint8Array.from(seed), publicKey: bytesToBase64url(raw) };
	signingKeys.set(identity.publicKey, privateKey);
	return identity;
}

/**
 * signEntry with Node's Ed25519: deterministic (RFC 8032), so the text is the one signEntry makes
 * (checked once below); for the rogue's entries and junk, thousands of them.
 */
export function fastSignEntry<K extends EntryKind>(identity: Identity, entry: Omit<UnsignedEntry<K>, 'v' | 'author'>): string {
	const unsigned = { v: ENTRY_VERSION, author: identity.publicKey, ...entry } as UnsignedEntry<K>;
	const sig = bytesToBase64url(nodeSign(null, signedBytes(unsigned), signingKey(identity)));
	return canonicalJson({ ...unsigned, sig });
}
{
	const probe = { game: 'AAAAAAAAAAAAAAAAAAAAAA', kind: 'ack' as const, body: {}, last: null, deps: ['A'.repeat(43)] };
	const identity = fastIdentity(new Uint8Array(32).fill(3));
	if (fastSignEntry(identity, probe) !== signEntry(identity, probe)) throw new Error('Node\u2019s Ed25519 signs differently from @noble');
}
/** A replayer checking signatures through the shared verdicts. */
export const replayer = (game: string) => new GameReplayer(game, { verifier });

/** Seeded choices (SHA-256 counter mode through the bots' Chooser): never Math.random. */
export class Rng extends Chooser {
	readonly seed: string;
	constructor(seed: string) {
		super(`adversarial:${seed}`);
		this.seed = seed;
	}

	shuffle<T>(list: readonly T[]): T[] {
		const out = list.slice();
		for (let i = out.length - 1; i > 0; i--) {
			const j = this.int(i + 1);
			[out[i], out[j]] = [out[j]!, out[i]!];
		}
		return out;
	}

	/** Random-sized consecutive batches of a list (1 to `most` items each). */
	batches<T>(list: readonly T[], most = 8): T[][] {
		const out: T[][] = [];
		for (let i = 0; i < list.length; ) {
			const size = 1 + this.int(most);
			out.push(list.slice(i, i + size));
			i += size;
		}
		return out;
	}
}

export interface SettleOptions {
	readonly rogue?: boolean;
	readonly limit?: number;
	readonly gossip?: boolean;
	readonly route?: (from: Peer, entry: string) => readonly Peer[];
	/** Called after each round's automatic entries (a rogue reacting to what it sees). */
	readonly hook?: () => void;
}

export interface Peer {
	readonly name: string;
	/** The seat this peer's device holds (null: a spectator or a stranger). */
	readonly seat: Seat | null;
	readonly device: PlayerDevice | null;
	readonly replay: GameReplayer;
	/** Entries sent to this peer and not yet delivered. */
	inbox: string[];
	/** Every entry sent to this peer (delivered or queued). */
	readonly has: Set<string>;
}

export interface TableOptions {
	readonly honest?: number;
	/** The rogue's seat (it holds one seat; `null`: a stranger with no seat). */
	readonly rogueSeat?: Seat | null;
	readonly rules?: ProtocolRules;
	/** Spectators: honest peers with a replayer and no device. */
	readonly spectators?: number;
	/** Engine rule options over the defaults (e.g. absence 'passTurns', under which a frozen seat stays). */
	readonly gameRules?: Partial<GameOptions['rules']>;
}

const HONEST_NAMES = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'];

export class Table {
	readonly game: string;
	readonly rng: Rng;
	/** Honest peers: seat holders first (in seat order), then spectators. */
	readonly honest: Peer[];
	readonly rogue: Peer;
	/** Entries sent to anyone, in sending order. */
	readonly sent: string[] = [];
	readonly #sentSet = new Set<string>();
	/** Entries the rogue signed (any branch). */
	readonly rogueEntries: string[] = [];
	/** The rogue takes its own inbox (in a settle hook, one entry at a time); deliveries skip it. */
	rogueReadsItself = false;
	/** How the rogue signs: signEntry (the fuzz uses fastSignEntry, which gives the same text). */
	signer: typeof signEntry = signEntry;
	/** Honest peers whose inbox is held back (the rogue deleting what reaches them): no delivery, no gossip, until released. */
	readonly isolated = new Set<Peer>();

	constructor(game: string, rng: Rng, honest: Peer[], rogue: Peer) {
		this.game = game;
		this.rng = rng;
		this.honest = honest;
		this.rogue = rogue;
	}

	get players(): Peer[] {
		return this.honest.filter((peer) => peer.device !== null);
	}
	get everyone(): Peer[] {
		return [...this.honest, this.rogue];
	}

	/** Queues an entry for these peers (a peer gets each text once). */
	send(entry: string, to: readonly Peer[]): void {
		if (!this.#sentSet.has(entry)) {
			this.#sentSet.add(entry);
			this.sent.push(entry);
		}
		for (const peer of to) {
			if (peer.has.has(entry)) continue;
			peer.has.add(entry);
			peer.inbox.push(entry);
		}
	}

	broadcast(entry: string): void {
		this.send(entry, this.everyone);
	}

	/** An entry `from` made: its own replay takes it at once (a device appends to its own log first), then the others get it. */
	post(from: Peer, entry: string, to: readonly Peer[] = this.everyone): void {
		if (!from.has.has(entry)) {
			from.has.add(entry);
			from.replay.add([entry]);
		}
		this.send(entry, to);
	}

	/** Delivers a peer's inbox, shuffled, in random batches (each batch one `add`). */
	deliver(peer: Peer): void {
		while (peer.inbox.length > 0) {
			const inbox = this.rng.shuffle(peer.inbox);
			peer.inbox = [];
			for (const batch of this.rng.batches(inbox)) peer.replay.add(batch);
		}
	}

	deliverAll(peers: readonly Peer[] = this.everyone): void {
		for (const peer of this.rng.shuffle(peers)) if (!this.isolated.has(peer) && !(peer === this.rogue && this.rogueReadsItself)) this.deliver(peer);
	}

	/** Every entry an honest peer holds reaches every honest peer (and the rogue, which reads everything). */
	gossip(): void {
		const known = new Set<string>();
		for (const peer of this.honest) for (const entry of peer.has) known.add(entry);
		const reached = this.everyone.filter((peer) => !this.isolated.has(peer));
		for (const entry of this.sent) if (known.has(entry)) this.send(entry, reached);
	}

	/**
	 * Deliveries, then each honest device's next automatic entry (dealings, verdicts, shares, acks),
	 * until nothing moves. `rogue: true` lets the rogue's device do its automatic part too;
	 * `gossip: false` leaves what the rogue sent to some peers only with them; `route` says who
	 * else gets an automatic entry (its author's replay takes it at once).
	 */
	settle(options: SettleOptions = {}): number {
		const limit = options.limit ?? 5_000;
		let posted = 0;
		for (;;) {
			if (options.gossip !== false) this.gossip();
			this.deliverAll();
			let moved = false;
			const devices = options.rogue ? this.everyone : this.honest;
			for (const peer of this.rng.shuffle(devices)) {
				if (peer.device === null) continue;
				const entry = peer.device.nextAutomatic(peer.replay);
				if (entry === null) continue;
				if (peer === this.rogue) this.rogueEntries.push(entry);
				const to = options.route?.(peer, entry) ?? this.everyone;
				this.post(peer, entry, to);
				moved = true;
				if (++posted > limit) throw new Error('automatic entries do not settle');
			}
			options.hook?.();
			if (!moved && this.everyone.every((peer) => peer.inbox.length === 0 || this.isolated.has(peer) || (peer === this.rogue && this.rogueReadsItself))) return posted;
		}
	}

	/** An entry signed by the rogue's key, naming any `last` and `deps` (its own view's by default); sent to no one but the rogue's own view. */
	rogueEntry<K extends EntryKind>(kind: K, body: Bodies[K], links: { last?: string | null; deps?: readonly string[] } = {}): string {
		const replay = this.rogue.replay;
		const last = links.last !== undefined ? links.last : replay.lastOf(this.rogue.device!.key);
		const deps = links.deps !== undefined ? [...links.deps].sort() : replay.depsFor(last);
		const entry = this.signer(this.rogue.device!.identity, { game: this.game, kind, body, last, deps });
		this.rogueEntries.push(entry);
		// The rogue's own view takes it at once, so its next entry continues from it.
		this.send(entry, [this.rogue]);
		this.deliver(this.rogue);
		return entry;
	}

	/** An honest seat holder's action, signed on its own view and broadcast. */
	act(peer: Peer, action: PlayerAction): string {
		const entry = peer.device!.entry(peer.replay, 'action', action);
		if (peer === this.rogue) this.rogueEntries.push(entry);
		this.post(peer, entry);
		return entry;
	}

	peerOfSeat(seat: Seat): Peer {
		if (this.rogue.seat === seat) return this.rogue;
		return this.honest.find((peer) => peer.seat === seat)!;
	}

	/** The first honest peer's view. */
	get view(): GameReplayer {
		return this.honest[0]!.replay;
	}
}

/** A game of `honest` honest seats and a rogue seat (or a rogue stranger), keys generated, every peer up to date. */
export function rogueTable(label: string, options: TableOptions = {}): Table {
	const honestCount = options.honest ?? 3;
	const rogueSeat = options.rogueSeat === undefined ? honestCount : options.rogueSeat;
	const seats = honestCount + (rogueSeat === null ? 0 : 1);
	const names: string[] = [];
	let next = 0;
	for (let seat = 0; seat < seats; seat++) names.push(seat === rogueSeat ? 'rogue' : HONEST_NAMES[next++]!);
	const game = gameIdFor(`adversarial:${label}`);
	const players: Peer[] = names.map((name, seat) => ({ name, seat, device: playerDevice(name), replay: replayer(game), inbox: [], has: new Set() }));
	const honest: Peer[] = players.filter((_, seat) => seat !== rogueSeat);
	for (let i = 0; i < (options.spectators ?? 0); i++) honest.push(spectator(`spectator-${i}`, game));
	const rogue: Peer = rogueSeat === null ? { ...spectator('rogue', game), device: playerDevice('rogue') } : players[rogueSeat]!;
	const table = new Table(game, new Rng(label), honest, rogue);
	// The lobby and the key generation, every seat (the rogue's too) honest.
	const host = players[0]!;
	const setup = gameOptions(seats);
	const gameSetup = { ...setup, rules: { ...setup.rules, ...options.gameRules } };
	table.broadcast(host.device!.entry(host.replay, 'create', { options: gameSetup, rules: options.rules ?? DEFAULT_PROTOCOL_RULES }));
	players.forEach((peer, seat) => {
		table.deliverAll();
		table.broadcast(peer.device!.join(peer.replay, seat));
		table.settle({ rogue: true });
	});
	table.settle({ rogue: true });
	table.rogueEntries.length = 0;
	return table;
}

export function spectator(name: string, game: string): Peer {
	return { name, seat: null, device: null, replay: replayer(game), inbox: [], has: new Set() };
}

/** An entry's id from its text. */
export const idOf = (text: string): string => entryId(JSON.parse(text));

export interface FinalSnapshot {
	readonly count: number;
	readonly ids: readonly string[];
}

export function finalOf(replay: GameReplayer): FinalSnapshot {
	return { count: replay.finalCount, ids: replay.accepted.slice(0, replay.finalCount).map((entry) => entry.id) };
}

export function snapshot(peers: readonly Peer[]): FinalSnapshot[] {
	return peers.map((peer) => finalOf(peer.replay));
}

/** What each peer had accepted and final before is still the start of what it has now. */
export function expectFinalKept(before: readonly FinalSnapshot[], peers: readonly Peer[]): void {
	peers.forEach((peer, i) => {
		const now = finalOf(peer.replay);
		expect(now.count, `${peer.name}: final entries`).toBeGreaterThanOrEqual(before[i]!.count);
		expect(now.ids.slice(0, before[i]!.count), `${peer.name}: final prefix`).toEqual(before[i]!.ids);
	});
}

/** What peers compare: state hash, accepted ids (final and provisional), final count, refusals by id. */
/**
 * What two replays of the same entries must agree on: the state, the accepted entries in order,
 * how many are final, and every refusal with its code. One exception, a known limit
 * (docs/protocol.md, "Equivocation"): an entry of a seat caught equivocating that arrives after
 * the fork came to light may take another place in the order than in a replay that had it from
 * the start (the orderer keys an equivocator's late entries by acknowledgement), so it can be
 * refused for another reason (CHEATER in one, ALREADY_VOTED or RANDOMNESS_EXPECTED in the
 * other; rogue fuzz seeds d and f). Such an entry must be refused in both: only its code is not
 * compared.
 */
export function summary(replay: GameReplayer) {
	const cheaters = new Set(replay.core.seats.flatMap((holder, seat) => (holder !== null && replay.core.cheaters.has(seat) ? [holder.key] : [])));
	return {
		hash: replay.stateHash,
		accepted: replay.accepted.map((entry) => entry.id),
		finalCount: replay.finalCount,
		refused: replay.rejections.filter((r) => r.id !== null).map((r) => `${r.id} ${cheaters.has(r.author ?? '') && r.code !== 'EQUIVOCATION' ? 'refused (a caught equivocator\u2019s)' : r.code}`).sort(),
	};
}

export function expectConverged(peers: readonly Peer[]): void {
	const first = summary(peers[0]!.replay);
	for (const peer of peers.slice(1)) expect(summary(peer.replay), `${peer.name} vs ${peers[0]!.name}`).toEqual(first);
}

/** A fresh replayer fed every entry the honest peers hold, shuffled, in random batches (or all in one `add`). */
export function freshReplay(table: Table, rng: Rng = table.rng, at: 'batches' | 'once' = 'batches'): GameReplayer {
	const entries = new Set<string>();
	for (const peer of table.honest) for (const entry of peer.has) entries.add(entry);
	const replay = replayer(table.game);
	const shuffled = rng.shuffle([...entries]);
	for (const batch of at === 'once' ? [shuffled] : rng.batches(shuffled, 32)) replay.add(batch);
	return replay;
}

/** Fresh replayers (every entry at once, and in random batches) end as the first honest peer did. */
export function expectFreshAgrees(table: Table, rng: Rng = table.rng): void {
	for (const at of ['once', 'batches'] as const) {
		expect(summary(freshReplay(table, rng, at)), `a fresh replay of every entry, shuffled, ${at === 'once' ? 'at once' : 'in batches'}`).toEqual(summary(table.view));
	}
}

/** The `random` seeds the replay applied, in order (exportLog's synthesized entries). */
export function seeds(replay: GameReplayer): string[] {
	const core = replay.core;
	if (core.options === null) return [];
	return replay.exportLog().entries.flatMap((entry) => ((entry as Action).type === 'random' ? [(entry as { seed: string }).seed] : []));
}

/** A random legal move for whoever may act on this state, or null. */
export function randomMove(state: GameState, chooser: Chooser, secrets: Map<Seat, { goal: CardId; salt: string }>): PlayerAction | null {
	if (state.phase.kind === 'over' || state.random !== null) return null;
	const action = randomEntry(state, chooser, secrets, 'cautious');
	if (action === null || action.type === 'random' || action.type === 'fixed') return null;
	return action;
}

/** Whether an action would leave the game waiting for randomness (its entry would open a random event). */
export function opensEvent(state: GameState, action: PlayerAction): boolean {
	const result = step(state, action);
	return result.ok && result.state.random !== null;
}

export interface PlayOptions {
	/** Called before each move; returning true means the hook made the move itself. */
	readonly before?: (table: Table, state: GameState, move: PlayerAction) => boolean;
	/** Whether the rogue does its automatic part (shares, acks) like an honest device; default true. */
	readonly rogueAutomatic?: boolean;
}

/** Random legal moves chosen on the first honest peer's view, each signed by the acting seat's device on its own view. */
export function play(table: Table, moves: number, seed: string, options: PlayOptions = {}): number {
	const chooser = new Chooser(seed);
	const secrets = new Map<Seat, { goal: CardId; salt: string }>();
	const rogue = options.rogueAutomatic ?? true;
	let played = 0;
	for (let i = 0; i < moves; i++) {
		table.settle({ rogue });
		const state = table.view.state;
		if (state === null) break;
		const move = randomMove(state, chooser, secrets);
		if (move === null) break;
		if (options.before?.(table, state, move)) {
			played++;
			continue;
		}
		table.act(table.peerOfSeat(move.seat), move);
		played++;
	}
	table.settle({ rogue });
	return played;
}

/**
 * Plays random moves (the rogue honest) until the move chosen for the rogue fits `wanted`; returns
 * that move unplayed (the state it was chosen on is the first honest peer's view).
 */
export function playUntilRogueMove(table: Table, seed: string, wanted: (state: GameState, move: PlayerAction) => boolean, limit = 2_000): PlayerAction {
	const chooser = new Chooser(seed);
	const secrets = new Map<Seat, { goal: CardId; salt: string }>();
	for (let i = 0; i < limit; i++) {
		table.settle({ rogue: true });
		const state = table.view.state!;
		const move = randomMove(state, chooser, secrets);
		if (move === null) break;
		if (move.seat === table.rogue.seat && wanted(state, move)) return move;
		table.act(table.peerOfSeat(move.seat), move);
	}
	throw new Error(`no rogue move of the wanted sort in ${limit} moves (seed ${seed})`);
}
