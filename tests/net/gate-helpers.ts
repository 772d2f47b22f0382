// Helpers of the update gate tests: in-memory links between docs through ChannelSync (the
// honest side gated, a rogue side not), a hand-driven clock, entries of a realistic size.
import * as encoding from 'lib0/encoding';
import type * as Y from 'yjs';
import { ChannelSync, type ByteChannel } from '../../src/lib/net/channel-sync.js';
import type { UpdateGate } from '../../src/lib/net/update-gate.js';

/** A hand-driven clock for a gate (milliseconds). */
export function manualClock(start = 1_000) {
	let now = start;
	return { now: () => now, advance: (ms: number) => void (now += ms) };
}

/** A synchronous, ordered in-memory link. `drop` loses what the filter says (to lose a message). */
export function channelPair(options: { drop?: (from: 'a' | 'b', m: Uint8Array) => boolean } = {}) {
	const handlers: Record<'a' | 'b', (m: Uint8Array) => void> = { a: () => {}, b: () => {} };
	const end = (me: 'a' | 'b'): ByteChannel => ({
		send: (m) => {
			if (options.drop?.(me, m)) return;
			handlers[me === 'a' ? 'b' : 'a'](m.slice());
		},
		onMessage: (h) => {
			handlers[me] = h;
			return () => (handlers[me] = () => {});
		}
	});
	return { a: end('a'), b: end('b') };
}

export interface LinkEnd {
	doc: Y.Doc;
	/** Its gate; null: it applies anything (a rogue). */
	gate: UpdateGate | null;
	/** The id the other end has in this end's gate. */
	peer: string;
}

/** Links two docs through ChannelSync and starts both sides (they sync at once). */
export function link(a: LinkEnd, b: LinkEnd, options: Parameters<typeof channelPair>[0] = {}) {
	const pair = channelPair(options);
	const syncA = new ChannelSync(a.doc, pair.a, null, { gate: a.gate, peer: a.peer });
	const syncB = new ChannelSync(b.doc, pair.b, null, { gate: b.gate, peer: b.peer });
	syncA.start();
	syncB.start();
	return {
		syncA,
		syncB,
		stop: () => {
			syncA.stop();
			syncB.stop();
		}
	};
}

/** A string shaped and sized like a signed log entry (~375 bytes). */
export function entryLike(n: number, game = 'g'): string {
	const b64 = (len: number, seed: number) => Array.from({ length: len }, (_, i) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[(seed * 31 + i * 7) % 64]).join('');
	return JSON.stringify({ v: 1, game, kind: 'action', body: { type: 'passTurn', seat: n % 6 }, author: b64(43, n % 6), prev: b64(43, n), last: b64(43, n + 1), deps: [b64(43, n + 3)], sig: b64(86, n + 2) });
}

/** A y-protocols sync message carrying `update` (type 2: an update; 1: a step 2). */
export function syncMessage(update: Uint8Array, type: 1 | 2 = 2): Uint8Array {
	const encoder = encoding.createEncoder();
	encoding.writeVarUint(encoder, 0);
	encoding.writeVarUint(encoder, type);
	encoding.writeVarUint8Array(encoder, update);
	return encoding.toUint8Array(encoder);
}

/** Every update `doc` emits from now on (the stop function is returned too). */
export function recordUpdates(doc: Y.Doc): { updates: Uint8Array[]; stop: () => void } {
	const updates: Uint8Array[] = [];
	const handler = (u: Uint8Array) => updates.push(u);
	doc.on('update', handler);
	return { updates, stop: () => doc.off('update', handler) };
}
