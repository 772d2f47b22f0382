import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{
		// Svelte components are covered by svelte-check, not eslint.
		ignores: [
			'build/',
			'.svelte-kit/',
			'node_modules/',
			'dist/',
			'test-results/',
			'playwright-report/',
			'**/*.svelte'
		]
	},
	js.configs.recommended,
	...tseslint.configs.recommended,
	{
		files: ['**/*.{js,mjs,cjs,ts}'],
		languageOptions: {
			ecmaVersion: 2024,
			sourceType: 'module',
			globals: { ...globals.browser, ...globals.node }
		},
		rules: {
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }
			]
		}
	},
	{
		// The rules engine is pure: deterministic, and imports nothing outside itself.
		// (tests/architecture/layers.test.ts also checks that relative imports stay inside.)
		files: ['src/lib/engine/**/*.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							regex: '^(?!\\.{1,2}/)',
							message: 'The engine imports nothing outside itself'
						}
					]
				}
			],
			'no-restricted-globals': [
				'error',
				{ name: 'Date', message: 'The engine is deterministic: no clocks.' },
				{ name: 'performance', message: 'The engine is deterministic: no clocks.' },
				{ name: 'window', message: 'The engine does not touch the browser.' },
				{ name: 'document', message: 'The engine does not touch the browser.' },
				{ name: 'globalThis', message: 'The engine does not touch globals.' },
				{ name: 'crypto', message: 'The engine is deterministic: use the seeded RNG.' }
			],
			'no-restricted-properties': [
				'error',
				{ object: 'Math', property: 'random', message: 'Use the seeded RNG from the log.' },
				{ object: 'Date', property: 'now', message: 'The engine is deterministic: no clocks.' },
				{ object: 'performance', property: 'now', message: 'No clocks in the engine.' }
			]
		}
	},
	{
		// Developer-only code (src/lib/dev: the /play lab, previews, the network simulator, test hooks)
		// never ships inside the product (tests/architecture/layers.test.ts checks .svelte files too).
		files: ['src/lib/**/*.ts', 'src/routes/**/*.ts'],
		// The engine's own rule (above) already allows nothing outside it; a second one here would replace it.
		ignores: ['src/lib/dev/**', 'src/routes/(dev)/**', 'src/lib/engine/**'],
		rules: {
			'no-restricted-imports': [
				'error',
				{ patterns: [{ regex: '(^\\$lib/dev/|/dev/)', message: 'The product never imports developer code (src/lib/dev).' }] }
			]
		}
	},
	{
		// The UI talks to the session, not around it (session/for-ui.ts re-exports what it may read of
		// net and protocol). Only the manual handshake (ui/link) and the network settings reach net/.
		// This block repeats the developer-code pattern: a later rule replaces an earlier one.
		files: ['src/lib/ui/**/*.ts', 'src/routes/**/*.ts'],
		ignores: ['src/lib/ui/link/**', 'src/lib/ui/app/settings.ts', 'src/lib/ui/app/settings.svelte.ts', 'src/routes/(dev)/**'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{ regex: '(^\\$lib/dev/|/dev/)', message: 'The product never imports developer code (src/lib/dev).' },
						{ regex: '(^\\$lib/(net|protocol)/|^(\\.\\./)+(net|protocol)/)', message: 'The UI imports the engine and the session only (session/for-ui.ts).' }
					]
				}
			]
		}
	}
);
