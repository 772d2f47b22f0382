// Issue 16 (the game page's JavaScript before it runs): card texts (abilities, special goals,
// Specials) and refusals' words were 3–4 KB gzipped each on the game page's first scripts. They
// are chunks loaded once the page runs (ui/cards/later.svelte.ts, ui/errors/later.svelte.ts):
// until they arrive the table shows less (no goal words, no ability lines, a refusal's bare code),
// then the same words as before. This file's modules are fresh (vitest isolates test files), so
// nothing has loaded them before the first test.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CARDS } from '../../src/lib/engine/cards/index.js';
import { loadCardTexts } from '../../src/lib/ui/cards/later.svelte.js';
import { explainError, loadRefusalTexts } from '../../src/lib/ui/errors/index.js';
import { translate } from '../../src/lib/ui/i18n/index.js';
import { cardTextLines, goalText } from '../../src/lib/ui/table/card-text.js';
import { awaitLazyPanels, staticImportsFrom } from '../support/lazy-panels.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';

const network = CARDS.network!;
const withAbility = Object.values(CARDS).find((card) => card.kind === 'group' && card.abilities.length > 0)!;

describe('card texts and refusals’ words load once the page runs', () => {
	failOnMissingMessages();
	afterAll(() => awaitLazyPanels(import.meta.url));

	it('are not among the game page’s first modules', () => {
		const first = staticImportsFrom(join(dirname(fileURLToPath(import.meta.url)), '../../src/routes/game/+page.svelte'));
		expect(first).toContain('src/lib/ui/table/card-text.ts');
		expect(first).toContain('src/lib/ui/errors/index.ts');
		expect(first).not.toContain('src/lib/ui/cards/abilities.ts');
		expect(first).not.toContain('src/lib/ui/errors/texts.ts');
	});

	it('show less until they arrive, then the words', async () => {
		if (network.kind !== 'illuminati') throw new Error('The Network is an Illuminati card');
		expect(goalText(network.goal)).toBe('');
		expect(cardTextLines(withAbility)).toBeNull();
		expect(explainError('NOT_YOUR_TURN')).toBe('NOT_YOUR_TURN');

		await Promise.all([loadCardTexts(), loadRefusalTexts()]);
		expect(goalText(network.goal)).not.toBe('');
		expect(cardTextLines(withAbility)!.length).toBeGreaterThan(0);
		expect(explainError('NOT_YOUR_TURN')).toBe(translate('en', 'errors.NOT_YOUR_TURN'));
	});
});
