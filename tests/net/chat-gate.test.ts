// The chat array (net/chat-doc.ts) passes the update gate by the log's rules: string appends only,
// at most MAX_ENTRY_BYTES each, counted under the same cap; an item placed between the log and
// the chat, a deletion or a non-string is dropped before it reaches an honest doc.
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { appendChat, chatArray, observeChat, readChat } from '../../src/lib/net/chat-doc.js';
import { appendEntry, createGameDoc, readLog } from '../../src/lib/net/doc.js';
import { UpdateGate } from '../../src/lib/net/update-gate.js';
import { MAX_ENTRY_BYTES } from '../../src/lib/protocol/entry.js';
import { link, manualClock } from './gate-helpers.js';

function pair() {
	const clock = manualClock();
	const honest = createGameDoc('g', { clientID: 1 });
	const rogue = createGameDoc('g', { clientID: 66 });
	appendEntry(honest, ['e0', 'e1']);
	const gate = new UpdateGate(honest.doc, { now: clock.now });
	const sync = link({ doc: honest.doc, gate, peer: 'rogue' }, { doc: rogue.doc, gate: null, peer: 'honest' });
	return { clock, honest, rogue, gate, sync };
}

describe('the chat array through the update gate', () => {
	it('a chat message appended by a peer reaches a gated doc, and the log is untouched', () => {
		const { honest, rogue, gate } = pair();
		const seen: unknown[] = [];
		observeChat(honest, (added) => seen.push(...added));
		appendChat(rogue, 'hello');
		expect(readChat(honest)).toEqual(['hello']);
		expect(seen).toEqual(['hello']);
		expect(readLog(honest)).toEqual(['e0', 'e1']);
		expect(gate.dropped).toEqual({});
		expect(gate.tally.entries).toBe(3); // one cap for the log and the chat
	});

	it('a rogue deleting a chat message is dropped as a deletion; the message stays', () => {
		const { honest, rogue, gate } = pair();
		appendChat(rogue, 'kept');
		chatArray(rogue).delete(0, 1);
		expect(gate.dropped.deletion).toBe(1);
		expect(readChat(honest)).toEqual(['kept']);
	});

	it('an oversized chat string or a number is dropped', () => {
		const { honest, rogue, gate } = pair();
		rogue.doc.transact(() => chatArray(rogue).push(['é'.repeat(MAX_ENTRY_BYTES / 2 + 1)]));
		expect(gate.dropped['oversized-entry']).toBe(1);
		const other = pair();
		other.rogue.doc.transact(() => (chatArray(other.rogue) as Y.Array<unknown>).push([42]));
		expect(other.gate.dropped['not-a-string']).toBe(1);
		expect(readChat(honest)).toEqual([]);
		expect(readChat(other.honest)).toEqual([]);
	});

	it('an item whose neighbours are one in the log and one in the chat is refused as foreign', () => {
		const clock = manualClock();
		const honest = createGameDoc('g', { clientID: 1 });
		const gate = new UpdateGate(honest.doc, { now: clock.now });
		const rogue = createGameDoc('g', { clientID: 66 });
		appendEntry(rogue, 'a');
		appendChat(rogue, 'c');
		// Both honest so far: applied.
		expect(gate.admit('rogue', Y.encodeStateAsUpdate(rogue.doc))).toBe('apply');
		Y.applyUpdate(honest.doc, Y.encodeStateAsUpdate(rogue.doc));
		const before = Y.encodeStateVector(honest.doc);
		appendEntry(rogue, 'x');
		const logItems: Y.Item[] = [];
		for (let item = rogue.log._start; item !== null; item = item.right) logItems.push(item);
		const x = logItems[logItems.length - 1]!;
		const c = chatArray(rogue)._start!;
		x.rightOrigin = c.id; // hand-made: honest Yjs never writes this
		expect(gate.admit('rogue', Y.encodeStateAsUpdate(rogue.doc, before))).toBe('foreign-type');
		expect(readLog(honest)).toEqual(['a']);
	});

	it('checking an update never creates the chat array in a doc that has none', () => {
		const honest = createGameDoc('g', { clientID: 1 });
		const gate = new UpdateGate(honest.doc);
		const rogue = createGameDoc('g', { clientID: 66 });
		appendEntry(rogue, 'a');
		gate.admit('rogue', Y.encodeStateAsUpdate(rogue.doc));
		expect([...honest.doc.share.keys()].sort()).toEqual(['log', 'meta']);
	});
});
