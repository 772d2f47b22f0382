/**
 * After a reload the chat stored on the device goes to the checker (a Web Worker in the browser)
 * before it fills the book. A message sent meanwhile used to be numbered from the empty book: the
 * device signed a second message numbered 0, and every peer refused both as SEQ_REUSED (the
 * player's earlier message vanished and the player looked like an equivocator; found by a red-team
 * pass). Now the send is refused NOT_READY until the stored chat is read, then numbered after it.
 */
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { createGameDoc } from '../../src/lib/net/doc.js';
import { Verifier } from '../../src/lib/protocol/index.js';
import { checkChatBatch, type ChatChecker } from '../../src/lib/session/chat-check.js';
import { ChatLog } from '../../src/lib/session/chat.js';
import { GameSession, gameIdOf } from '../../src/lib/session/index.js';
import { options, randomBytesFor, seedOf } from './helpers.js';

const T0 = 1_764_000_000_000;

/** A checker that answers later, as the worker does. */
function workerLike(): ChatChecker {
	const verifier = new Verifier(globalThis.crypto.subtle);
	return async (game, values) => {
		await new Promise((resolve) => setTimeout(resolve, 0));
		return (await checkChatBatch(structuredClone({ id: 0, game, values }), verifier)).results;
	};
}

describe('chat right after a reload', () => {
	it('a send before the stored chat is read is refused NOT_READY; once read, the message takes the next number and both arrive', async () => {
		const roomCode = 'CSEQRELOAD';
		const gameId = gameIdOf(roomCode);
		const seeds = [seedOf('cseq-0'), seedOf('cseq-1')];
		const sessions = [0, 1].map((i) => new GameSession({ game: createGameDoc(gameId), roomCode, seed: seeds[i]!, randomBytes: randomBytesFor(`cseq-${i}`) }));
		const link = (a: Y.Doc, b: Y.Doc) => {
			a.on('update', (u: Uint8Array, o: unknown) => o !== 'relay' && Y.applyUpdate(b, u, 'relay'));
			b.on('update', (u: Uint8Array, o: unknown) => o !== 'relay' && Y.applyUpdate(a, u, 'relay'));
		};
		link(sessions[0]!.game.doc, sessions[1]!.game.doc);
		sessions[0]!.start(options(2));
		expect(sessions[0]!.claim(0).ok).toBe(true);
		expect(sessions[1]!.claim(1).ok).toBe(true);
		let now = T0;
		const alice = new ChatLog(sessions[0]!, { now: () => now, randomBytes: randomBytesFor('box-a'), checker: workerLike() });
		const bob = new ChatLog(sessions[1]!, { now: () => now, randomBytes: randomBytesFor('box-b'), checker: workerLike() });
		expect(alice.send('first message from alice').ok).toBe(true);
		await bob.settled();
		expect(bob.lines.map((l) => l.text)).toEqual(['first message from alice']);
		// Alice reloads: the same document as storage gives it back, the same seed.
		now += 60_000;
		alice.destroy();
		const stored = Y.encodeStateAsUpdate(sessions[0]!.game.doc);
		sessions[0]!.destroy();
		const reloaded = GameSession.fromUpdate(stored, { gameId, roomCode, seed: seeds[0]!, randomBytes: randomBytesFor('cseq-0b') });
		link(reloaded.game.doc, sessions[1]!.game.doc);
		const again = new ChatLog(reloaded, { now: () => now, randomBytes: randomBytesFor('box-a2'), checker: workerLike() });
		const early = again.send('second message from alice');
		expect(early.ok ? null : early.error.code).toBe('NOT_READY');
		await again.settled();
		expect(again.send('second message from alice').ok).toBe(true);
		await bob.settled();
		expect(bob.lines.map((l) => l.text)).toEqual(['first message from alice', 'second message from alice']);
		expect(bob.refusals).toEqual([]);
		expect(again.lines.map((l) => l.text)).toEqual(['first message from alice', 'second message from alice']);
	});

	it('without a checker (everything read at once) a send right after opening works', () => {
		const session = GameSession.create({ options: options(2), seats: [0, 1], seed: seedOf('chat-no-checker'), randomBytes: randomBytesFor('chat-no-checker'), title: 'chat' });
		const chat = new ChatLog(session, { now: () => T0, randomBytes: randomBytesFor('box'), checker: null });
		expect(chat.send('hello').ok).toBe(true);
		session.destroy();
	});

	it('a worker that never answers does not hold sends forever: after the timeout this thread checks the stored chat', async () => {
		const session = GameSession.create({ options: options(2), seats: [0, 1], seed: seedOf('chat-stuck'), randomBytes: randomBytesFor('chat-stuck'), title: 'chat' });
		const first = new ChatLog(session, { now: () => T0, randomBytes: randomBytesFor('box-1'), checker: null });
		expect(first.send('before the reload').ok).toBe(true);
		first.destroy();
		const timers: (() => void)[] = [];
		const never: ChatChecker = () => new Promise(() => undefined);
		const chat = new ChatLog(session, { now: () => T0 + 60_000, randomBytes: randomBytesFor('box-2'), checker: never, schedule: (_ms, wake) => (timers.push(wake), () => undefined) });
		const early = chat.send('too soon');
		expect(early.ok ? null : early.error.code).toBe('NOT_READY');
		for (const wake of timers.splice(0)) wake();
		await chat.settled();
		expect(chat.lines.map((l) => l.text)).toEqual(['before the reload']);
		expect(chat.send('after the timeout').ok).toBe(true);
		expect(chat.lines.map((l) => l.text)).toEqual(['before the reload', 'after the timeout']);
		session.destroy();
	});
});
