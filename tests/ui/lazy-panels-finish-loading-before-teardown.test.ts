// CI failed once with an unhandled "Cannot load AmountField after the environment was torn down":
// a rendered component was still loading a panel with import() when vitest tore the test down.
// Every UI test whose components load modules lazily waits for them (tests/support/lazy-panels.ts),
// and the helper finds those modules from the sources.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lazyImportsFrom } from '../support/lazy-panels.js';

const HERE = dirname(fileURLToPath(import.meta.url));

describe('lazily loaded panels in UI tests', () => {
	it('are found from a test file through the components it renders', () => {
		const lazy = lazyImportsFrom(join(HERE, 'ending-the-turn-with-actions-left-asks-first.test.ts'));
		// TurnTools' six tools, in its <script module>, and the log's words (undo names the move).
		for (const panel of ['AlignmentEdit', 'HiddenIlluminatiTools', 'MoneyTransfer', 'MoveGroup', 'ReorganizeEditor', 'TreasuryEditor']) {
			expect(lazy).toContain(`src/lib/ui/actions/${panel}.svelte`);
		}
		expect(lazy).toContain('src/lib/ui/words/index.ts');
	});

	it('are not confused with import() used as a type', () => {
		// ChatPanel names its module's type with typeof import(…) and loads it in an effect.
		const lazy = lazyImportsFrom(join(HERE, '../../src/lib/ui/chat/ChatPanel.svelte'));
		expect(lazy).toEqual(['src/lib/session/chat.ts']);
	});

	it('are awaited by every UI test that renders components loading them', () => {
		const forgetful = readdirSync(HERE)
			.filter((file) => file.endsWith('.test.ts'))
			.filter((file) => lazyImportsFrom(join(HERE, file)).length > 0)
			.filter((file) => !readFileSync(join(HERE, file), 'utf8').includes('afterAll(() => awaitLazyPanels(import.meta.url))'));
		expect(forgetful).toEqual([]);
	});
});
