/**
 * A peer's sync step 1s are answered at a pace (gated-sync.ts Step1Pacer, UpdateGate.answerDelay):
 * our answer may be the whole log, and a 3-byte step 1 with an empty state vector, sent again and
 * again, made an honest device upload its whole log each time (red team, session 15). A few are
 * answered at once, then one every 5 s; one over the pace waits, the latest only, and is answered
 * when the pace allows, so an honest peer's last question always gets its answer.
 */
import * as encoding from 'lib0/encoding';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as syncProtocol from 'y-protocols/sync';
import { ChannelSync } from '../../src/lib/net/channel-sync.js';
import { appendEntry, createGameDoc } from '../../src/lib/net/doc.js';
import { PULL_ALL_MESSAGE, syncStep1Message } from '../../src/lib/net/gated-sync.js';
import { DEFAULT_UPDATE_LIMITS, UpdateGate } from '../../src/lib/net/update-gate.js';
import { channelPair } from './gate-helpers.js';

beforeEach(() => {
	vi.useFakeTimers();
});
afterEach(() => {
	vi.useRealTimers();
});

/** A gated doc holding a log, and a raw peer counting the step 2s it gets back. */
function table() {
	const game = createGameDoc('g', { clientID: 1 });
	appendEntry(game, Array.from({ length: 50 }, (_, i) => `entry ${i}`));
	const gate = new UpdateGate(game.doc, { now: () => Date.now() });
	const pair = channelPair();
	const sync = new ChannelSync(game.doc, pair.a, null, { gate, peer: 'asker' });
	sync.start();
	let answers = 0;
	let lastSize = 0;
	pair.b.onMessage((message) => {
		if (message[0] === 0 && message[1] === syncProtocol.messageYjsSyncStep2) {
			answers++;
			lastSize = message.byteLength;
		}
	});
	return { ask: () => pair.b.send(PULL_ALL_MESSAGE), askUpToDate: () => pair.b.send(syncStep1Message(game.doc)), answers: () => answers, lastSize: () => lastSize };
}

describe('answering a peer’s sync step 1s', () => {
	it('a peer asking 20 times at once gets the burst answered, then its latest question after the pace', () => {
		const { ask, answers } = table();
		for (let i = 0; i < 20; i++) ask();
		expect(answers()).toBe(DEFAULT_UPDATE_LIMITS.step1AnswerBurst);
		vi.advanceTimersByTime(1_000 / DEFAULT_UPDATE_LIMITS.step1AnswersPerSecond);
		expect(answers()).toBe(DEFAULT_UPDATE_LIMITS.step1AnswerBurst + 1);
		vi.advanceTimersByTime(60_000);
		expect(answers(), 'only the latest question waited').toBe(DEFAULT_UPDATE_LIMITS.step1AnswerBurst + 1);
	});

	it('a waiting pull (everything) is not replaced by a narrower question that comes after it', () => {
		const { ask, askUpToDate, answers, lastSize } = table();
		for (let i = 0; i < DEFAULT_UPDATE_LIMITS.step1AnswerBurst; i++) askUpToDate();
		const small = lastSize();
		ask();
		askUpToDate();
		vi.advanceTimersByTime(1_000 / DEFAULT_UPDATE_LIMITS.step1AnswersPerSecond);
		expect(answers()).toBe(DEFAULT_UPDATE_LIMITS.step1AnswerBurst + 1);
		expect(lastSize(), 'the whole log was sent').toBeGreaterThan(small + 100);
	});

	it('one question every 5 s is always answered at once', () => {
		const { ask, answers } = table();
		for (let i = 0; i < 30; i++) {
			ask();
			expect(answers()).toBe(i + 1);
			vi.advanceTimersByTime(1_000 / DEFAULT_UPDATE_LIMITS.step1AnswersPerSecond);
		}
	});

	it('a step 1 is still an ordinary y-protocols message (the encoder writes what the pacer reads)', () => {
		const encoder = encoding.createEncoder();
		encoding.writeVarUint(encoder, 0);
		syncProtocol.writeSyncStep1(encoder, createGameDoc('g').doc);
		expect([...encoding.toUint8Array(encoder)]).toEqual([...PULL_ALL_MESSAGE]);
	});
});
