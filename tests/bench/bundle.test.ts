// The bundle benchmark counts what a page loads before it runs: preloads, entry imports and their
// static imports, never lazily imported chunks.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { builtPages, pageScripts } from '../../bench/bundle.js';

function build(files: Record<string, string>): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fnord-bundle-'));
	for (const [name, text] of Object.entries(files)) {
		fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
		fs.writeFileSync(path.join(dir, name), text);
	}
	return dir;
}

const site = {
	'index.html': '<link href="./_app/entry/start.js" rel="modulepreload"><script>import("./_app/entry/app.js")</script>',
	'game/index.html': '<link rel="modulepreload" href="../_app/entry/start.js">',
	'404.html': '<script>import("/_app/entry/app.js")</script>',
	'_app/entry/start.js': 'import{a}from"../chunks/shared.js";export*from"../chunks/more.js";',
	'_app/entry/app.js': 'import"../chunks/shared.js";const lazy=()=>import("../chunks/lazy.js");',
	'_app/chunks/shared.js': 'export const a=1;'.repeat(50),
	'_app/chunks/more.js': 'export const b=2;',
	'_app/chunks/lazy.js': 'export const big="' + 'x'.repeat(5000) + '";'
};

describe('first-page scripts of a static build', () => {
	const dir = build(site);
	const cases: { page: string; files: string[] }[] = [
		{ page: 'index.html', files: ['_app/chunks/more.js', '_app/chunks/shared.js', '_app/entry/app.js', '_app/entry/start.js'] },
		{ page: 'game/index.html', files: ['_app/chunks/more.js', '_app/chunks/shared.js', '_app/entry/start.js'] },
		{ page: '404.html', files: ['_app/chunks/shared.js', '_app/entry/app.js'] }
	];
	for (const { page, files } of cases) {
		it(`${page}: follows preloads, entry imports and static imports, not lazy ones`, () => {
			const result = pageScripts(dir, page);
			expect(result.files).toEqual(files);
			const contents = files.map((file) => fs.readFileSync(path.join(dir, file)));
			expect(result.bytes).toBe(contents.reduce((sum, c) => sum + c.length, 0));
			expect(result.gzipBytes).toBe(contents.reduce((sum, c) => sum + gzipSync(c).length, 0));
		});
	}

	it('lists every prerendered page', () => {
		expect(builtPages(dir)).toEqual(['404.html', 'game/index.html', 'index.html']);
	});
});
