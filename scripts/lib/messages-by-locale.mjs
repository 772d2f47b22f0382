/**
 * Vite plugin: the browser build loads one language's messages, not all three. Each
 * `src/lib/ui/i18n/messages/<area>.ts` is `export default { en: {...}, fr: {...}, es: {...} }`; in the
 * client build, imported plainly it keeps only `en` (the default language, loaded before the page
 * runs), and imported as `<area>.ts?locale=fr` only `fr` (a chunk i18n/index.ts loads with import()
 * when that language is chosen). Server builds and tests (vitest) see every language, unchanged.
 * Message files are data: one object literal, no imports, no TypeScript-only syntax.
 */
import fs from 'node:fs';

const MESSAGE_FILE = /[\\/]src[\\/]lib[\\/]ui[\\/]i18n[\\/]messages[\\/][\w-]+\.ts(?:\?locale=(\w+))?$/;

/** @returns {import('vite').Plugin} */
export function messagesByLocale() {
	return {
		name: 'fnord-messages-by-locale',
		enforce: 'pre',
		apply: (_config, env) => env.command === 'build' && !process.env.VITEST,
		load(id, options) {
			const match = MESSAGE_FILE.exec(id);
			if (match === null || options?.ssr) return null;
			const locale = match[1] ?? 'en';
			const source = fs.readFileSync(id.replace(/\?.*$/, ''), 'utf8');
			const all = new Function(source.replace(/^export default\b/m, 'return'))();
			if (!all || typeof all !== 'object' || !(locale in all)) throw new Error(`${id}: no messages for ${locale}`);
			return `export default ${JSON.stringify({ [locale]: all[locale] })};`;
		},
	};
}
