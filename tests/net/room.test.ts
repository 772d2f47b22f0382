import { describe, expect, it } from 'vitest';
import { createPrng } from '../../src/lib/net/prng.js';
import {
	formatRoomCode,
	inviteFragment,
	inviteLink,
	isRoomCode,
	newRoomCode,
	parseInvite,
	parseRoomCode,
	ROOM_CODE_ALPHABET,
	ROOM_CODE_LENGTH,
	ROOM_NAME_PREFIX,
	roomName
} from '../../src/lib/net/room.js';

const seeded = (seed: number) => {
	const prng = createPrng(seed);
	return (n: number) => Uint8Array.from({ length: n }, () => prng.int(256));
};

describe('room codes', () => {
	it('are 10 characters from an unambiguous alphabet', () => {
		expect(ROOM_CODE_ALPHABET).toHaveLength(32);
		expect(ROOM_CODE_ALPHABET).not.toMatch(/[ILOU]/);
		const random = seeded(1);
		for (let i = 0; i < 200; i++) {
			const code = newRoomCode(random);
			expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]+$/);
			expect(code).toHaveLength(ROOM_CODE_LENGTH);
			expect(parseRoomCode(code)).toBe(code);
		}
		expect(newRoomCode(() => new Uint8Array(10).fill(255))).toBe('ZZZZZZZZZZ');
		expect(newRoomCode(seeded(2), 16)).toHaveLength(16);
		expect(() => newRoomCode(() => new Uint8Array(3))).toThrow();
	});

	it('parse what people type', () => {
		expect(parseRoomCode('7kq2m-xh90d')).toBe('7KQ2MXH90D');
		expect(parseRoomCode(' 7KQ2M XH9OD ')).toBe('7KQ2MXH90D'); // letter O read as zero
		expect(parseRoomCode('IL23456789')).toBe('1123456789');
		expect(parseRoomCode('UUUUUUUUUU')).toBeNull();
		expect(parseRoomCode('ABC')).toBeNull();
		expect(parseRoomCode('ABCDEFGH!J')).toBeNull();
		expect(isRoomCode('7KQ2MXH90D')).toBe(true);
		expect(formatRoomCode('7kq2mxh90d')).toBe('7KQ2M-XH90D');
	});
});

describe('roomName', () => {
	it('is a fixed prefix plus a SHA-256 of the normalised code, never the code itself', () => {
		const random = seeded(3);
		for (let i = 0; i < 100; i++) {
			const code = newRoomCode(random);
			const name = roomName(code);
			expect(name).toMatch(new RegExp(`^${ROOM_NAME_PREFIX}[0-9a-f]{64}$`));
			expect(name.toUpperCase()).not.toContain(code);
			expect(name.toLowerCase()).not.toContain(code.toLowerCase());
			expect(roomName(formatRoomCode(code).toLowerCase())).toBe(name);
		}
		expect(roomName('7KQ2MXH90D')).not.toBe(roomName('7KQ2MXH90E'));
	});

	it('is the same in every runtime (pinned value)', () => {
		expect(roomName('0000000000')).toBe(roomName('oooooooooo'));
		// = 'fnord-v1-' + sha256hex('fnord room v1\0' + '7KQ2MXH90D'), checked with node:crypto
		expect(roomName('7KQ2MXH90D')).toBe(
			'fnord-v1-fc34a432f749f3f3075b0a0117747f65bb91137bf3e68913ccd71ac3575c6879'
		);
	});

	it('refuses a non-code', () => {
		expect(() => roomName('hello')).toThrow();
	});
});

describe('invite links', () => {
	it('carry the code in the fragment', () => {
		expect(inviteFragment('7kq2m-xh90d')).toBe('#/join/7KQ2MXH90D');
		expect(inviteLink('https://example.org/fnord/#/game/1', '7KQ2MXH90D')).toBe(
			'https://example.org/fnord/#/join/7KQ2MXH90D'
		);
		expect(parseInvite('https://example.org/fnord/#/join/7KQ2MXH90D')).toBe('7KQ2MXH90D');
		expect(parseInvite('#/join/7kq2m-xh90d?x=1')).toBe('7KQ2MXH90D');
		expect(parseInvite('#/join/nope')).toBeNull();
		expect(parseInvite('https://example.org/')).toBeNull();
	});
});
