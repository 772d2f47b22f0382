// One owner per refusal code (engine/result.ts gives every layer the same `{ ok: false, error:
// { code, message } }`). Each layer lists the codes it owns; no code is owned by two layers; a
// layer writes as a literal only its own codes or, where it anticipates or passes on a lower
// layer's refusal of the same meaning, one of the codes listed below; every code has words in
// each language. The code literals are read from the sources, so a new code fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RULE_ERROR_CODES } from '../../src/lib/engine/index.js';
import { PROTOCOL_ERROR_CODES } from '../../src/lib/protocol/refusal.js';
import { SESSION_ERROR_CODES } from '../../src/lib/session/refusal.js';
import { CHAT_ERROR_CODES, DECK_ERROR_CODES } from '../../src/lib/ui/errors/index.js';
import { LOCALES, hasMessage } from '../../src/lib/ui/i18n/index.js';

const LIB = join(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..'), 'src', 'lib');

/** Codes written as literals where refusals are made: `code: 'X'`, `refuse('X'`, `fail('X'`, … */
function literalCodes(folder: string): Set<string> {
	const found = new Set<string>();
	for (const file of readdirSync(join(LIB, folder), { recursive: true, encoding: 'utf8' })) {
		if (!file.endsWith('.ts')) continue;
		const text = readFileSync(join(LIB, folder, file), 'utf8');
		for (const match of text.matchAll(/(?:\bcode: |\b(?:refuse|refused|sessionRefused|protocolRefusal|fail|chatFail|broken)\()'([A-Z][A-Z_]+)'/g)) found.add(match[1]!);
	}
	return found;
}

/** The codes each layer owns, lowest layer first (the protocol's include its deck's and its chat's). */
const OWNED: ReadonlyArray<readonly [layer: string, codes: readonly string[]]> = [
	['engine', RULE_ERROR_CODES],
	['protocol', [...new Set([...PROTOCOL_ERROR_CODES, ...DECK_ERROR_CODES, ...CHAT_ERROR_CODES])]],
	['session', SESSION_ERROR_CODES],
	['ui', []],
];

/** Lower layers' codes a layer writes itself, each with the same meaning as the owner's. */
const PASSED_ON: Readonly<Record<string, readonly string[]>> = {
	engine: [],
	// An action entry's shape, absence votes and a shown card are judged against the engine's rules.
	protocol: ['MALFORMED_ACTION', 'NOT_APPLICABLE', 'ALREADY_VOTED', 'NOT_IN_HAND'],
	// The session checks before it signs what the protocol would refuse (a seat not held, unknown or
	// taken), a vote this device already cast (the engine's), and a sealed box that does not open
	// (the deck's) or a chat message over the rate (the chat's).
	session: ['NOT_SEAT_HOLDER', 'UNKNOWN_SEAT', 'SEAT_TAKEN', 'ALREADY_VOTED', 'SEAL_NOT_OPENED', 'BAD_SEAL', 'TOO_FAST'],
	// The UI answers for an imported copy and an offer with no box as the session would.
	ui: ['READ_ONLY', 'BOX_MISSING'],
};

describe('Refusal codes: one owner each', () => {
	it('no code is owned by two layers', () => {
		const owner = new Map<string, string>();
		for (const [layer, codes] of OWNED) {
			for (const code of codes) {
				expect(owner.get(code), `${code} is owned by ${owner.get(code)} and ${layer}`).toBeUndefined();
				owner.set(code, layer);
			}
		}
	});

	it.each(OWNED.map(([layer]) => [layer]))('the %s writes only its own codes and the lower codes it passes on', (layer) => {
		const index = OWNED.findIndex(([name]) => name === layer);
		const own = new Set(OWNED[index]![1]);
		const lower = new Set(OWNED.slice(0, index).flatMap(([, codes]) => codes));
		const passed = PASSED_ON[layer]!;
		for (const code of literalCodes(layer)) {
			if (own.has(code)) continue;
			expect(lower.has(code), `${layer} writes ${code}, which no layer at or below it owns: add it to the layer's code list`).toBe(true);
			expect(passed, `${layer} writes ${code}, owned by a lower layer: pass the lower result on, or list it in PASSED_ON with its reason`).toContain(code);
		}
		for (const code of passed) expect(lower.has(code), `${code} passed on by ${layer} belongs to a lower layer`).toBe(true);
	});

	it('"this game is not on this device" is the session\'s own code, and only the protocol says NO_GAME', () => {
		expect(SESSION_ERROR_CODES).toContain('GAME_NOT_HERE');
		expect(PROTOCOL_ERROR_CODES).toContain('NO_GAME');
		expect(literalCodes('session').has('NO_GAME')).toBe(false);
		expect(literalCodes('ui').has('NO_GAME')).toBe(false);
	});

	it.each(OWNED.map(([layer, codes]) => [layer, codes] as const))('every code the %s owns has words in every language', (_layer, codes) => {
		for (const code of codes) {
			for (const locale of LOCALES) expect(hasMessage(`errors.${code}`, locale), `${code} in ${locale}`).toBe(true);
		}
	});
});
