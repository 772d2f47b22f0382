// Every refusal code a player can meet has an explanation in every language: the engine's
// RULE_ERROR_CODES, the protocol's PROTOCOL_ERROR_CODES and the session's SESSION_ERROR_CODES (each
// layer owns its list: tests/architecture/result-codes.test.ts). The codes are also read from the
// sources where refusals are made, so a new code fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULE_ERROR_CODES } from '../../src/lib/engine/index.js';
import { LOCALES, hasMessage } from '../../src/lib/ui/i18n/index.js';
import { EXPLAINED_CODES, PROTOCOL_ERROR_CODES, SESSION_ERROR_CODES, explainError } from '../../src/lib/ui/errors/index.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';
import { loadRefusalTexts } from '../../src/lib/ui/errors/later.svelte.js';
import { awaitLazyPanels } from '../support/lazy-panels.js';

const LIB = join(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..'), 'src', 'lib');

/** The sources of a layer, its subfolders included (protocol/v2, protocol/order, ...). */
function sources(folder: string): string[] {
	return readdirSync(join(LIB, folder), { recursive: true, encoding: 'utf8' })
		.filter((file) => file.endsWith('.ts'))
		.map((file) => readFileSync(join(LIB, folder, file), 'utf8'));
}

/** Codes written as literals where refusals are made: `code: 'X'`, `refuse('X'`, `fail('X'`. */
function literalCodes(folder: string): string[] {
	const found = new Set<string>();
	for (const text of sources(folder)) {
		for (const match of text.matchAll(/(?:\bcode: |\b(?:refuse|refused|sessionRefused|fail)\()'([A-Z][A-Z_]+)'/g)) found.add(match[1]!);
	}
	return [...found].sort();
}

describe('Error codes in words', () => {
	failOnMissingMessages();
	beforeAll(() => loadRefusalTexts()); // the words come in a chunk of their own
	// Panels and texts the code loads with import() finish loading before teardown.
	afterAll(() => awaitLazyPanels(import.meta.url));

	it.each([
		['engine RULE_ERROR_CODES', [...RULE_ERROR_CODES]],
		['protocol PROTOCOL_ERROR_CODES', [...PROTOCOL_ERROR_CODES]],
		['protocol refusals written in protocol/*.ts', literalCodes('protocol')],
		['session ActResult codes written in session/*.ts', literalCodes('session')],
		['session SESSION_ERROR_CODES', [...SESSION_ERROR_CODES]],
	])('every code of the %s has an explanation in every language', (_source, codes) => {
		expect(codes.length).toBeGreaterThan(0);
		for (const code of codes) {
			expect(EXPLAINED_CODES, code).toContain(code);
			for (const locale of LOCALES) expect(hasMessage(`errors.${code}`, locale), `${code} in ${locale}`).toBe(true);
		}
	});

	it('every explained code reads differently in each language and never shows the raw code', () => {
		for (const code of EXPLAINED_CODES) {
			const texts = LOCALES.map((locale) => explainError(code, {}, locale));
			expect(new Set(texts).size, code).toBe(LOCALES.length);
			for (const text of texts) expect(text).not.toContain(code);
		}
	});

	it.each([['SOMETHING_NEW'], ['lower_case'], ['']])('an unknown code %j still gets a sentence that names it', (code) => {
		for (const locale of LOCALES) expect(explainError(code, {}, locale)).toContain(`(${code})`);
	});
});
