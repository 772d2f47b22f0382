// The chat verifier (protocol/chat/book.ts): every refusal code, with the message that earns it,
// and what must still be accepted next to it.
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/lib/engine/index.js';
import { ChatBook, CHAT_RATE, MAX_CHAT_CHARS, MAX_CLOCK_AHEAD_MS, signChat, type ChatCode } from '../../../src/lib/protocol/chat/index.js';
import { Verifier } from '../../../src/lib/protocol/index.js';
import { A, B, C, GAME, OTHER_GAME, SEATS, T0, table } from './helpers.js';

const book = (...values: unknown[]) => {
	const b = new ChatBook(GAME, new Verifier());
	b.add(values);
	return b;
};
const codes = (b: ChatBook, seats = SEATS, now = T0) => b.verdicts(seats, now).refused.map((r) => r.code);
const texts = (b: ChatBook, seats = SEATS, now = T0) =>
	b.verdicts(seats, now).accepted.map((a) => ('text' in a.message ? a.message.text : a.message.box));

describe('ChatBook: what it accepts', () => {
	it('accepts signed table messages of seat holders and orders them by stated time, author, sequence', () => {
		const b = book(table(B, 1, 0, T0 + 5, 'second'), table(A, 0, 0, T0, 'first'), table(A, 0, 1, T0 + 9_000, 'third'));
		expect(texts(b)).toEqual(['first', 'second', 'third']);
		expect(codes(b)).toEqual([]);
	});
});

describe('ChatBook: each refusal', () => {
	const cases: { name: string; code: ChatCode; values: () => unknown[] }[] = [
		{ name: 'a message that is not JSON', code: 'MALFORMED', values: () => ['{not json'] },
		{ name: 'a value that is not a string', code: 'MALFORMED', values: () => [42] },
		{ name: 'a message with an extra field', code: 'MALFORMED', values: () => [canonicalJson({ ...JSON.parse(table(A, 0, 0, T0)), extra: 1 })] },
		{ name: 'empty text', code: 'MALFORMED', values: () => [signChat(A, { game: GAME, seat: 0, to: null, seq: 0, at: T0, text: '   ' })] },
		{ name: 'a control character', code: 'MALFORMED', values: () => [signChat(A, { game: GAME, seat: 0, to: null, seq: 0, at: T0, text: 'a\u0007b' })] },
		{ name: 'text of more than 500 characters', code: 'TOO_LONG', values: () => [signChat(A, { game: GAME, seat: 0, to: null, seq: 0, at: T0, text: '😀'.repeat(MAX_CHAT_CHARS + 1) })] },
		{ name: 'a string above 4096 bytes', code: 'OVERSIZED', values: () => [canonicalJson({ ...JSON.parse(table(A, 0, 0, T0)), text: 'x'.repeat(5000) })] },
		{ name: 'a forged signature (text changed after signing)', code: 'BAD_SIGNATURE', values: () => [canonicalJson({ ...JSON.parse(table(A, 0, 0, T0, 'I resign')), text: 'I cheat' })] },
		{ name: 'another key claiming the author', code: 'BAD_SIGNATURE', values: () => [canonicalJson({ ...JSON.parse(table(C, 0, 0, T0)), author: A.publicKey })] },
		{ name: 'another game’s message copied here', code: 'WRONG_GAME', values: () => [table(A, 0, 0, T0, 'hi', OTHER_GAME)] },
		{ name: 'a copy of a message (the same author and sequence twice)', code: 'DUPLICATE', values: () => [table(A, 0, 0, T0), table(A, 0, 0, T0)] },
		{ name: 'a seat the game does not have', code: 'UNKNOWN_SEAT', values: () => [table(A, 7, 0, T0)] },
		{ name: 'a seat held by another key', code: 'NOT_SEAT_HOLDER', values: () => [table(C, 0, 0, T0)] },
		{ name: 'two different messages with one sequence number', code: 'SEQ_REUSED', values: () => [table(A, 0, 0, T0, 'yes'), table(A, 0, 0, T0, 'no')] },
		{ name: 'a stated time before the author’s previous message', code: 'TIME_BACKWARDS', values: () => [table(A, 0, 0, T0), table(A, 0, 1, T0 - 1)] }
	];
	for (const c of cases) {
		it(`refuses ${c.name} as ${c.code}`, () => {
			const b = book(...c.values());
			expect(codes(b)).toContain(c.code);
		});
	}

	it('refuses messages beyond the rate as TOO_FAST, and takes them again once the bucket refills', () => {
		const burst = Array.from({ length: CHAT_RATE.burst + 2 }, (_, seq) => table(A, 0, seq, T0 + seq));
		const later = table(A, 0, CHAT_RATE.burst + 2, T0 + CHAT_RATE.burst + 2 + CHAT_RATE.intervalMs);
		const b = book(...burst, later);
		const v = b.verdicts(SEATS, T0);
		expect(v.accepted).toHaveLength(CHAT_RATE.burst + 1);
		expect(v.refused.map((r) => [r.code, r.seq])).toEqual([
			['TOO_FAST', CHAT_RATE.burst],
			['TOO_FAST', CHAT_RATE.burst + 1]
		]);
	});

	it('one author’s flood costs the others nothing', () => {
		const flood = Array.from({ length: 30 }, (_, seq) => table(C, 2, seq, T0));
		const b = book(...flood, table(A, 0, 0, T0, 'still here'));
		expect(texts(b)).toContain('still here');
	});
});

