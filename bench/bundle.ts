/**
 * What a page of the static build loads before it can run: the scripts its HTML preloads or
 * imports, plus every module those import statically (lazy `import()` chunks are left out: they
 * load later, on demand). Sizes are raw and gzipped (zlib's default level, as servers send them).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface PageScripts {
	readonly page: string;
	readonly files: readonly string[];
	readonly bytes: number;
	readonly gzipBytes: number;
}

const HTML_SCRIPT = /<link[^>]+href="([^"]+\.js)"[^>]*rel="modulepreload"|<link[^>]+rel="modulepreload"[^>]*href="([^"]+\.js)"|import\("([^"]+\.js)"\)|<script[^>]+src="([^"]+\.js)"/g;
/** Static imports in a minified ES module: `import"./a.js"`, `from"./b.js"`, `export*from"./c.js"`. */
const STATIC_IMPORT = /(?:\bimport|\bfrom)\s*["']([^"']+\.js)["']/g;

function matches(text: string, pattern: RegExp): string[] {
	return [...text.matchAll(pattern)].map((m) => m.slice(1).find((group) => group !== undefined)!);
}

/** The scripts `page` (an .html file under `buildDir`) needs before it runs. */
export function pageScripts(buildDir: string, page: string): PageScripts {
	const htmlPath = path.join(buildDir, page);
	const html = fs.readFileSync(htmlPath, 'utf8');
	const seen = new Set<string>();
	// The fallback page (404.html) links from the site root; prerendered pages relative to themselves.
	const queue = matches(html, HTML_SCRIPT).map((href) => (href.startsWith('/') ? path.join(buildDir, href) : path.resolve(path.dirname(htmlPath), href)));
	while (queue.length > 0) {
		const file = queue.pop()!;
		if (seen.has(file)) continue;
		seen.add(file);
		const code = fs.readFileSync(file, 'utf8');
		for (const spec of matches(code, STATIC_IMPORT)) if (spec.startsWith('.')) queue.push(path.resolve(path.dirname(file), spec));
	}
	let bytes = 0;
	let gzipBytes = 0;
	for (const file of seen) {
		const content = fs.readFileSync(file);
		bytes += content.length;
		gzipBytes += gzipSync(content).length;
	}
	return { page, files: [...seen].map((file) => path.relative(buildDir, file)).sort(), bytes, gzipBytes };
}

/** Every prerendered page of the build (its .html files). */
export function builtPages(buildDir: string): string[] {
	const pages: string[] = [];
	const walk = (dir: string) => {
		for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
			const full = path.join(dir, entry.name);
			if (entry.isDirectory() && entry.name !== '_app') walk(full);
			else if (entry.name.endsWith('.html')) pages.push(path.relative(buildDir, full));
		}
	};
	walk(buildDir);
	return pages.sort();
}

/**
 * `node --import tsx bench/bundle.ts [page…]`: the figures of an existing build (build/, made by
 * `npx vite build`; `npm run bench` builds afresh): every page's first scripts, gzipped and raw,
 * then, for each page named (default: the game page), its largest files.
 */
async function main(pages: readonly string[]): Promise<void> {
	const buildDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'build');
	const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
	for (const page of builtPages(buildDir)) {
		const scripts = pageScripts(buildDir, page);
		console.log(`${page.padEnd(28)} ${kb(scripts.gzipBytes).padStart(9)} gzipped, ${kb(scripts.bytes).padStart(9)} raw, ${scripts.files.length} files`);
	}
	for (const page of pages.length > 0 ? pages : ['game.html']) {
		const sizes = pageScripts(buildDir, page).files.map((file) => ({ file, gzip: gzipSync(fs.readFileSync(path.join(buildDir, file))).length }));
		console.log(`\n${page}: largest files (gzipped)`);
		for (const { file, gzip } of sizes.sort((a, b) => b.gzip - a.gzip).slice(0, 12)) console.log(`  ${kb(gzip).padStart(9)}  ${file}`);
	}
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
