// The game page's JavaScript before it runs has a budget (issue 16: 150 KB gzipped, measured by
// `npm run bench`). The protocol's replayer with the deck's cryptography (@noble/*) and the shared
// document's code (yjs, y-webrtc) are far over it by themselves: they load once the page runs
// (import()). One static import of them from the page's code (an end-screen helper once took the
// page from 149 to 207 KB) puts them back in its first scripts; this walks the page's static
// imports in the source and names the path that reaches one.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PAGES = ['src/routes/+layout.svelte', 'src/routes/+layout.ts', 'src/routes/game/+page.svelte'];
/** Packages and modules that must load later (import()), never with the page. */
const LATER = [/^@noble\//, /^yjs$/, /^y-webrtc$/, /^src\/lib\/protocol\/index\.ts$/, /^src\/lib\/protocol\/v2\/replayer\.ts$/];

/** Static imports and re-exports of a module's source (type-only ones left out: they are erased). */
export function staticImports(source: string): string[] {
	const specs: string[] = [];
	const pattern = /^\s*(?:import|export)\s+(?!type\b)(?:([^'";]*?)\s*from\s+)?['"]([^'"]+)['"]/gm;
	for (const match of source.matchAll(pattern)) {
		// `import { type A, type B } from …` is erased too; a default or namespace import is not.
		const names = /^\{([^}]*)\}$/.exec((match[1] ?? '').trim())?.[1];
		const onlyTypes = names !== undefined && names.split(',').every((name) => name.trim() === '' || name.trim().startsWith('type '));
		if (!onlyTypes) specs.push(match[2]!);
	}
	return specs;
}

function resolve(from: string, spec: string): string | null {
	const base = spec.startsWith('$lib/') ? path.join(ROOT, 'src/lib', spec.slice(5)) : spec.startsWith('.') ? path.resolve(path.dirname(from), spec) : null;
	if (base === null) return null;
	const stem = base.replace(/\.js$/, '');
	for (const candidate of [base, `${stem}.ts`, path.join(base, 'index.ts')]) if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
	throw new Error(`${path.relative(ROOT, from)}: cannot resolve ${spec}`);
}

/** Every module and package the page reaches by static imports, each with the path that reached it first. */
function reached(page: string): Map<string, string[]> {
	const seen = new Map<string, string[]>([[page, [page]]]);
	const queue = [page];
	while (queue.length > 0) {
		const file = queue.shift()!;
		const trail = seen.get(file)!;
		for (const spec of staticImports(fs.readFileSync(path.join(ROOT, file), 'utf8'))) {
			if (spec.startsWith('$app/') || spec.startsWith('virtual:')) continue;
			const target = resolve(path.join(ROOT, file), spec);
			const key = target === null ? spec : path.relative(ROOT, target);
			if (seen.has(key)) continue;
			seen.set(key, [...trail, key]);
			if (target !== null) queue.push(key);
		}
	}
	return seen;
}

describe("the game page's first scripts", () => {
	it('reads static imports and re-exports, not type-only ones or import()', () => {
		const source = "import a from './a.js';\nimport { b, type C } from '$lib/b.js';\nimport { type D } from './d.js';\nimport type { E } from './e.js';\nexport { f } from './f.js';\nconst g = () => import('./g.js');\nimport './h.css';";
		expect(staticImports(source)).toEqual(['./a.js', '$lib/b.js', './f.js', './h.css']);
	});

	for (const page of PAGES) {
		it(`${page} reaches no protocol replayer, cryptography or shared-document code by static imports`, () => {
			const modules = reached(page);
			expect(modules.size).toBeGreaterThan(page.endsWith('+page.svelte') ? 50 : 1);
			const wrong = [...modules].filter(([key]) => LATER.some((pattern) => pattern.test(key))).map(([, trail]) => trail.join(' -> '));
			expect(wrong).toEqual([]);
		});
	}
});
