// Entry encoding and parsing: ids ignore formatting; every malformed input gets a specific error.
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/lib/engine/index.js';
import { generateIdentity, Verifier } from '../../src/lib/protocol/crypto.js';
import { MAX_ENTRY_BYTES, parseEntry, signEntry, type ParseProblem } from '../../src/lib/protocol/entry.js';

const alice = generateIdentity(new Uint8Array(32).fill(3));
const GAME = 'abcdef0123456789';
const join = signEntry(alice, { game: GAME, kind: 'join', body: { seat: 0, chain: { tip: 'a'.repeat(64), length: 8 } }, prev: null, last: null });
const value = JSON.parse(join) as Record<string, unknown>;
const text = (patch: Record<string, unknown>) => JSON.stringify({ ...value, ...patch });

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

	const bad: [string, unknown, 'MALFORMED' | 'OVERSIZED', ParseProblem][] = [
		['not JSON', '{"v":1,', 'MALFORMED', 'json'],
		['a JSON array', '[1,2]', 'MALFORMED', 'fields'],
		['version 2', text({ v: 2 }), 'MALFORMED', 'version'],
		['no version', JSON.stringify({ ...value, v: undefined }), 'MALFORMED', 'version'],
		['a missing field', JSON.stringify({ ...value, last: undefined }), 'MALFORMED', 'fields'],
		['an extra field', text({ extra: 1 }), 'MALFORMED', 'fields'],
		['an unknown kind', text({ kind: 'teleport' }), 'MALFORMED', 'value'],
		['a bad game id', text({ game: 'GAME' }), 'MALFORMED', 'value'],
		['a bad author', text({ author: 'xyz' }), 'MALFORMED', 'value'],
		['a bad prev', text({ prev: 'abc' }), 'MALFORMED', 'value'],
		['a join without chain', text({ body: { seat: 0 } }), 'MALFORMED', 'value'],
		['a join with a fractional seat', text({ body: { seat: 0.5, chain: { tip: 'a'.repeat(64), length: 8 } } }), 'MALFORMED', 'value'],
		['a chain too long', text({ body: { seat: 0, chain: { tip: 'a'.repeat(64), length: 1e9 } } }), 'MALFORMED', 'value'],
		['an action of type random', text({ kind: 'action', body: { type: 'random', seed: '00'.repeat(16) } }), 'MALFORMED', 'value'],
		['a non-finite number', '{"v":1,"game":"abcdef0123456789","kind":"join","body":{"seat":1e999},"author":"a","prev":null,"last":null,"sig":"b"}', 'MALFORMED', 'value'],
		['an oversized text', text({ body: { seat: 0, chain: { tip: 'a'.repeat(64), length: 8 }, pad: 'x'.repeat(MAX_ENTRY_BYTES) } }), 'OVERSIZED', 'size'],
		['an oversized value', { ...value, body: { pad: 'é'.repeat(MAX_ENTRY_BYTES / 2) } }, 'OVERSIZED', 'size'],
	];
	for (const [name, input, code, problem] of bad) {
		it(`refuses ${name}: ${code} (${problem})`, () => {
			const parsed = parseEntry(input);
			expect(parsed.ok).toBe(false);
			if (parsed.ok) return;
			expect([parsed.code, parsed.problem]).toEqual([code, problem]);
		});
	}
});
