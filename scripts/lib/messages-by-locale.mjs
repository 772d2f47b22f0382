/**
 * Vite plugin: the browser build loads the messages a page's code uses, in one language.
 *
 * Each `src/lib/ui/i18n/messages/<area>[.<part>].ts` is `export default { en: {...}, fr: {...}, es: {...} }`.
 * In the client build:
 *  - imported plainly, an area file keeps only `en` (the default language) and registers it
 *    (i18n/registry.svelte.ts);
 *  - i18n/index.ts loses its eager glob of every area, finds the English of a missed key in one chunk
 *    (`virtual:fnord-messages-in-en`, so area files are never dynamic imports: each joins the chunk of
 *    the code that names its keys), and loads another language as one chunk
 *    (`virtual:fnord-messages-in-fr`: every area file's French, each registered) when it is chosen;
 *    it loses its eager glob of card names in other languages too (ui/cards/names-es.ts: a chunk
 *    loaded with the Spanish messages);
 *  - every other module of the UI (src/lib/ui, src/lib/dev, src/routes) that names a key of an area (a string or template literal starting
 *    with `'<area>.`) imports the files of that area holding keys that start as the literal goes on
 *    (`'actions.offer.' + x` → the part files with `offer.…` keys), so a page's scripts hold the messages of the code it
 *    runs (lazy components bring theirs when loaded) and nothing else (issue 16).
 * Server builds and tests (vitest) see every language of every area, unchanged.
 * Message files are data: one object literal, no imports, no TypeScript-only syntax.
 */
import fs from 'node:fs';
import path from 'node:path';
import MagicString from 'magic-string';

