// Architecture rules: which folder under src/lib may import what, and the purity of the engine.
// Table-driven: every rule is proved on each existing folder, and a negative check shows the
// checker really flags violations (so this test can fail).
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const LIB = join(ROOT, 'src', 'lib');

type Layer = 'engine' | 'bots' | 'protocol' | 'net' | 'session' | 'ui' | 'dev';

interface LayerRule {
	layer: Layer;
	/** Layers under src/lib this layer may import (relative or via $lib). */
	mayImport: readonly Layer[] | 'any';
	/** May it import npm packages / node builtins / $app etc.? */
	/** true: any package; a list: only packages whose name starts with one of these. */
	packages: boolean | readonly string[];
	/** Forbidden text (nondeterminism, ambient globals). */
	forbiddenText: readonly string[];
	/** Files (path relative to src/lib, or src/routes for routes) that may import more layers. */
	exceptions?: readonly { readonly files: RegExp; readonly mayAlsoImport: readonly Layer[]; readonly why: string }[];
}

const ENGINE_FORBIDDEN = [
	'Math.random',
	'Date.now',
	'new Date(',
	'performance.now',
	'window.',
	'document.',
	'globalThis'
] as const;

const RULES: readonly LayerRule[] = [
	{ layer: 'engine', mayImport: ['engine'], packages: false, forbiddenText: ENGINE_FORBIDDEN },
	// Bots decide from the engine's legal actions with seeded choices only.
	{ layer: 'bots', mayImport: ['engine', 'bots'], packages: false, forbiddenText: ENGINE_FORBIDDEN },
	// The protocol stays pure apart from audited, dependency-free crypto (@noble): entries,
	// signatures and randomness must verify identically everywhere.
	{ layer: 'protocol', mayImport: ['engine', 'protocol'], packages: ['@noble/'], forbiddenText: ['Math.random', 'Date.now', 'new Date(', 'window.', 'document.'] },
	{ layer: 'net', mayImport: ['engine', 'protocol', 'net'], packages: true, forbiddenText: [] },
	{ layer: 'session', mayImport: ['engine', 'bots', 'protocol', 'net', 'session'], packages: true, forbiddenText: [] },
	// The UI talks to the session, not around it (the session re-exports what the UI may read of
	// the layers below: session/for-ui.ts).
	{
		layer: 'ui',
		mayImport: ['engine', 'bots', 'session', 'ui'],
		packages: true,
		forbiddenText: [],
		exceptions: [
			{ files: /^ui\/link\//, mayAlsoImport: ['net'], why: 'the manual handshake (linking devices by hand) drives the mesh itself' },
			{ files: /^ui\/app\/settings(\.svelte)?\.ts$/, mayAlsoImport: ['net'], why: 'the network settings edit net/settings' }
		]
	},
	// Developer-only code (the /play lab, previews, the network simulator, test hooks): never imported by the product.
	{ layer: 'dev', mayImport: 'any', packages: true, forbiddenText: [] }
];

const DEV = join(LIB, 'dev');
const ROUTES = join(ROOT, 'src', 'routes');
const DEV_ROUTES = join(ROUTES, '(dev)');

/**
 * Source text with comments removed; with `blankStrings`, string and template literal contents
 * are removed too (template `${...}` expressions are kept, they are code).
 * A small scanner, not a parser: good enough for our own sources (regex literals containing
 * quotes or comment markers would confuse it).
 */
function stripSource(text: string, blankStrings: boolean): string {
	let out = '';
	let i = 0;
	const braces: number[] = []; // brace depth at each open template `${`
	let depth = 0;
	const readString = (quote: string) => {
		// at text[i] === quote
		out += quote;
		i++;
		while (i < text.length && text[i] !== quote && text[i] !== '\n') {
			if (text[i] === '\\') {
				if (!blankStrings) out += text.slice(i, i + 2);
				i += 2;
				continue;
			}
			if (!blankStrings) out += text[i];
			i++;
		}
		out += quote;
		i++;
	};
	const readTemplate = () => {
		// at the character after ` or after the } that closes a ${...}
		while (i < text.length) {
			const c = text[i];
			if (c === '\\') {
				if (!blankStrings) out += text.slice(i, i + 2);
				i += 2;
			} else if (c === '`') {
				out += '`';
				i++;
				return;
			} else if (c === '$' && text[i + 1] === '{') {
				out += '${';
				i += 2;
				braces.push(depth);
				depth++;
				return;
			} else {
				if (!blankStrings) out += c;
				i++;
			}
		}
	};
	while (i < text.length) {
		const c = text[i];
		const next = text[i + 1];
		if (c === '/' && next === '/') {
			while (i < text.length && text[i] !== '\n') i++;
		} else if (c === '/' && next === '*') {
			const end = text.indexOf('*/', i + 2);
			i = end < 0 ? text.length : end + 2;
			out += ' ';
		} else if (c === "'" || c === '"') {
			readString(c);
		} else if (c === '`') {
			out += '`';
			i++;
			readTemplate();
		} else if (c === '{') {
			depth++;
			out += c;
			i++;
		} else if (c === '}') {
			depth--;
			out += c;
			i++;
			if (braces.length && braces[braces.length - 1] === depth) {
				braces.pop();
				readTemplate();
			}
		} else {
			out += c;
			i++;
		}
	}
	return out;
}

/** Every import/export-from/dynamic-import/require specifier in a TS source text. */
function importSpecifiers(text: string): string[] {
	const code = stripSource(text, false);
	const specs: string[] = [];
	const patterns = [
		/\bimport\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
		/\bexport\s+(?:type\s+)?(?:\*|\{[^}]*\})(?:\s+as\s+\w+)?\s*from\s*['"]([^'"]+)['"]/g,
		/\bimport\s*['"]([^'"]+)['"]/g,
		/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
		/\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g
	];
	for (const re of patterns) for (const m of code.matchAll(re)) specs.push(m[1] as string);
	return specs;
}

