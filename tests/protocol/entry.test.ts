// Entry encoding and parsing: ids ignore formatting; every malformed input gets a specific error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/lib/engine/index.js';
import { generateIdentity, Verifier } from '../../src/lib/protocol/crypto.js';
import { bytesToBase64url } from '../../src/lib/protocol/base64url.js';
import { MAX_ENTRY_BYTES, parseEntry, signedBytes, signEntry, type ParseProblem } from '../../src/lib/protocol/entry.js';

const alice = generateIdentity(new Uint8Array(32).fill(3));
const GAME = 'abcdef0123456789';
const TIP = bytesToBase64url(new Uint8Array(32).fill(0xab));
const ID = bytesToBase64url(new Uint8Array(32).fill(0xcd));
const join = signEntry(alice, { v: 1, game: GAME, kind: 'join', body: { seat: 0, chain: { tip: TIP, length: 8 } }, prev: ID, last: null });
const value = JSON.parse(join) as Record<string, unknown>;
const text = (patch: Record<string, unknown>) => JSON.stringify({ ...value, ...patch });
const hex = (b64: unknown) => Buffer.from(b64 as string, 'base64url').toString('hex');
/** The same bytes spelled with non-zero unused bits in the last character. */
const respell = (b64: unknown) => {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
	const t = b64 as string;
	return t.slice(0, -1) + alphabet[alphabet.indexOf(t.at(-1)!) | 1];
};

