// The chat of a game (session/chat.ts) over three devices with one seat each, a seatless watcher
// and a rogue peer editing the shared document by hand: table messages reach everyone, private
// ones only their two parties, and forged, copied, deleted or reordered items change no honest view.
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { chatArray, readChat } from '../../src/lib/net/chat-doc.js';
import { createGameDoc } from '../../src/lib/net/doc.js';
import { canonicalJson } from '../../src/lib/engine/index.js';
import { CHAT_RATE, signChat } from '../../src/lib/protocol/chat/index.js';
import { generateIdentity } from '../../src/lib/protocol/index.js';
import { ChatLog } from '../../src/lib/session/chat.js';
import { GameSession, gameIdOf } from '../../src/lib/session/index.js';
import { options, randomBytesFor, seedOf } from './helpers.js';

/** Relays every update of each doc to the others at once (a rogue's doc too: nothing is gated here). */
function link(docs: Y.Doc[]): void {
	for (const doc of docs) {
		doc.on('update', (update: Uint8Array, origin: unknown) => {
			if (origin === 'relay') return;
			for (const other of docs) if (other !== doc) Y.applyUpdate(other, update, 'relay');
		});
	}
}

const T0 = 1_764_000_000_000;

function table(name: string) {
	const roomCode = `CHAT${name}`.padEnd(10, '0').slice(0, 10);
	const gameId = gameIdOf(roomCode);
	const clock = { now: T0 };
	const sessions = [0, 1, 2, 3].map((i) => new GameSession({ game: createGameDoc(gameId), roomCode, seed: seedOf(`chat-${name}-${i}`), randomBytes: randomBytesFor(`chat-${name}-${i}`) }));
	const rogue = new Y.Doc({ guid: gameId });
	link([...sessions.map((s) => s.game.doc), rogue]);
	sessions[0]!.start(options(3));
	for (let seat = 0; seat < 3; seat++) expect(sessions[seat]!.claim(seat).ok).toBe(true);
	const chats = sessions.map((s, i) => new ChatLog(s, { now: () => clock.now, randomBytes: randomBytesFor(`chat-box-${name}-${i}`) }));
	return { sessions, chats, rogue, clock, watcher: chats[3]! };
}

const texts = (chat: ChatLog) => chat.lines.map((l) => l.text);
const docText = (chat: ChatLog) => new TextDecoder().decode(Y.encodeStateAsUpdate(chat.session.game.doc));