/** Does the code (comments and string contents removed) use `needle` as code? */
function usesText(text: string, needle: string): boolean {
	const code = stripSource(text, true);
	const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	// not preceded by an identifier character or a dot (so `myWindow.` or `x.window.` differ)
	return new RegExp(`(?<![\\w$.])${escaped}`).test(code);
}

/** Which src/lib layer a resolved absolute path is in (or null if outside src/lib). */
function layerOf(absPath: string): string | null {
	const rel = relative(LIB, absPath);
	if (rel.startsWith('..') || rel === '') return null;
	return rel.split(sep)[0] ?? null;
}

/**
 * Violations of `rule` by a file at `file` (absolute path; need not exist) with text `text`.
 */
function checkFile(rule: LayerRule, file: string, text: string): string[] {
	const problems: string[] = [];
	const layerDir = join(LIB, rule.layer);
	for (const spec of importSpecifiers(text)) {
		let target: string;
		if (spec.startsWith('./') || spec.startsWith('../')) {
			target = resolve(dirname(file), spec);
		} else if (spec === '$lib' || spec.startsWith('$lib/')) {
			if (rule.layer === 'engine') {
				problems.push(`${spec}: the engine imports only relative paths`);
				continue;
			}
			target = join(LIB, spec.slice('$lib'.length));
		} else {
			const allowed = rule.packages === true || (Array.isArray(rule.packages) && rule.packages.some((prefix) => spec.startsWith(prefix)));
			if (!allowed) problems.push(`${spec}: ${rule.layer} may not import ${spec}`);
			continue;
		}
		if (rule.layer === 'engine') {
			const rel = relative(layerDir, target);
			if (rel.startsWith('..') || rel.startsWith(sep))
				problems.push(`${spec}: resolves outside src/lib/engine`);
			continue;
		}
		if (rule.mayImport === 'any') continue;
		// A route's own files (its components and helpers beside it).
		if (!relative(ROUTES, file).startsWith('..') && !relative(ROUTES, target).startsWith('..')) continue;
		const targetLayer = layerOf(target);
		const own = relative(LIB, file).split(sep).join('/');
		const extra = (rule.exceptions ?? []).filter((e) => e.files.test(own)).flatMap((e) => e.mayAlsoImport as readonly string[]);
		if (targetLayer === null || !([...(rule.mayImport as readonly string[]), ...extra]).includes(targetLayer)) {
			problems.push(`${spec}: ${rule.layer} may not import ${targetLayer ?? 'outside src/lib'}`);
		}
	}
	for (const bad of rule.forbiddenText) {
		if (usesText(text, bad)) problems.push(`contains forbidden "${bad}"`);
	}
	return problems;
}

