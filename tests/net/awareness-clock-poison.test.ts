/**
 * Red team (session 14): presence is unauthenticated, and y-protocols applies any state whose clock
 * is above the one it holds. A peer sent one update for an honest, present peer's client with clock
 * 2^53: every later renewal of that peer (clock + 1, equal to 2^53 in a double) was ignored, so it
 * looked absent (or frozen under the attacker's name) on every device until it reloaded, and a bot
 * it drove was taken over. Every remote presence update is now filtered before it is applied
 * (net/awareness-filter.ts): clocks above 2^32 and states for this device's own client are left out.
 */
import * as Y from 'yjs';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import { describe, expect, it } from 'vitest';
import { filterAwarenessUpdate, MAX_AWARENESS_CLOCK } from '../../src/lib/net/awareness-filter.js';
import { ChannelSync, type ByteChannel } from '../../src/lib/net/channel-sync.js';
import { gatePeer } from '../../src/lib/net/gated-sync.js';
import { UpdateGate } from '../../src/lib/net/update-gate.js';

const POISON = 2 ** 53;

/** A hand-made awareness update: one client, any clock, any state. */
function forged(clientID: number, clock: number, state: unknown): Uint8Array {
	const e = encoding.createEncoder();
	encoding.writeVarUint(e, 1);
	encoding.writeVarUint(e, clientID);
	encoding.writeVarUint(e, clock);
	encoding.writeVarString(e, JSON.stringify(state));
	return encoding.toUint8Array(e);
}

/** The awareness message (kind 1) carrying `update`. */
function message(update: Uint8Array): Uint8Array {
	const e = encoding.createEncoder();
	encoding.writeVarUint(e, 1);
	encoding.writeVarUint8Array(e, update);
	return encoding.toUint8Array(e);
}

function awareness(clientID: number): Awareness {
	const doc = new Y.Doc();
	doc.clientID = clientID;
	return new Awareness(doc);
}

/** Two byte channels joined end to end, delivering at once. */
function pair(): { a: ByteChannel; b: ByteChannel } {
	const handlers: Record<'a' | 'b', (m: Uint8Array) => void> = { a: () => {}, b: () => {} };
	const end = (me: 'a' | 'b'): ByteChannel => ({
		send: (m) => handlers[me === 'a' ? 'b' : 'a'](m.slice()),
		onMessage: (h) => {
			handlers[me] = h;
			return () => (handlers[me] = () => {});
		},
	});
	return { a: end('a'), b: end('b') };
}

describe('presence updates are filtered before they are applied', () => {
	it('filterAwarenessUpdate leaves out clocks above 2^32 and this device\u2019s own client, and keeps the rest byte for byte', () => {
		const honest = forged(5, 7, { name: 'x' });
		expect(filterAwarenessUpdate(honest, 9)).toBe(honest);
		expect(filterAwarenessUpdate(forged(5, POISON, null), 9)).toBeNull();
		expect(filterAwarenessUpdate(forged(5, MAX_AWARENESS_CLOCK + 1, null), 9)).toBeNull();
		expect(filterAwarenessUpdate(forged(9, 3, null), 9)).toBeNull();
		expect(filterAwarenessUpdate(new Uint8Array([200]), 9)).toBeNull();
		// Two states, one poisoned: the other one stays.
		const two = encoding.createEncoder();
		encoding.writeVarUint(two, 2);
		for (const [client, clock] of [[5, POISON], [6, 4]] as const) {
			encoding.writeVarUint(two, client);
			encoding.writeVarUint(two, clock);
			encoding.writeVarString(two, 'null');
		}
		const kept = filterAwarenessUpdate(encoding.toUint8Array(two), 9)!;
		const decoder = decoding.createDecoder(kept);
		expect(decoding.readVarUint(decoder)).toBe(1);
		expect([decoding.readVarUint(decoder), decoding.readVarUint(decoder), decoding.readVarString(decoder)]).toEqual([6, 4, 'null']);
	});

	it('over ChannelSync: a 2^53 removal of a present peer is ignored, and its renewals keep arriving', () => {
		const victim = awareness(20);
		const honest = awareness(1);
		const link = pair();
		new ChannelSync(victim.doc, link.a, victim).start();
		new ChannelSync(honest.doc, link.b, honest).start();
		victim.setLocalStateField('name', 'Bob');
		expect(honest.getStates().get(20)).toEqual({ name: 'Bob' });
		const rogue = pair();
		new ChannelSync(honest.doc, rogue.b, honest).start();
		rogue.a.send(message(forged(20, POISON, null)));
		expect(honest.getStates().get(20), 'the poisoned removal is left out').toEqual({ name: 'Bob' });
		victim.setLocalStateField('name', 'Bob again');
		expect(honest.getStates().get(20), 'the next renewal arrives').toEqual({ name: 'Bob again' });
		// Nor does a rogue overwrite this device's own state.
		rogue.a.send(message(forged(1, honest.meta.get(1)!.clock + 1, { name: 'not me' })));
		expect(honest.getLocalState()).toEqual({});
	});

	it('over a y-webrtc link (gatePeer): the poisoned state never reaches the link\u2019s reader', () => {
		const doc = new Y.Doc();
		const seen: Uint8Array[] = [];
		const peer = {
			send: () => {},
			emit: (event: string | symbol, ...args: unknown[]) => {
				if (event === 'data') seen.push(args[0] as Uint8Array);
				return true;
			},
		};
		gatePeer(peer, new UpdateGate(doc), 'rogue', doc, () => 1);
		const victim = awareness(20);
		victim.setLocalStateField('name', 'Bob');
		const honestUpdate = message(encodeAwarenessUpdate(victim, [20]));
		peer.emit('data', honestUpdate);
		peer.emit('data', message(forged(20, POISON, null)));
		peer.emit('data', message(forged(1, 5, null)));
		expect(seen).toEqual([honestUpdate]);
	});
});
