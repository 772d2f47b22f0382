import { describe, expect, it } from 'vitest';
import { createPrng } from '../../src/lib/dev/prng.js';
import {
	formatRoomCode,
	inviteFragment,
	inviteLink,
	isRoomCode,
	newRoomCode,
	parseInvite,
	parseRoomCode,
	checkCharacter,
	publicRoomId,
	readRoomCode,
	ROOM_CODE_ALPHABET,
	ROOM_CODE_LENGTH,
	ROOM_NAME_PREFIX,
	ROOM_NAME_PREFIX_V2,
	ROOM_PUBLIC_LENGTH,
	ROOM_SECRET_LENGTH,
	roomLabel,
	roomName,
	roomSecret
} from '../../src/lib/net/room.js';

const seeded = (seed: number) => {
	const prng = createPrng(seed);
	return (n: number) => Uint8Array.from({ length: n }, () => prng.int(256));
};

describe('room codes', () => {
	it('are 25 characters (8 public, 16 secret, 1 check) from an unambiguous alphabet', () => {
		expect(ROOM_CODE_ALPHABET).toHaveLength(32);
		expect(ROOM_CODE_ALPHABET).not.toMatch(/[ILOU]/);
		expect([ROOM_PUBLIC_LENGTH, ROOM_SECRET_LENGTH, ROOM_CODE_LENGTH]).toEqual([8, 16, 25]);
		const random = seeded(1);
		for (let i = 0; i < 200; i++) {
			const code = newRoomCode(random);
			expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{25}$/);
			expect(parseRoomCode(code)).toBe(code);
			expect(readRoomCode(code)).toEqual({ ok: true, code, version: 2, publicPart: code.slice(0, 8), secret: code.slice(8, 24) });
		}
		expect(newRoomCode(() => new Uint8Array(24).fill(255))).toBe('Z'.repeat(24) + checkCharacter('Z'.repeat(24)));
		expect(() => newRoomCode(() => new Uint8Array(3))).toThrow();
	});

	it('parse what people type: case, spaces, dashes, O for 0, I and L for 1', () => {
		const code = newRoomCode(seeded(4));
		const typed = formatRoomCode(code).toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l');
		expect(formatRoomCode(code)).toMatch(/^(\w{5}-){4}\w{5}$/);
		expect(parseRoomCode(` ${typed} `)).toBe(code);
		expect(parseRoomCode(typed.replace(/-/g, ' '))).toBe(code);
		expect(parseRoomCode('UUUUUUUUUU')).toBeNull();
		expect(parseRoomCode('ABC')).toBeNull();
		expect(parseRoomCode('ABCDEFGH!J')).toBeNull();
		expect(readRoomCode('')).toEqual({ ok: false, problem: 'empty' });
		expect(readRoomCode('ABCDEFGH!J')).toEqual({ ok: false, problem: 'bad-character' });
		expect(readRoomCode(code.slice(0, 24))).toEqual({ ok: false, problem: 'length' }); // one character lost
		expect(readRoomCode(code + 'A')).toEqual({ ok: false, problem: 'length' });
	});

	it('name a typo: every single changed character and every swap of two characters', () => {
		const random = seeded(5);
		for (let n = 0; n < 20; n++) {
			const code = newRoomCode(random);
			for (let i = 0; i < code.length; i++) {
				for (const ch of ROOM_CODE_ALPHABET) {
					if (ch === code[i]) continue;
					const changed = code.slice(0, i) + ch + code.slice(i + 1);
					expect(readRoomCode(changed)).toEqual({ ok: false, problem: 'typo' });
				}
				for (let j = i + 1; j < code.length - 1; j++) {
					if (code[i] === code[j]) continue;
					const swapped = [...code];
					[swapped[i], swapped[j]] = [swapped[j]!, swapped[i]!];
					expect(readRoomCode(swapped.join('')).ok, `${code} swap ${i} ${j}`).toBe(false);
				}
			}
		}
	});

	it('still read version-1 codes (8 to 16 characters, no secret), as games stored with them carry', () => {
		expect(parseRoomCode('7kq2m-xh90d')).toBe('7KQ2MXH90D');
		expect(parseRoomCode(' 7KQ2M XH9OD ')).toBe('7KQ2MXH90D'); // letter O read as zero
		expect(parseRoomCode('IL23456789')).toBe('1123456789');
		expect(isRoomCode('7KQ2MXH90D')).toBe(true);
		expect(formatRoomCode('7kq2mxh90d')).toBe('7KQ2M-XH90D');
		expect(readRoomCode('7KQ2MXH90D')).toEqual({ ok: true, code: '7KQ2MXH90D', version: 1, publicPart: '7KQ2MXH90D', secret: null });
		expect(roomSecret('7KQ2MXH90D')).toBeNull();
		expect(publicRoomId('7KQ2MXH90D')).toBe('7KQ2MXH90D');
		expect(parseRoomCode('A'.repeat(17))).toBeNull();
	});
});