const MESSAGE_FILE = /[\\/]src[\\/]lib[\\/]ui[\\/]i18n[\\/]messages[\\/]([\w-]+)(?:\.[\w-]+)*\.ts(?:\?locale=(\w+))?$/;
const I18N_DIR = /[\\/]src[\\/]lib[\\/]ui[\\/]i18n[\\/]/;
/** Code that may call t(): the UI, the routes, dev pages (the layers below never import the UI). */
const UI_CODE = /[\\/]src[\\/](lib[\\/]ui|lib[\\/]dev|routes)[\\/]/;
const EAGER_GLOB = /import\.meta\.glob(?:<.*?>)?\(\s*["']\.\/messages\/\*\.ts["']\s*,\s*\{\s*eager:\s*true\s*\}\s*\)/;
/** `import.meta.glob('../cards/names-*.ts', { eager: true, … })` in i18n/index.ts: card names in other languages, loaded with them. */
const EAGER_CARD_NAMES_GLOB = /import\.meta\.glob(?:<.*?>)?\(\s*["']\.\.\/cards\/names-\*\.ts["']\s*,\s*\{\s*eager:\s*true\b[^}]*\}\s*\)/;
/** A key named in code: `'area.rest'`, `'area.prefix.' + …` or `` `area.prefix.${…}` `` (rest up to the quote or `${`). */
/** `import.meta.glob('./messages/*.ts')` in i18n/index.ts: every area file's English, lazily (for a missed key). */
const ENGLISH_GLOB = /import\.meta\.glob(?:<.*?>)?\(\s*["']\.\/messages\/\*\.ts["']\s*\)/;
/** `import.meta.glob('./messages/*.ts', { query: '?locale=fr' })` in i18n/index.ts. */
const LOCALE_GLOB = /import\.meta\.glob(?:<.*?>)?\(\s*["']\.\/messages\/\*\.ts["']\s*,\s*\{\s*query:\s*["']\?locale=(\w+)["']\s*\}\s*\)/g;
const ALL_IN_LOCALE = 'virtual:fnord-messages-in-';
const KEY_START = /["'`]([a-z][a-z-]*)\.([\w.-]*)/g;

/** An area file's messages, all languages. @param {string} file */
function evaluate(file) {
	return new Function(fs.readFileSync(file, 'utf8').replace(/^export default\b/m, 'return'))();
}

/** @returns {import('vite').Plugin[]} */
export function messagesByLocale() {
	/** @type {(config: unknown, env: import('vite').ConfigEnv) => boolean} */
	const clientBuild = (_config, env) => env.command === 'build' && !process.env.VITEST;
	/** @type {string} */ let messagesDir = '';
	/** @type {Map<string, { file: string, keys: string[] }[]>} area name → its files and their keys */ let areaFiles = new Map();
	const readAreas = () => {
		areaFiles = new Map();
		for (const name of fs.readdirSync(messagesDir).filter((name) => name.endsWith('.ts')).sort()) {
			const area = name.replace(/\..*$/, '');
			const file = path.join(messagesDir, name);
			const keys = Object.keys(evaluate(file).en ?? {});
			areaFiles.set(area, [...(areaFiles.get(area) ?? []), { file, keys }]);
		}
	};
	/** The area files holding a key that starts with `rest` (every file of the area for an empty rest). @type {(area: string, rest: string) => string[]} */
	const filesFor = (area, rest) => (areaFiles.get(area) ?? []).filter(({ keys }) => rest === '' || keys.some((key) => key.startsWith(rest))).map(({ file }) => file);
	return [
		{
			name: 'fnord-messages-by-locale',
			enforce: 'pre',
			apply: clientBuild,
			configResolved(config) {
				messagesDir = path.join(config.root, 'src', 'lib', 'ui', 'i18n', 'messages');
				readAreas();
			},
			resolveId(id) {
				return id.startsWith(ALL_IN_LOCALE) ? `\0${id}` : null;
			},
			load(id, options) {
				// Every area file in one language, one chunk: each registers itself.
				if (id.startsWith(`\0${ALL_IN_LOCALE}`)) {
					const locale = id.slice(ALL_IN_LOCALE.length + 1);
					const registry = JSON.stringify(path.join(path.dirname(messagesDir), 'registry.svelte.ts'));
					const lines = [...areaFiles.values()].flat().map(({ file }) => `registerArea(${JSON.stringify(path.basename(file))}, ${JSON.stringify({ [locale]: evaluate(file)[locale] })});`);
					return `import { registerArea } from ${registry};\n${lines.join('\n')}\nexport default {};`;
				}
				const match = MESSAGE_FILE.exec(id);
				if (match === null || options?.ssr) return null;
				const locale = match[2] ?? 'en';
				const file = id.replace(/\?.*$/, '');
				const all = evaluate(file);
				if (!all || typeof all !== 'object' || !(locale in all)) throw new Error(`${id}: no messages for ${locale}`);
				const messages = JSON.stringify({ [locale]: all[locale] });
				if (match[2] !== undefined) return `export default ${messages};`;
				const registry = JSON.stringify(path.join(path.dirname(messagesDir), 'registry.svelte.ts'));
				return `import { registerArea } from ${registry};\nconst messages = ${messages};\nregisterArea(${JSON.stringify(path.basename(file))}, messages);\nexport default messages;`;
			},
			transform(code, id, options) {
				if (options?.ssr || !/[\\/]src[\\/]lib[\\/]ui[\\/]i18n[\\/]index\.ts$/.test(id)) return null;
				if (!EAGER_GLOB.test(code)) throw new Error(`${id}: the eager glob of every message area was not found`);
				if (code.match(LOCALE_GLOB)?.length !== 2) throw new Error(`${id}: the globs of French and Spanish messages were not found`);
				if (!EAGER_CARD_NAMES_GLOB.test(code)) throw new Error(`${id}: the eager glob of card names in other languages was not found`);
				if (!ENGLISH_GLOB.test(code)) throw new Error(`${id}: the lazy glob of every area's English was not found`);
				// English for a missed key is one chunk too (every area file's English): an area file imported
				// only statically joins the chunk of the code using it, where one dynamically imported is a
				// small chunk of its own (29 of them on the game page gzipped to 24 KB apart, 17 KB together).
				const english = `{ ${[...areaFiles.values()].flat().map(({ file }) => `${JSON.stringify(`./messages/${path.basename(file)}`)}: () => import(${JSON.stringify(`${ALL_IN_LOCALE}en`)})`).join(', ')} }`;
				// Another language is one chunk (all its area files), not one per file; its card names another.
				return { code: code.replace(EAGER_GLOB, '{}').replace(EAGER_CARD_NAMES_GLOB, '{}').replace(ENGLISH_GLOB, english).replace(LOCALE_GLOB, (_glob, locale) => `{ all: () => import(${JSON.stringify(ALL_IN_LOCALE + locale)}) }`), map: null };
			},
		},
		{
			name: 'fnord-messages-where-used',
			// After the Svelte compiler: markup text is never taken for code.
			enforce: 'post',
			apply: clientBuild,
			transform(code, id, options) {
				if (options?.ssr || id.includes('node_modules') || id.includes('?') || !UI_CODE.test(id) || I18N_DIR.test(id)) return null;
				const files = new Set();
				for (const match of code.matchAll(KEY_START)) for (const file of filesFor(match[1], match[2])) files.add(file);
				if (files.size === 0) return null;
				const out = new MagicString(code);
				out.prepend([...files].map((file) => `import ${JSON.stringify(file)};`).join(''));
				return { code: out.toString(), map: out.generateMap({ hires: 'boundary' }) };
			},
		},
	];
}