describe('chat between devices', () => {
	it('a table message reaches every device, the seatless watcher too', () => {
		const t = table('table');
		expect(t.chats[0]!.send('hello table')).toMatchObject({ ok: true });
		t.clock.now += 5_000;
		expect(t.chats[2]!.send('hi from seat 2')).toMatchObject({ ok: true });
		for (const chat of t.chats) expect(texts(chat)).toEqual(['hello table', 'hi from seat 2']);
		expect(t.chats[1]!.lines[0]).toMatchObject({ from: 0, to: null, at: T0, mine: false });
		expect(t.chats[0]!.lines[0]!.mine).toBe(true);
		expect(t.chats[1]!.refusals).toEqual([]);
	});

	it('a private message is read by its two parties only, and its text is nowhere in the others’ documents', () => {
		const t = table('private');
		const secret = 'meet at the Pentagon 7q3z';
		expect(t.chats[0]!.send(secret, { to: 1 })).toMatchObject({ ok: true });
		expect(texts(t.chats[0]!)).toEqual([secret]);
		expect(texts(t.chats[1]!)).toEqual([secret]);
		expect(t.chats[1]!.lines[0]).toMatchObject({ from: 0, to: 1 });
		for (const other of [t.chats[2]!, t.watcher]) {
			expect(other.lines).toEqual([]);
			expect(readChat(other.session.game)).toHaveLength(1); // it holds the sealed message
			expect(docText(other)).not.toContain('Pentagon');
		}
		expect(t.chats[2]!.refusals).toEqual([]);
	});

	it('the watcher cannot write; a device writes only from its own seat, to another seated one', () => {
		const t = table('refuse');
		expect(t.watcher.send('let me in')).toMatchObject({ ok: false, error: { code: 'NOT_SEAT_HOLDER' } });
		expect(t.chats[0]!.send('as seat 1', { from: 1 })).toMatchObject({ ok: false, error: { code: 'NOT_SEAT_HOLDER' } });
		expect(t.chats[0]!.send('to myself', { to: 0 })).toMatchObject({ ok: false, error: { code: 'UNKNOWN_SEAT' } });
		expect(t.chats[0]!.send('to nobody', { to: 5 })).toMatchObject({ ok: false, error: { code: 'UNKNOWN_SEAT' } });
		expect(t.chats[0]!.send('x'.repeat(501))).toMatchObject({ ok: false, error: { code: 'TOO_LONG' } });
		expect(t.chats[0]!.send(' \n ')).toMatchObject({ ok: false, error: { code: 'MALFORMED' } });
		expect(readChat(t.sessions[0]!.game)).toEqual([]);
	});

	it('a device is held to the rate before it posts, and may write again once the bucket refills', () => {
		const t = table('rate');
		for (let i = 0; i < CHAT_RATE.burst; i++) expect(t.chats[0]!.send(`m${i}`).ok).toBe(true);
		expect(t.chats[0]!.send('one too many')).toMatchObject({ ok: false, error: { code: 'TOO_FAST' } });
		t.clock.now += CHAT_RATE.intervalMs;
		expect(t.chats[0]!.send('again').ok).toBe(true);
		expect(t.chats[1]!.lines).toHaveLength(CHAT_RATE.burst + 1);
		expect(t.chats[1]!.refusals).toEqual([]);
	});

	it('in hot seat every private message is on the device, and linesFor shows a seat only its own', () => {
		const roomCode = 'CHATHOT000';
		const session = GameSession.create({ options: options(3), seats: [0, 1, 2], seed: seedOf('chat-hot'), randomBytes: randomBytesFor('chat-hot'), roomCode });
		const chat = new ChatLog(session, { now: () => T0, randomBytes: randomBytesFor('chat-hot-box') });
		expect(chat.send('table').ok).toBe(true);
		expect(chat.send('0 to 1', { from: 0, to: 1 }).ok).toBe(true);
		expect(chat.send('2 to 0', { from: 2, to: 0 }).ok).toBe(true);
		expect(texts(chat)).toEqual(['table', '0 to 1', '2 to 0']);
		expect(chat.linesFor(1).map((l) => l.text)).toEqual(['table', '0 to 1']);
		expect(chat.linesFor(2).map((l) => l.text)).toEqual(['table', '2 to 0']);
		expect(chat.linesFor(null).map((l) => l.text)).toEqual(['table']);
	});

	it('after a reload the messages are back and the sequence goes on (no number used twice)', () => {
		const t = table('reload');
		expect(t.chats[0]!.send('before').ok).toBe(true);
		const s = t.sessions[0]!;
		const again = GameSession.fromUpdate(Y.encodeStateAsUpdate(s.game.doc), { gameId: s.gameId, roomCode: s.roomCode, seed: seedOf('chat-reload-0'), randomBytes: randomBytesFor('reload') });
		const chat = new ChatLog(again, { now: () => T0 + 3_000 });
		expect(texts(chat)).toEqual(['before']);
		expect(chat.send('after').ok).toBe(true);
		expect(texts(chat)).toEqual(['before', 'after']);
		expect(chat.refusals).toEqual([]);
	});
});

