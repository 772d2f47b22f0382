// Every message key the app shell, home, lobby and game pages use exists in every language:
// literal t('…') keys found in their sources, and the keys they build from known value sets.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOG_BASE_RULES } from '../../src/lib/engine/index.js';
import { hasMessage, LOCALES } from '../../src/lib/ui/i18n/index.js';
import { stageKey } from '../../src/lib/ui/app/stage.js';

const SOURCES = [
	...readdirSync('src/lib/ui/app').map((f) => join('src/lib/ui/app', f)),
	'src/routes/+layout.svelte',
	'src/routes/+page.svelte',
	'src/routes/game/+page.svelte',
	'src/routes/join/+page.svelte'
].filter((f) => /\.(svelte|ts)$/.test(f));

function literalKeys(): string[] {
	const keys = new Set<string>();
	for (const file of SOURCES) for (const m of readFileSync(file, 'utf8').matchAll(/\bt\('([\w.-]+)'/g)) keys.add(m[1]!);
	return [...keys].sort();
}

const BUILT = [
	...['players', 'mine', 'illuminatiMissing', 'illuminatiRepeated', 'goalBonus'].map((p) => `home.problem.${p}`),
	...['empty', 'tooLarge', 'notJson', 'notFnordLog', 'notPlayable', 'noGame'].map((p) => `home.import.problem.${p}`),
	...Object.keys(LOG_BASE_RULES).map((rule) => `home.rule.${rule}`),
	...['leave', 'passTurns'].map((v) => `home.rule.absence.${v}`),
	...['deepAgentOrTwoSpecials', 'deepAgentOnly'].map((v) => `home.rule.privilegeAbolish.${v}`),
	...(['local', 'offline', 'searching', 'waiting', 'catchingUp', 'ready'] as const).map(stageKey)
];

describe('app messages', () => {
	it('finds the literal keys in the sources (the scan works)', () => {
		expect(literalKeys()).toEqual(expect.arrayContaining(['app.skip', 'home.newGame', 'lobby.claim', 'game.stateHash']));
	});

	it.each(LOCALES)('every key used exists in %s', (locale) => {
		const missing = [...literalKeys(), ...BUILT].filter((key) => !hasMessage(key, locale));
		expect(missing).toEqual([]);
	});
});