describe('signed entries', () => {
	it('parse back with a verifiable signature and an id independent of formatting', () => {
		const parsed = parseEntry(join);
		const pretty = parseEntry(JSON.stringify(JSON.parse(join), null, 2));
		expect(parsed.ok && pretty.ok).toBe(true);
		if (!parsed.ok || !pretty.ok) return;
		expect(pretty.id).toBe(parsed.id);
		expect(new Verifier().verifySync(alice.publicKey, parsed.entry.sig, parsed.signed)).toBe(true);
		expect(join).toBe(canonicalJson(JSON.parse(join)));
	});

	it('spell keys, signatures, ids and hashes in base64url: a typical action entry is under 380 bytes', () => {
		expect([value.author, value.sig, value.prev].map((field) => (field as string).length)).toEqual([43, 86, 43]);
		const gameId = bytesToBase64url(new Uint8Array(16).fill(9)); // what gameIdOf makes: 22 characters
		const give = signEntry(alice, { v: 1, game: gameId, kind: 'action', body: { type: 'give', seat: 1, to: 3, money: 1, specials: [] }, prev: ID, last: TIP });
		expect(parseEntry(give).ok).toBe(true);
		expect(give.length).toBeLessThan(380);
	});

	const bad: [string, unknown, 'MALFORMED' | 'OVERSIZED', ParseProblem][] = [
		['not JSON', '{"v":1,', 'MALFORMED', 'json'],
		['a JSON array', '[1,2]', 'MALFORMED', 'fields'],
		['version 3', text({ v: 3 }), 'MALFORMED', 'version'],
		['no version', JSON.stringify({ ...value, v: undefined }), 'MALFORMED', 'version'],
		['a missing field', JSON.stringify({ ...value, last: undefined }), 'MALFORMED', 'fields'],
		['an extra field', text({ extra: 1 }), 'MALFORMED', 'fields'],
		['an unknown kind', text({ kind: 'teleport' }), 'MALFORMED', 'value'],
		['a bad game id', text({ game: 'GAME' }), 'MALFORMED', 'value'],
		['a game id of 7 bytes', text({ game: bytesToBase64url(new Uint8Array(7)) }), 'MALFORMED', 'value'],
		['a game id of 33 bytes', text({ game: bytesToBase64url(new Uint8Array(33)) }), 'MALFORMED', 'value'],
		['a game id with "+"', text({ game: 'abcdef+123456789' }), 'MALFORMED', 'value'],
		['a bad author', text({ author: 'xyz' }), 'MALFORMED', 'value'],
		['an author in hex (the old encoding)', text({ author: hex(value.author) }), 'MALFORMED', 'value'],
		['an author respelled (non-zero unused bits)', text({ author: respell(value.author) }), 'MALFORMED', 'value'],
		['a sig in hex (the old encoding)', text({ sig: hex(value.sig) }), 'MALFORMED', 'value'],
		['a padded sig', text({ sig: `${value.sig as string}==` }), 'MALFORMED', 'value'],
		['a sig respelled (non-zero unused bits)', text({ sig: respell(value.sig) }), 'MALFORMED', 'value'],
		['a bad prev', text({ prev: 'abc' }), 'MALFORMED', 'value'],
		['a prev in hex (the old encoding)', text({ prev: hex(ID) }), 'MALFORMED', 'value'],
		['a prev respelled (non-zero unused bits)', text({ prev: respell(ID) }), 'MALFORMED', 'value'],
		['a last in standard base64', text({ last: Buffer.from(new Uint8Array(32).fill(0xff)).toString('base64').replace(/=+$/, '') }), 'MALFORMED', 'value'],
		['a join without chain', text({ body: { seat: 0 } }), 'MALFORMED', 'value'],
		['a join with a fractional seat', text({ body: { seat: 0.5, chain: { tip: TIP, length: 8 } } }), 'MALFORMED', 'value'],
		['a chain too long', text({ body: { seat: 0, chain: { tip: TIP, length: 1e9 } } }), 'MALFORMED', 'value'],
		['a chain tip in hex (the old encoding)', text({ body: { seat: 0, chain: { tip: hex(TIP), length: 8 } } }), 'MALFORMED', 'value'],
		['a chain tip respelled (non-zero unused bits)', text({ body: { seat: 0, chain: { tip: respell(TIP), length: 8 } } }), 'MALFORMED', 'value'],
		['a reveal value in hex (the old encoding)', text({ kind: 'reveal', body: { seat: 0, event: 0, value: hex(TIP) } }), 'MALFORMED', 'value'],
		['a fork parentHash respelled', text({ kind: 'fork', body: { parent: GAME, index: 0, parentHash: respell(TIP) } }), 'MALFORMED', 'value'],
		['an action of type random', text({ kind: 'action', body: { type: 'random', seed: '00'.repeat(16) } }), 'MALFORMED', 'value'],
		['a non-finite number', '{"v":1,"game":"abcdef0123456789","kind":"join","body":{"seat":1e999},"author":"a","prev":null,"last":null,"sig":"b"}', 'MALFORMED', 'value'],
		['an oversized text', text({ body: { seat: 0, chain: { tip: TIP, length: 8 }, pad: 'x'.repeat(MAX_ENTRY_BYTES) } }), 'OVERSIZED', 'size'],
		['an oversized value', { ...value, body: { pad: 'é'.repeat(MAX_ENTRY_BYTES / 2) } }, 'OVERSIZED', 'size'],
	];
	it('accepts the canonical spelling of every field the cases below respell (they fail on the spelling alone)', () => {
		const good = [
			text({ last: ID }),
			text({ game: bytesToBase64url(new Uint8Array(8)) }),
			text({ game: bytesToBase64url(new Uint8Array(32)) }),
			text({ kind: 'reveal', body: { seat: 0, event: 0, value: TIP } }),
			text({ kind: 'fork', body: { parent: GAME, index: 0, parentHash: TIP } }),
		];
		for (const input of good) expect(parseEntry(input).ok).toBe(true);
	});

	for (const [name, input, code, problem] of bad) {
		it(`refuses ${name}: ${code} (${problem})`, () => {
			const parsed = parseEntry(input);
			expect(parsed.ok).toBe(false);
			if (parsed.ok) return;
			expect([parsed.code, parsed.problem]).toEqual([code, problem]);
		});
	}
});

describe('the signed part of a parsed entry', () => {
	// parseEntry cuts the signed bytes out of the canonical text instead of encoding them again:
	// for any action body (any keys, any text, emoji included) they must equal signedBytes(entry).
	it('equals signedBytes(entry) for any body, and the signature verifies', () => {
		const verifier = new Verifier();
		const json = fc.jsonValue({ maxDepth: 3 }).filter((v) => JSON.stringify(v) !== undefined);
		fc.assert(
			fc.property(fc.dictionary(fc.string({ unit: 'binary', maxLength: 8 }), json, { maxKeys: 4 }), fc.option(fc.constant(ID)), (extra, last) => {
				const body = { ...extra, type: 'pass', seat: 0 };
				const entry = signEntry(alice, { v: 1, game: GAME, kind: 'action', body: body as never, prev: ID, last });
				const parsed = parseEntry(entry);
				if (!parsed.ok) return parsed.code === 'OVERSIZED';
				expect(parsed.signed).toEqual(signedBytes(parsed.entry));
				expect(verifier.verifySync(alice.publicKey, parsed.entry.sig, parsed.signed)).toBe(true);
				return true;
			}),
			{ numRuns: 300 }
		);
	});
});
