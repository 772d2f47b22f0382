// Linking by hand speaks every language: each message key its sources use (literal t('link.…')
// calls and the failure texts built from the net layer's error codes) exists in en, fr and es,
// with the same placeholders, and no link message is left unused.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HANDSHAKE_ERROR_CODES } from '../../src/lib/net/handshake/errors.js';
import { AREAS, hasMessage, LOCALES, translate } from '../../src/lib/ui/i18n/index.js';
import { allProblemKeys, problemText } from '../../src/lib/ui/link/advice.js';

const SOURCES = [
	...readdirSync('src/lib/ui/link').map((f) => join('src/lib/ui/link', f)),
	'src/routes/link/+page.svelte',
	'src/lib/ui/app/Lobby.svelte',
	'src/lib/ui/app/SettingsForm.svelte'
].filter((f) => /\.(svelte|ts)$/.test(f));

function literalKeys(): string[] {
	const keys = new Set<string>();
	for (const file of SOURCES) for (const m of readFileSync(file, 'utf8').matchAll(/\bt\('(link\.[\w.-]+)'/g)) keys.add(m[1]!);
	return [...keys].sort();
}

describe('link messages', () => {
	it('finds the literal keys in the sources (the scan works)', () => {
		expect(literalKeys()).toEqual(expect.arrayContaining(['link.byHand', 'link.host.invite', 'link.guest.accept', 'link.settings.join']));
	});

	it.each(LOCALES)('every key used exists in %s', (locale) => {
		const missing = [...literalKeys(), ...allProblemKeys()].filter((key) => !hasMessage(key, locale));
		expect(missing).toEqual([]);
	});

	it('every link message is used by a source or a failure text', () => {
		const used = new Set([...literalKeys(), ...allProblemKeys()]);
		const unused = Object.keys(AREAS.link!.en).map((key) => `link.${key}`).filter((key) => !used.has(key));
		expect(unused).toEqual([]);
	});

	it('each failure code has its own sentence in every language', () => {
		for (const locale of LOCALES) {
			const sentences = HANDSHAKE_ERROR_CODES.map((code) => translate(locale, problemText({ code, detail: '' }, 'answer').what));
			expect(new Set(sentences).size, locale).toBe(HANDSHAKE_ERROR_CODES.length);
		}
	});
});
