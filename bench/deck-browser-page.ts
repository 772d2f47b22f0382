/**
 * What bench/deck-browser.ts runs inside Chromium: bundled with esbuild into one script and added
 * to a blank page per seat (each page is one seat's device; Node carries what passes between them,
 * as the table's links would). It sets `globalThis.fnordDeckBench`. No Node imports.
 *
 * - Crypto (src/lib/protocol/deck): every page makes the same DKG from a shared label (as the real
 *   key generation would give each seat its share), then shuffles, checks, seals or opens as asked,
 *   timing its own work with performance.now().
 * - Game (protocol/v2): one PlayerDevice and GameReplayer per page; Node relays every entry.
 * - `play`: the whole loopback game of bench/deck-game-play.ts inside one page (every peer's replay).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { Chooser, randomEntry } from '../src/lib/bots/random-player.js';
import { DEFAULT_RULES, legalActions, seatsToAct, type CardId, type Seat } from '../src/lib/engine/index.js';
import { viewFor } from '../src/lib/engine/knowledge.js';
import { boxKeyPair, deal, groupKey, openShare, secretShare, type BoxKeyPair, type GroupKey } from '../src/lib/protocol/coin/index.js';
import { bytesToBase64url } from '../src/lib/protocol/base64url.js';
import { generateIdentity } from '../src/lib/protocol/crypto.js';
import { checkShuffle, combine, openDeck, openSealed, partialDecryption, sealPartial, shuffle, type MaskedCard, type Result, type Seal } from '../src/lib/protocol/deck/index.js';
import { DEFAULT_PROTOCOL_RULES } from '../src/lib/protocol/entry.js';
import { PlayerDevice } from '../src/lib/protocol/v2/device.js';
import { GameReplayer } from '../src/lib/protocol/v2/replayer.js';
import { play } from './deck-game-play.js';

const text = (s: string) => new TextEncoder().encode(s);
const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));

function seeded(label: string): (n: number) => Uint8Array {
	let counter = 0;
	return (n) => {
		const out = new Uint8Array(n);
		for (let i = 0; i < n; i += 32) out.set(sha256(text(`${label}:${counter++}`)).subarray(0, Math.min(32, n - i)), i);
		return out;
	};
}

function value<T>(result: Result<T>): T {
	if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
	return result.value;
}

/** Runs `f` and returns its value with the milliseconds it took on this page's main thread. */
function timed<T>(f: () => T): { value: T; ms: number } {
	const start = performance.now();
	const out = f();
	return { value: out, ms: performance.now() - start };
}

// ---- crypto: one seat of a table of n ----

interface Table {
	game: string;
	seat: number;
	n: number;
	t: number;
	boxes: BoxKeyPair[];
	group: GroupKey;
	secret: bigint;
}
let table: Table | null = null;

/** The same DKG on every page (seeded by the label), keeping only this seat's share. Returns ms (setup, not measured). */
function setupSeat(label: string, n: number, seat: number): number {
	return timed(() => {
		const t = Math.max(2, n - 1);
		const game = `bench deck ${label}`;
		const rng = seeded(`dkg:${label}`);
		const boxes = Array.from({ length: n }, () => boxKeyPair(rng(32)));
		const boxKeys = boxes.map((b) => b.publicKey);
		const dealings = boxes.map((_, dealer) => deal({ context: game, dealer, t, boxKeys, random: rng }));
		const group = groupKey(new Map(dealings.map((d, i) => [i, d])), n, game);
		const secret = secretShare(
			new Map(
				dealings.map((dealing, dealer) => {
					const r = openShare({ context: game, dealer, dealing, seat, boxSecret: boxes[seat]!.secret });
					if (!r.ok) throw new Error(r.reason);
					return [dealer, r.share];
				}),
			),
		);
		table = { game, seat, n, t, boxes, group, secret };
	}).ms;
}

const seatTable = (): Table => {
	if (table === null) throw new Error('setupSeat first');
	return table;
};

/** The open deck of `cards` cards, and how long the first one took on this page (card table, G's table). */
function openDeckOf(cards: number): { deck: string[]; ms: number } {
	const { value: deck, ms } = timed(() => value(openDeck(Array.from({ length: cards }, (_, i) => i))));
	return { deck: [...deck], ms };
}

/** This seat's shuffle step of `deck`: re-mask and permute every card. */
function shuffleStep(deck: string[]): { deck: string[]; commitment: string; ms: number } {
	const s = seatTable();
	const seed = random(32);
	const { value: step, ms } = timed(() => value(shuffle({ game: s.game, seat: s.seat, deck: deck as MaskedCard[], groupKey: s.group.publicKey, seed })));
	return { deck: [...step.deck], commitment: step.commitment, ms };
}

/** The immediate check of another seat's step (what every peer's replay does on receiving it). */
function checkStep(seat: number, before: string[], after: string[]): number {
	return timed(() => value(checkShuffle({ seat, before: before as MaskedCard[], after: after as MaskedCard[] }))).ms;
}