describe('the secret', () => {
	it('is the 16 characters after the public part, and no public name of the room depends on it', () => {
		const random = seeded(6);
		for (let i = 0; i < 50; i++) {
			const code = newRoomCode(random);
			const other = newRoomCode(random);
			// Same public part, another secret: a valid code (its check character recomputed).
			const body = code.slice(0, ROOM_PUBLIC_LENGTH) + other.slice(ROOM_PUBLIC_LENGTH, 24);
			const sibling = body + checkCharacter(body);
			expect(roomSecret(code)).toBe(code.slice(8, 24));
			expect(roomSecret(sibling)).not.toBe(roomSecret(code));
			// The secret is not an input of the room name or the public id: both are the same for either secret.
			expect(roomName(sibling)).toBe(roomName(code));
			expect(publicRoomId(sibling)).toBe(publicRoomId(code));
			expect(publicRoomId(code)).toBe(`2:${code.slice(0, 8)}`);
			expect(roomName(code).toUpperCase()).not.toContain(roomSecret(code));
			expect(roomLabel(code)).toBe(`${code.slice(0, 4)}-${code.slice(4, 8)}`);
		}
	});
});

describe('roomName', () => {
	it('is a fixed prefix plus a SHA-256 of the normalised public part, never the code itself', () => {
		const random = seeded(3);
		for (let i = 0; i < 100; i++) {
			const code = newRoomCode(random);
			const name = roomName(code);
			expect(name).toMatch(new RegExp(`^${ROOM_NAME_PREFIX_V2}[0-9a-f]{64}$`));
			expect(name.toUpperCase()).not.toContain(code);
			expect(name.toLowerCase()).not.toContain(code.toLowerCase());
			expect(roomName(formatRoomCode(code).toLowerCase())).toBe(name);
		}
		expect(roomName('7KQ2MXH90D')).not.toBe(roomName('7KQ2MXH90E'));
		expect(roomName('7KQ2MXH90D')).toMatch(new RegExp(`^${ROOM_NAME_PREFIX}[0-9a-f]{64}$`)); // version 1
	});

	it('is the same in every runtime (pinned value)', () => {
		expect(roomName('0000000000')).toBe(roomName('oooooooooo'));
		// = 'fnord-v1-' + sha256hex('fnord room v1\0' + '7KQ2MXH90D'), checked with node:crypto
		expect(roomName('7KQ2MXH90D')).toBe(
			'fnord-v1-fc34a432f749f3f3075b0a0117747f65bb91137bf3e68913ccd71ac3575c6879'
		);
		// = 'fnord-v2-' + sha256hex('fnord room v2\0' + '7KQ2MXH9'): the public part only
		expect(roomName('7KQ2M-XH9AB-CDEFG-HJKMN-PQRSH')).toBe(
			'fnord-v2-9505f5c054d458706df0066b9beb4f1cfb2cd62bdfa923faa887038163795bea'
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
