/**
 * `npm run bench` (UI part): builds the app afresh and prints
 *  - for every prerendered page, the JavaScript it loads before it runs, raw and gzipped, then the
 *    first page beside the game page with their targets (issue 16: at most 100 KB and 150 KB
 *    gzipped) and the largest files each loads;
 *  - what the first page and the game page really fetch in Chromium until the network is idle;
 *  - the table's render time per update for a 6-player mid-game state in Chromium (target: under
 *    16 ms), from the /preview/table benchmark: 60 successive states after 20 not counted, each a
 *    Svelte update plus the layout it forces, one per animation frame, at phone and desktop widths.
 * Figures are printed, never asserted.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { chromiumPath } from '../scripts/lib/chromium.mjs';
import { builtPages, pageScripts } from './bundle.js';
import { freePort, root, startScript, waitForHttp } from './support.js';

const buildDir = path.join(root, 'build');
const FIRST_PAGE = 'index.html';
const GAME_PAGE = 'game.html';
const TARGETS_KB: Readonly<Record<string, number>> = { [FIRST_PAGE]: 100, [GAME_PAGE]: 150 };

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

interface TableBench {
	ready: boolean;
	states: number;
	run(count: number): Promise<{ count: number; median: number; p95: number; max: number }>;
}


/**
 * What a page really fetches in Chromium until the network is idle (its JavaScript, gzipped as in
 * the build): the static count above plus what its code imports at once (a loader that awaits
 * chunks before the page draws shows here, not there).
 */
async function fetchedScripts(browser: Browser, port: number): Promise<void> {
	for (const [page, route] of [[FIRST_PAGE, '/'], [GAME_PAGE, '/game']] as const) {
		const tab = await browser.newPage();
		const files = new Set<string>();
		tab.on('response', (response) => {
			const url = new URL(response.url());
			if (url.pathname.endsWith('.js') && fs.existsSync(path.join(buildDir, url.pathname))) files.add(url.pathname);
		});
		await tab.goto(`http://127.0.0.1:${port}${route}`, { waitUntil: 'networkidle' });
		await tab.close();
		const gzip = [...files].reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(buildDir, file))).length, 0);
		const before = pageScripts(buildDir, page).files.length;
		console.log(`  ${page.padEnd(12)} ${kb(gzip).padStart(9)} gzipped in ${files.size} files fetched until the network is idle (${before} before it runs, the rest imported once it runs)`);
	}
}

async function tableRender(): Promise<void> {
	const port = await freePort();
	const server: ChildProcess = startScript('serve.mjs', port);
	const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
	try {
		await waitForHttp(`http://127.0.0.1:${port}/`);
		console.log('\nfetched in Chromium (the first page, and the game page without a game):');
		await fetchedScripts(browser, port);
		console.log('\ntable render (6-player mid-game, Chromium, one update per frame: Svelte update + forced layout):');
		for (const [label, width, height] of [['360 px phone', 360, 780], ['1366 px desktop', 1366, 900]] as const) {
			const page = await browser.newPage({ viewport: { width, height } });
			for (let tries = 0; ; tries++) {
				try {
					await page.goto(`http://127.0.0.1:${port}/preview/table`);
					break;
				} catch (error) {
					if (tries > 50) throw error;
					await new Promise((r) => setTimeout(r, 100));
				}
			}
			await page.waitForFunction(() => (window as unknown as { __fnordTableBench?: TableBench }).__fnordTableBench?.ready === true, undefined, { timeout: 120_000 });
			// The main thread's CPU time (Chromium's ThreadTime) per update, frames' paint included: steadier
			// than the times above on a loaded machine, where a update's wall time includes waiting for a core.
			const cdp = await page.context().newCDPSession(page);
			await cdp.send('Performance.enable');
			const threadTime = async () => (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'ThreadTime')?.value ?? NaN;
			// A first pass of 20 updates, not counted: the measured ones are the steady state, not the
			// page's first runs of each code path (compiling them took the p95 over 16 ms by itself).
			await page.evaluate(() => (window as unknown as { __fnordTableBench: TableBench }).__fnordTableBench.run(20));
			const cpuBefore = await threadTime();
			const summary = await page.evaluate(() => (window as unknown as { __fnordTableBench: TableBench }).__fnordTableBench.run(60));
			const cpuPerUpdate = ((await threadTime()) - cpuBefore) * 1000 / summary.count;
			console.log(`  table render, ${label}: median ${summary.median.toFixed(1)} ms, p95 ${summary.p95.toFixed(1)} ms, max ${summary.max.toFixed(1)} ms over ${summary.count} updates (target < 16 ms); main-thread CPU ${cpuPerUpdate.toFixed(1)} ms per update; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
			await page.close();
		}
	} finally {
		await browser.close();
		server.kill();
	}
}

/** The `count` largest files, gzipped, as "name 12.3 KB, …". */
function largestFiles(files: readonly string[], count: number): string {
	return files
		.map((file) => ({ file, size: gzipSync(fs.readFileSync(path.join(buildDir, file))).length }))
		.sort((a, b) => b.size - a.size)
		.slice(0, count)
		.map(({ file, size }) => `${path.basename(file)} ${kb(size)}`)
		.join(', ');
}

async function main(): Promise<void> {
	const built = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: root, stdio: 'ignore' });
	if (built.status !== 0) throw new Error('vite build failed');
	console.log('\nbundle (JavaScript a page loads before it runs: preloads and static imports; lazy chunks excluded):');
	for (const page of builtPages(buildDir)) {
		const scripts = pageScripts(buildDir, page);
		const target = TARGETS_KB[page];
		const mark = target === undefined ? '' : ` <- target <= ${target} KB gzipped`;
		console.log(`  ${page.padEnd(28)} ${kb(scripts.gzipBytes).padStart(9)} gzipped, ${kb(scripts.bytes).padStart(9)} raw, ${scripts.files.length} files${mark}`);
	}
	console.log('\nfirst page beside the game page (gzipped JavaScript before the page runs):');
	for (const page of [FIRST_PAGE, GAME_PAGE]) {
		const scripts = pageScripts(buildDir, page);
		const target = TARGETS_KB[page]!;
		const verdict = scripts.gzipBytes <= target * 1024 ? 'within' : 'over';
		console.log(`  ${page.padEnd(12)} ${kb(scripts.gzipBytes).padStart(9)} (target ${target} KB: ${verdict}); largest: ${largestFiles(scripts.files, 4)}`);
	}
	await tableRender();
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
