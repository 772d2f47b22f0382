/**
 * Flooding, at the net layer (node --import tsx bench/flood.ts):
 * - the time to take in successive batches of 10,000 junk updates from one peer, each one sync
 *   message through ChannelSync: with the update gate's default limits (the flooder is held to
 *   its rates, then muted), with the gate but no rate or log caps (every update checked and
 *   applied: the log grows by 10,000 a batch), and with no gate (y-protocols as before). The
 *   gate's own share stays flat (its cost follows the update, not the log); without caps Yjs's
 *   grows, as one author's appends merge into one item whose array is copied at each merge;
 * - what the doc would store (y-indexeddb writes each of its update events) after a rogue pushes
 *   ten 5 MB strings, with the gate and without;
 * - an honest first sync of 5,000 entries (~1.9 MB) through the gate.
 */
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import { ChannelSync, type ByteChannel } from '../src/lib/net/channel-sync.js';
import { appendEntry, createGameDoc } from '../src/lib/net/doc.js';
import { NO_RATE_LIMITS, UpdateGate } from '../src/lib/net/update-gate.js';

/** A y-protocols sync message carrying an update. */
function syncMessage(update: Uint8Array): Uint8Array {
	const encoder = encoding.createEncoder();
	encoding.writeVarUint(encoder, 0); // sync
	encoding.writeVarUint(encoder, 2); // update
	encoding.writeVarUint8Array(encoder, update);
	return encoding.toUint8Array(encoder);
}

/** A string shaped and sized like a signed entry (~380 bytes). */
function entryLike(n: number): string {
	const b64 = (len: number, seed: number) => Array.from({ length: len }, (_, i) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[(seed * 31 + i * 7) % 64]).join('');
	return JSON.stringify({ v: 1, game: 'sync', kind: 'action', body: { type: 'passTurn', seat: n % 6 }, author: b64(43, n % 6), prev: b64(43, n), last: b64(43, n + 1), deps: [b64(43, n + 3)], sig: b64(86, n + 2) });
}

const BATCHES = 5;
const BATCH = 10_000;

/** A victim doc and the receiving end of a channel from the rogue, through ChannelSync; `gateMs` is the time spent in the gate. */
function victim(gate: 'default' | 'no caps' | 'none') {
	const game = createGameDoc('flood', { clientID: 1 });
	let handler: (m: Uint8Array) => void = () => {};
	const channel: ByteChannel = { send: () => {}, onMessage: (h) => ((handler = h), () => {}) };
	const updateGate =
		gate === 'none' ? null : new UpdateGate(game.doc, gate === 'default' ? {} : { limits: { ...NO_RATE_LIMITS, maxLogEntries: Infinity, maxLogBytes: Infinity } });
	const timing = { gateMs: 0 };
	if (updateGate) {
		const admit = updateGate.admit.bind(updateGate);
		updateGate.admit = (...args) => {
			const started = performance.now();
			const verdict = admit(...args);
			timing.gateMs += performance.now() - started;
			return verdict;
		};
	}
	new ChannelSync(game.doc, channel, null, { gate: updateGate, peer: 'rogue' }).start();
	return { game, timing, deliver: (m: Uint8Array) => handler(m) };
}

/** BATCHES x BATCH junk updates of one rogue, one entry each, as sync messages. */
function junkBatches(): Uint8Array[][] {
	const rogue = createGameDoc('flood', { clientID: 66 });
	const batches: Uint8Array[][] = [];
	let batch: Uint8Array[] = [];
	rogue.doc.on('update', (u: Uint8Array) => batch.push(syncMessage(u)));
	for (let b = 0; b < BATCHES; b++) {
		for (let n = 0; n < BATCH; n++) appendEntry(rogue, `junk ${b}.${n} ${'j'.repeat(40)}`);
		batches.push(batch);
		batch = [];
	}
	return batches;
}

const batches = junkBatches();
console.log(`Successive batches of ${BATCH.toLocaleString('en')} junk updates from one peer: ms per batch [of which in the gate] (log length after it)`);
for (const mode of ['default', 'no caps', 'none'] as const) {
	const { game, timing, deliver } = victim(mode);
	const times: string[] = [];
	for (const batch of batches) {
		const started = performance.now();
		timing.gateMs = 0;
		for (const m of batch) deliver(m);
		const gate = mode === 'none' ? '' : ` [${Math.round(timing.gateMs)}]`;
		times.push(`${Math.round(performance.now() - started)}${gate} (${game.log.length.toLocaleString('en')})`);
	}
	const label = { default: 'gate, default limits', 'no caps': 'gate, no rate/log caps', none: 'no gate' }[mode];
	console.log(`  ${label.padEnd(24)} ${times.join(', ')}`);
}

function storedAfterHugeStrings(gated: boolean): { stored: number; state: number } {
	const game = createGameDoc('huge', { clientID: 1 });
	appendEntry(game, 'e0');
	const pair = { a: null as ((m: Uint8Array) => void) | null };
	const channel: ByteChannel = { send: () => {}, onMessage: (h) => ((pair.a = h), () => {}) };
	new ChannelSync(game.doc, channel, null, { gate: gated ? new UpdateGate(game.doc) : null, peer: 'rogue' }).start();
	let stored = 0; // what y-indexeddb writes: each update event of the doc
	game.doc.on('update', (u: Uint8Array) => (stored += u.byteLength));
	const before = Y.encodeStateAsUpdate(game.doc).byteLength;
	const rogue = createGameDoc('huge', { clientID: 66 });
	Y.applyUpdate(rogue.doc, Y.encodeStateAsUpdate(game.doc));
	rogue.doc.on('update', (u: Uint8Array) => pair.a?.(syncMessage(u)));
	for (let n = 0; n < 10; n++) appendEntry(rogue, String(n).repeat(5_000_000));
	return { stored, state: Y.encodeStateAsUpdate(game.doc).byteLength - before };
}

console.log('Ten 5 MB strings from a rogue: bytes written to storage (doc update events), growth of the encoded doc:');
for (const gated of [true, false]) {
	const { stored, state } = storedAfterHugeStrings(gated);
	console.log(`  ${(gated ? 'gate' : 'no gate').padEnd(8)} stored ${stored.toLocaleString('en')} B, doc +${state.toLocaleString('en')} B`);
}

const host = createGameDoc('sync', { clientID: 2 });
appendEntry(host, Array.from({ length: 5_000 }, (_, n) => entryLike(n)));
const update = Y.encodeStateAsUpdate(host.doc);
const joiner = createGameDoc('sync', { clientID: 3 });
const gate = new UpdateGate(joiner.doc);
const started = performance.now();
const verdict = gate.admit('host', update, { step2: true });
const checked = performance.now();
Y.applyUpdate(joiner.doc, update);
console.log(
	`Honest first sync of 5,000 entries (${update.byteLength.toLocaleString('en')} B): gate ${verdict} in ${Math.round(checked - started)} ms, Yjs apply ${Math.round(performance.now() - checked)} ms`
);