/** This seat's partial decryption of the card at `position`, sealed to the drawer. */
function sealTo(deck: string[], position: number, drawer: number): { seal: Seal; ms: number } {
	const s = seatTable();
	const { value: seal, ms } = timed(() =>
		value(sealPartial({ game: s.game, position, card: deck[position] as MaskedCard, seat: s.seat, secret: s.secret, to: drawer, boxKey: s.boxes[drawer]!.publicKey, random })),
	);
	return { seal, ms };
}

/** The drawer: its own partial, opens and checks every seal, combines: the card number. */
function openDraw(deck: string[], position: number, seals: Seal[]): { card: number; ms: number; bytes: number } {
	const s = seatTable();
	const card = deck[position] as MaskedCard;
	const { value: number, ms } = timed(() => {
		const own = value(partialDecryption({ game: s.game, position, card, seat: s.seat, secret: s.secret, random }));
		const partials = [own, ...seals.map((seal) => value(openSealed({ game: s.game, position, card, seal, seat: s.seat, boxSecret: s.boxes[s.seat]!.secret, boxKey: s.boxes[s.seat]!.publicKey, shareKeys: s.group.shareKeys, t: s.t })))];
		return value(combine({ card, partials, t: s.t, position }));
	});
	return { card: number, ms, bytes: JSON.stringify(seals).length };
}

// ---- the game: one peer per page ----

interface GamePeer {
	device: PlayerDevice;
	replay: GameReplayer;
	seat: Seat;
	chooser: Chooser;
	secrets: Map<Seat, { goal: CardId; salt: string }>;
}
let peer: GamePeer | null = null;
const HURRY = ['passWindow', 'passSpending', 'endActions', 'endTurn', 'passTurn'];

function gameId(label: string): string {
	return bytesToBase64url(sha256(text(`game:${label}`)).subarray(0, 16));
}

function peerInit(label: string, seat: Seat): void {
	peer = {
		device: new PlayerDevice(generateIdentity(sha256(text(`key:${label}:${seat}`))), { box: (s) => sha256(text(`box:${label}:${seat}:${s}`)), random: seeded(`random:${label}:${seat}`) }),
		replay: new GameReplayer(gameId(label)),
		seat,
		chooser: new Chooser(`${label}:${seat}`),
		secrets: new Map(),
	};
}

const me = (): GamePeer => {
	if (peer === null) throw new Error('peerInit first');
	return peer;
};

/** The create entry (the host's page). */
function peerCreate(n: number, secretDeck: boolean): string {
	const p = me();
	const entry = p.device.entry(p.replay, 'create', { options: { players: n, illuminati: 'random', sandbox: false, rules: DEFAULT_RULES, ...(secretDeck ? { secretDeck: true } : {}) }, rules: DEFAULT_PROTOCOL_RULES });
	p.replay.add([entry]);
	return entry;
}

function peerJoin(): string {
	const p = me();
	const entry = p.device.join(p.replay, p.seat);
	p.replay.add([entry]);
	return entry;
}

/** Takes in entries from the others, then posts what this device does automatically (shuffle, seals, acknowledgements...). */
function peerStep(incoming: string[]): { out: string[]; ms: number } {
	const p = me();
	const out: string[] = [];
	const { ms } = timed(() => {
		if (incoming.length > 0) p.replay.add(incoming);
		for (let entry = p.device.nextAutomatic(p.replay); entry !== null; entry = p.device.nextAutomatic(p.replay)) {
			p.replay.add([entry]);
			out.push(entry);
		}
	});
	return { out, ms };
}

/** Whose move it is, and whether the engine waits for cards (and the deck is not shuffled yet). */
function peerStatus(): { toAct: Seat | null; over: boolean; drawing: boolean; shuffled: boolean; settled: boolean } {
	const p = me();
	const state = p.replay.state;
	if (state === null) return { toAct: null, over: false, drawing: false, shuffled: false, settled: true };
	return {
		toAct: seatsToAct(state)[0] ?? state.turn?.seat ?? null,
		over: state.phase.kind === 'over',
		drawing: state.random?.kind === 'draw',
		shuffled: p.replay.core.deck?.final != null,
		settled: state.random === null,
	};
}

/** This seat's next move (the bench's hurried random player), signed and added to its own replay; null when none. */
function peerAct(secretDeck: boolean): { entry: string; drawing: boolean; shuffled: boolean } | null {
	const p = me();
	const state = p.replay.state!;
	const view = viewFor(state, p.seat, secretDeck ? p.device.knowledge(p.replay, p.seat) : {});
	const quick = legalActions(view, p.seat).find((legal) => HURRY.includes(legal.action.type));
	const action = quick?.action ?? randomEntry(view, p.chooser, p.secrets, 'cautious');
	if (action === null || action.type === 'random' || action.type === 'fixed' || action.seat !== p.seat) return null;
	const entry = p.device.entry(p.replay, 'action', action);
	p.replay.add([entry]);
	return { entry, drawing: p.replay.state!.random?.kind === 'draw', shuffled: p.replay.core.deck?.final != null };
}

const api = { setupSeat, openDeckOf, shuffleStep, checkStep, sealTo, openDraw, peerInit, peerCreate, peerJoin, peerStep, peerStatus, peerAct, play };
export type DeckBenchApi = typeof api;
(globalThis as unknown as { fnordDeckBench: DeckBenchApi }).fnordDeckBench = api;