describe('ChatBook: what waits instead of being refused', () => {
	it('a gap in an author’s sequence holds its later messages until the missing one comes', () => {
		const b = book(table(A, 0, 1, T0 + 3_000, 'after'));
		expect(b.verdicts(SEATS, T0)).toMatchObject({ accepted: [], refused: [], waiting: 1 });
		b.add([table(A, 0, 0, T0, 'before')]);
		expect(texts(b)).toEqual(['before', 'after']);
	});

	it('a seat nobody holds yet waits for its join; a time far ahead waits for the clock', () => {
		const free = [A.publicKey, null, C.publicKey];
		const b = book(table(B, 1, 0, T0, 'early'), table(A, 0, 0, T0 + MAX_CLOCK_AHEAD_MS + 60_000, 'future'));
		const v = b.verdicts(free, T0);
		expect(v).toMatchObject({ accepted: [], refused: [], waiting: 2, nextDue: T0 + 60_000 });
		expect(texts(b, SEATS, T0 + 60_000)).toEqual(['early', 'future']);
	});

	it('a message refused in its sequence does not hold back the next', () => {
		const b = book(table(A, 0, 0, T0, 'ok'), table(A, 0, 1, T0 - 5, 'back'), table(A, 0, 2, T0 + 2_000, 'next'));
		expect(texts(b)).toEqual(['ok', 'next']);
		expect(codes(b)).toEqual(['TIME_BACKWARDS']);
	});

	it('the next sequence number counts every message an author signed, refused ones too', () => {
		const b = book(table(A, 0, 0, T0), table(A, 0, 1, T0 - 5));
		expect(b.nextSeq(A.publicKey)).toBe(2);
		expect(b.nextSeq(B.publicKey)).toBe(0);
	});
});

describe('ChatBook: verdicts never depend on arrival order', () => {
	it('any order, with copies and junk mixed in, gives the same accepted list and refusal counts (seeded)', () => {
		const seed = 1616;
		console.log(`chat order fuzz: seed ${seed}`);
		let state = seed;
		const next = (n: number) => {
			state = (state * 1103515245 + 12345) % 2 ** 31;
			return state % n;
		};
		const authors = [A, B, C];
		const values: string[] = [];
		for (let i = 0; i < 60; i++) {
			const seat = next(3);
			const seq = values.filter((v) => JSON.parse(v).seat === seat).length;
			values.push(table(authors[seat]!, seat, seq, T0 + i * 500 + next(400), `m${i}`));
		}
		values.push(table(A, 0, 3, T0, 'equivocation'), table(C, 0, 0, T0, 'not my seat'), 'junk');
		const reference = book(...values).verdicts(SEATS, T0 + 60_000);
		const summary = (v: typeof reference) => ({
			accepted: v.accepted.map((a) => a.id),
			codes: v.refused.map((r) => r.code).filter((c) => c !== 'DUPLICATE').sort(),
			waiting: v.waiting
		});
		expect(reference.refused.map((r) => r.code)).toContain('TOO_FAST');
		expect(reference.refused.map((r) => r.code)).toContain('SEQ_REUSED');
		for (let round = 0; round < 20; round++) {
			const shuffled = [...values];
			for (let i = shuffled.length - 1; i > 0; i--) {
				const j = next(i + 1);
				[shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
			}
			const copies = shuffled.filter(() => next(5) === 0);
			const b = new ChatBook(GAME, new Verifier());
			for (const value of [...shuffled, ...copies]) b.add([value]);
			expect(summary(b.verdicts(SEATS, T0 + 60_000)), `round ${round}`).toEqual(summary(reference));
		}
	});
});