describe('a rogue editing the chat array changes no honest view', () => {
	function played() {
		const t = table('rogue');
		t.chats[0]!.send('first');
		t.clock.now += 3_000;
		t.chats[1]!.send('second');
		t.clock.now += 3_000;
		t.chats[0]!.send('private', { to: 2 });
		const before = t.chats.map((c) => c.lines);
		return { ...t, before, rogueChat: t.rogue.getArray<string>('chat') };
	}
	const codesOf = (chat: ChatLog) => chat.refusals.map((r) => r.code);

	it('deleting every message hides none', () => {
		const t = played();
		t.rogueChat.delete(0, t.rogueChat.length);
		t.chats.forEach((c, i) => expect(c.lines).toEqual(t.before[i]));
	});

	it('reordering (delete and insert in another order) changes neither the order nor the verdicts', () => {
		const t = played();
		const items = t.rogueChat.toArray();
		t.rogue.transact(() => {
			t.rogueChat.delete(0, items.length);
			t.rogueChat.insert(0, [...items].reverse());
		});
		t.chats.forEach((c, i) => {
			expect(c.lines).toEqual(t.before[i]);
			expect(new Set(codesOf(c))).toEqual(new Set(['DUPLICATE']));
		});
	});

	it('a copied message is refused as DUPLICATE and shown once', () => {
		const t = played();
		t.rogueChat.push([t.rogueChat.get(0)]);
		t.chats.forEach((c, i) => {
			expect(c.lines).toEqual(t.before[i]);
			expect(codesOf(c)).toEqual(['DUPLICATE']);
		});
	});

	it('a forged message (another author’s text changed, or signed by a key holding no seat) is refused', () => {
		const t = played();
		const original = JSON.parse(t.rogueChat.get(0)) as Record<string, unknown>;
		const stranger = generateIdentity(new Uint8Array(32).fill(7));
		t.rogueChat.push([
			canonicalJson({ ...original, text: 'I concede the game' }),
			signChat(stranger, { game: t.sessions[0]!.gameId, seat: 0, to: null, seq: 0, at: T0, text: 'I am seat 0' })
		]);
		t.chats.forEach((c, i) => {
			expect(c.lines).toEqual(t.before[i]);
			expect(codesOf(c).sort()).toEqual(['BAD_SIGNATURE', 'NOT_SEAT_HOLDER']);
		});
	});

	it('a message of another game copied in is refused as WRONG_GAME', () => {
		const t = played();
		const other = table('other');
		other.chats[0]!.send('from elsewhere');
		t.rogueChat.push(readChat(other.sessions[0]!.game) as string[]);
		t.chats.forEach((c, i) => {
			expect(c.lines).toEqual(t.before[i]);
			expect(codesOf(c)).toEqual(['WRONG_GAME']);
		});
	});

	it('a private message’s box copied into a message of the rogue’s own seat does not open for the recipient', () => {
		const t = played();
		// The third device turns rogue: it re-signs seat 0's box to seat 2 as its own message to seat 0.
		const sealed = JSON.parse(chatArray(t.sessions[2]!.game).get(2)) as { box: string };
		const rogue = t.sessions[2]!;
		chatArray(rogue.game).push([signChat(rogue.identity, { game: rogue.gameId, seat: 2, to: 0, seq: 0, at: T0 + 9_000, box: sealed.box })]);
		expect(codesOf(t.chats[0]!)).toEqual(['BAD_SEAL']);
		expect(texts(t.chats[0]!)).toEqual(['first', 'second', 'private']);
		expect(codesOf(t.chats[1]!)).toEqual([]); // not a party: it cannot tell
	});
});

describe('a message dated far ahead', () => {
	// Red team (session 12): a timer past 2^31 − 1 ms fires at once, so one message dated a month
	// ahead kept every honest chat re-judging and re-notifying its page in a loop.
	it('waits, and the chat schedules its next look at most an hour ahead (no timer loop)', () => {
		const t = table('far-ahead');
		const waits: number[] = [];
		const chat = new ChatLog(t.sessions[1]!, { now: () => t.clock.now, randomBytes: randomBytesFor('chat-far-ahead'), schedule: (ms) => (waits.push(ms), () => undefined) });
		let notified = 0;
		chat.subscribe(() => notified++);
		// Seat 0's device with its clock a month ahead signs a table message.
		const month = 30 * 24 * 3_600_000;
		const ahead = new ChatLog(t.sessions[0]!, { now: () => T0 + month, randomBytes: randomBytesFor('chat-far-ahead-author'), checker: null });
		expect(ahead.send('from the future')).toMatchObject({ ok: true });
		expect(chat.lines.map((line) => line.text)).not.toContain('from the future');
		expect(waits.length).toBeGreaterThan(0);
		expect(Math.max(...waits)).toBeLessThanOrEqual(3_600_000);
		expect(notified).toBeLessThan(5);
	});
});