/** Non-test .ts files under dir, recursively (and .svelte files with `svelte`). */
function sourceFiles(dir: string, svelte = false): string[] {
	if (!existsSync(dir)) return [];
	const out: string[] = [];
	for (const name of readdirSync(dir)) {
		const p = join(dir, name);
		if (statSync(p).isDirectory()) out.push(...sourceFiles(p, svelte));
		else if ((name.endsWith('.ts') || (svelte && name.endsWith('.svelte'))) && !/\.(test|spec)\.ts$/.test(name)) out.push(p);
	}
	return out.sort();
}

/** Imports of `file` (text `text`) that resolve into src/lib/dev, and links to developer pages. */
function devProblems(file: string, text: string): string[] {
	const problems: string[] = [];
	for (const spec of importSpecifiers(text)) {
		const target = spec.startsWith('.') ? resolve(dirname(file), spec) : spec === '$lib' || spec.startsWith('$lib/') ? join(LIB, spec.slice('$lib'.length)) : null;
		if (target !== null && !relative(DEV, target).startsWith('..')) problems.push(`${spec}: the product imports developer code`);
	}
	if (/href=["'`]\/(play|preview)\b/.test(text)) problems.push('links to a developer page');
	return problems;
}

describe('layer rules', () => {
	for (const rule of RULES) {
		const dir = join(LIB, rule.layer);
		// The UI's Svelte components count too.
		const files = sourceFiles(dir, rule.layer === 'ui');
		it(`src/lib/${rule.layer}: ${files.length} file(s) follow the rules`, () => {
			const problems = files.flatMap((f) =>
				checkFile(rule, f, readFileSync(f, 'utf8')).map((p) => `${relative(ROOT, f)}: ${p}`)
			);
			expect(problems).toEqual([]);
		});
	}
});

describe('routes are UI', () => {
	const ui = RULES.find((r) => r.layer === 'ui') as LayerRule;
	const routes = sourceFiles(ROUTES, true).filter((f) => relative(DEV_ROUTES, f).startsWith('..'));
	it(`src/routes (outside (dev)): ${routes.length} file(s) import only the engine, bots, session and ui`, () => {
		expect(routes.length).toBeGreaterThan(10);
		const problems = routes.flatMap((f) => checkFile({ ...ui, exceptions: [] }, f, readFileSync(f, 'utf8')).map((p) => `${relative(ROOT, f)}: ${p}`));
		expect(problems).toEqual([]);
	});
});

describe('developer code apart from the product', () => {
	it('no product file (src/lib outside dev/, routes outside (dev)/, .ts or .svelte) imports src/lib/dev or links to a developer page', () => {
		const product = [...readdirSync(LIB).filter((name) => name !== 'dev').flatMap((name) => sourceFiles(join(LIB, name), true)), ...sourceFiles(ROUTES, true).filter((f) => relative(DEV_ROUTES, f).startsWith('..'))];
		expect(product.length).toBeGreaterThan(100);
		const problems = product.flatMap((f) => devProblems(f, readFileSync(f, 'utf8')).map((p) => `${relative(ROOT, f)}: ${p}`));
		expect(problems).toEqual([]);
	});

	it.each([
		['a $lib import', "import { Lab } from '$lib/dev/lab.js';"],
		['a relative import', "import { x } from '../../dev/sim.js';"],
		['a link to the lab', '<a href="/play">lab</a>'],
	])('flags %s of developer code', (_name, text) => {
		expect(devProblems(join(LIB, 'ui', 'app', 'a.ts'), text)).not.toEqual([]);
	});

	it('accepts an import of the session', () => {
		expect(devProblems(join(LIB, 'ui', 'app', 'a.ts'), "import { GameSession } from '$lib/session/index.js';")).toEqual([]);
	});
});

describe('every folder under src/lib is a known layer', () => {
	it('has a rule for each folder, so a new folder cannot escape the layering', () => {
		const folders = readdirSync(LIB).filter((name) => statSync(join(LIB, name)).isDirectory());
		const known = RULES.map((rule) => rule.layer as string);
		expect(folders.filter((name) => !known.includes(name))).toEqual([]);
	});
});

describe('the checker flags violations', () => {
	const engine = RULES.find((r) => r.layer === 'engine') as LayerRule;
	const protocol = RULES.find((r) => r.layer === 'protocol') as LayerRule;
	const net = RULES.find((r) => r.layer === 'net') as LayerRule;
	const engineFile = join(LIB, 'engine', 'sub', 'fake.ts');

	const bad: [string, LayerRule, string, string][] = [
		['engine importing a package', engine, engineFile, "import x from 'yjs';"],
		['engine importing $lib', engine, engineFile, "import { y } from '$lib/net/peer';"],
		['engine leaving its folder', engine, engineFile, "import { z } from '../../net/peer.js';"],
		['engine re-exporting a package', engine, engineFile, "export * from 'lib0/random';"],
		['engine dynamic import', engine, engineFile, "const m = await import('node:fs');"],
		['engine using Math.random', engine, engineFile, 'export const r = Math.random();'],
		['engine using Date.now', engine, engineFile, 'export const t = Date.now();'],
		['engine using new Date(', engine, engineFile, 'export const d = new Date(0);'],
		['engine using globalThis', engine, engineFile, 'export const g = globalThis;'],
		['engine using document.', engine, engineFile, 'document.title = "x";'],
		['engine using window.', engine, engineFile, 'export const w = window.location;'],
		['engine using performance.now', engine, engineFile, 'export const t = performance.now();'],
		[
			'engine using Math.random inside a template',
			engine,
			engineFile,
			'export const s = `roll ${Math.random()}`;'
		],
		[
			'protocol importing net',
			protocol,
			join(LIB, 'protocol', 'a.ts'),
			"import { p } from '../net/peer.js';"
		],
		['protocol importing a package', protocol, join(LIB, 'protocol', 'a.ts'), "import 'yjs';"],
		['protocol using Math.random', protocol, join(LIB, 'protocol', 'a.ts'), 'export const r = Math.random();'],
		['net importing session', net, join(LIB, 'net', 'a.ts'), "import { s } from '$lib/session/s';"],
		['net importing ui', net, join(LIB, 'net', 'a.ts'), "import { u } from '../ui/u.js';"],
		['ui importing net around the session', RULES.find((r) => r.layer === 'ui')!, join(LIB, 'ui', 'app', 'a.ts'), "import { formatRoomCode } from '../../net/room.js';"],
		['ui importing protocol around the session', RULES.find((r) => r.layer === 'ui')!, join(LIB, 'ui', 'app', 'A.svelte'), "<script>import { x } from '$lib/protocol/index.js';</script>"]
	];
	for (const [name, rule, file, text] of bad) {
		it(`flags ${name}`, () => {
			expect(checkFile(rule, file, text)).not.toEqual([]);
		});
	}

	const good: [string, LayerRule, string, string][] = [
		['engine relative import', engine, engineFile, "import { a } from '../state.js';"],
		['engine type import', engine, engineFile, "import type { B } from './b.js';"],
		[
			'engine import in a comment',
			engine,
			engineFile,
			"// import x from 'yjs'\nexport const n = 1;"
		],
		[
			'engine mentioning window. in comments and strings',
			engine,
			engineFile,
			"/** the spending window. */\nexport const m = 'attack window. Date.now';"
		],
		['protocol importing engine', protocol, join(LIB, 'protocol', 'a.ts'), "import { e } from '$lib/engine/index.js';"],
		['protocol importing noble crypto', protocol, join(LIB, 'protocol', 'a.ts'), "import { ed25519 } from '@noble/curves/ed25519.js';"],
		['net importing yjs and protocol', net, join(LIB, 'net', 'a.ts'), "import * as Y from 'yjs';\nimport { p } from '../protocol/p.js';"],
		['the handshake UI importing net', RULES.find((r) => r.layer === 'ui')!, join(LIB, 'ui', 'link', 'a.ts'), "import { Mesh } from '../../net/mesh/mesh.js';"],
		['ui importing the session', RULES.find((r) => r.layer === 'ui')!, join(LIB, 'ui', 'app', 'a.ts'), "import { formatRoomCode } from '../../session/for-ui.js';"]
	];
	for (const [name, rule, file, text] of good) {
		it(`accepts ${name}`, () => {
			expect(checkFile(rule, file, text)).toEqual([]);
		});
	}
});
