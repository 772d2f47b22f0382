/**
 * `npm run bench` (UI part): builds the app afresh and prints, for every prerendered page, the
 * JavaScript it loads before it runs, raw and gzipped (target: at most 150 KB gzipped on the first
 * page). Figures are printed, never asserted.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtPages, pageScripts } from './bundle.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.join(root, 'build');
const FIRST_PAGE = 'index.html';
const TARGET_GZIP_KB = 150;

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

function main(): void {
	const built = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: root, stdio: 'ignore' });
	if (built.status !== 0) throw new Error('vite build failed');
	console.log('\nbundle (JavaScript a page loads before it runs: preloads and static imports; lazy chunks excluded):');
	for (const page of builtPages(buildDir)) {
		const scripts = pageScripts(buildDir, page);
		const mark = page === FIRST_PAGE ? ` <- first page (target <= ${TARGET_GZIP_KB} KB gzipped)` : '';
		console.log(`  ${page.padEnd(28)} ${kb(scripts.gzipBytes).padStart(9)} gzipped, ${kb(scripts.bytes).padStart(9)} raw, ${scripts.files.length} files${mark}`);
	}
}

main();
