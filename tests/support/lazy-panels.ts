/**
 * Components load some panels and words with import() (issue 16: the game page's first JavaScript
 * stays small), often as soon as their module is evaluated (`lazyComponent` in `<script module>`).
 * A test that renders such a component and ends before those loads finish makes vitest throw an
 * unhandled "Cannot load … after the environment was torn down" (CI failed once so).
 *
 * `awaitLazyPanels(import.meta.url)`, in an `afterAll`, finds every import() of a literal path in
 * the UI and route modules the test file imports (directly or through other modules), imports
 * those too, and repeats for what they import, until nothing new is found: every load a component
 * may have started is then finished. The list comes from the sources, so a panel made lazy later
 * is waited for without touching the tests.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Only these modules start loads of their own; elsewhere import() is typing or awaited in place. */
const STARTS_LOADS = ['src/lib/ui/', 'src/routes/'];
/** Modules that exist only in the browser build. */
const BROWSER_ONLY = /^virtual:/;

const STATIC_IMPORT = /(?:^|[;\n}])\s*(import|export)\s+(type\s+)?(?:[\w*{}\s,$]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

interface Imports {
	readonly statics: readonly string[];
	readonly lazy: readonly string[];
}

const parsed = new Map<string, Imports>();

function withoutComments(source: string): string {
	return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** A project file for `specifier` seen from `from` (the `.js` of a `.ts` source too); null for packages. */
function projectFile(from: string, specifier: string): string | null {
	let base: string;
	if (specifier.startsWith('$lib/')) base = join(ROOT, 'src/lib', specifier.slice('$lib/'.length));
	else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
	else return null;
	for (const candidate of [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts'), base.replace(/\.js$/, '/index.ts')]) {
		if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
	}
	return null;
}

function importsOf(file: string): Imports {
	const known = parsed.get(file);
	if (known) return known;
	const source = withoutComments(readFileSync(file, 'utf8'));
	const statics: string[] = [];
	for (const [, , typeOnly, specifier] of source.matchAll(STATIC_IMPORT)) {
		const target = typeOnly ? null : projectFile(file, specifier!);
		if (target) statics.push(target);
	}
	const lazy: string[] = [];
	const inProject = relative(ROOT, file);
	if (STARTS_LOADS.some((folder) => inProject.startsWith(folder))) {
		for (const match of source.matchAll(DYNAMIC_IMPORT)) {
			const before = source.slice(Math.max(0, match.index - 'typeof '.length), match.index);
			const after = source.slice(match.index + match[0].length);
			// `typeof import('…')` and `import('…').Name` are types, not loads (`.then(` is a load).
			const typeMember = after.startsWith('.') && !/^\.(then|catch|finally)\b/.test(after);
			if (before.endsWith('typeof ') || typeMember || BROWSER_ONLY.test(match[1]!)) continue;
			lazy.push(projectFile(file, match[1]!) ?? match[1]!);
		}
	}
	const imports = { statics, lazy };
	parsed.set(file, imports);
	return imports;
}

/** Every project module `entry` imports statically, directly or through others (itself included), relative to the project. */
export function staticImportsFrom(entry: string): string[] {
	const seen = new Set<string>();
	const pending = [entry];
	while (pending.length > 0) {
		const file = pending.pop()!;
		if (seen.has(file)) continue;
		seen.add(file);
		pending.push(...importsOf(file).statics);
	}
	return [...seen].map((file) => relative(ROOT, file)).sort();
}

/** Every lazily imported module reachable from `entries` (paths, or packages by name). */
export function lazyImportsFrom(...entries: string[]): string[] {
	const seen = new Set<string>();
	const found = new Set<string>();
	const pending = [...entries];
	while (pending.length > 0) {
		const file = pending.pop()!;
		if (seen.has(file) || !file.startsWith('/')) continue;
		seen.add(file);
		const { statics, lazy } = importsOf(file);
		pending.push(...statics);
		for (const target of lazy) {
			found.add(target);
			pending.push(target); // its own module scripts may start more loads
		}
	}
	return [...found].map((target) => (target.startsWith('/') ? relative(ROOT, target) : target)).sort();
}

/** Resolves once every module a component imported by `testFile` may load lazily is loaded. */
export async function awaitLazyPanels(testFile: string): Promise<void> {
	const entry = testFile.startsWith('file:') ? fileURLToPath(testFile) : testFile;
	await Promise.all(lazyImportsFrom(entry).map((target) => (/^[./]|^src\//.test(target) ? import(/* @vite-ignore */ join(ROOT, target)) : import(/* @vite-ignore */ target))));
}
