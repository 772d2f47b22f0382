/**
 * `npm run bench`, browser part: real Chromium pages (Debian chromium through Playwright) on the
 * lab page (/play) linked by WebRTC data channels through the project's signaling server.
 * Prints, never asserts:
 *  - latency: from an action in one browser to the state updated in the other (accepted and
 *    replayed there), p50 and p95 over at least 50 actions of a 2-seat game, once both pages
 *    have installed the offline app;
 *  - catch-up: a peer joining a game whose log holds 5,000 entries (built in Node, hosted by
 *    another browser) until it holds the same log and state hash: the median of several joins
 *    from a page whose offline app is installed, then first visits (installing it meanwhile),
 *    then the same join in the app (Home -> join link -> the game page showing it all);
 *  - Yjs bytes per entry.
 *
 * Runs in a loopback-only network namespace when it can (root with `unshare`), else directly on
 * 127.0.0.1. Starts its own signaling and static servers on free ports; builds build/ if missing.
 * Env: CHROMIUM (default: the one scripts/lib/chromium.mjs finds, as for npm test), FNORD_BENCH_ACTIONS (default 60),
 * FNORD_BENCH_ENTRIES (default 5000), FNORD_BENCH_JOINS (default 5).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumPath } from '../scripts/lib/chromium.mjs';
import type { LabInfo } from '../src/lib/dev/lab.js';
import { buildLog, type BuiltLog } from './p2p-log.js';
import { freePort, inNetns, percentile, reexecInNetns, root, startScript, waitForHttp } from './support.js';

const ACTIONS = Number(process.env.FNORD_BENCH_ACTIONS ?? 60);
const ENTRIES = Number(process.env.FNORD_BENCH_ENTRIES ?? 5000);
const JOINS = Number(process.env.FNORD_BENCH_JOINS ?? 5);

declare global {
	interface Window {
		__fnord: {
			lab: { seenAt: Map<string, number>; sentAt: Map<string, number> };
			info(): LabInfo;
			accepted(): number;
			create(n: number): Promise<LabInfo>;
			join(code: string): Promise<LabInfo>;
			auto(): { ok: boolean; id?: string } | null;
			host(update: Uint8Array, room: string, gameId: string): LabInfo;
		};
	}
}

async function openLab(browser: Browser, base: string): Promise<Page> {
	const context = await browser.newContext({ permissions: ['microphone', 'camera'] });
	const page = await context.newPage();
	await page.goto(base);
	await page.waitForFunction(() => window.__fnord !== undefined);
	return page;
}

const info = (page: Page) => page.evaluate(() => window.__fnord.info());

async function waitFor(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
	const until = Date.now() + ms;
	while (!(await check())) {
		if (Date.now() > until) throw new Error(`timed out: ${what}`);
		await new Promise((r) => setTimeout(r, 5));
	}
}

/** Plays one 2-seat game between two fresh browser contexts; adds latency samples. */
async function latencyGame(browser: Browser, base: string, samples: number[], want: number): Promise<LabInfo> {
	const a = await openLab(browser, base);
	const b = await openLab(browser, base);
	await Promise.all([settle(a), settle(b)]);
	const created = await a.evaluate(() => window.__fnord.create(2));
	await b.evaluate((code) => window.__fnord.join(code), created.roomCode!);
	await waitFor(async () => (await info(a)).dataChannel && (await info(b)).dataChannel && (await info(b)).mySeats.length === 1, 20_000, 'join');
	const pages = [a, b];
	let idle = 0;
	while (samples.length < want && !(await info(a)).over) {
		let acted = false;
		for (const [i, page] of pages.entries()) {
			const other = pages[1 - i]!;
			const r = await page.evaluate(() => window.__fnord.auto());
			if (!r?.ok || !r.id) continue;
			acted = true;
			const id = r.id;
			await other.waitForFunction((entry) => window.__fnord.lab.seenAt.has(entry), id, { polling: 5, timeout: 10_000 });
			const sent = await page.evaluate((entry) => window.__fnord.lab.sentAt.get(entry)!, id);
			const seen = await other.evaluate((entry) => window.__fnord.lab.seenAt.get(entry)!, id);
			samples.push(seen - sent);
		}
		if (!acted) {
			if (++idle > 2000) throw new Error('nobody could move');
			await new Promise((r) => setTimeout(r, 5));
		} else idle = 0;
	}
	await waitFor(async () => (await info(a)).hash === (await info(b)).hash && (await info(a)).accepted === (await info(b)).accepted, 10_000, 'same state');
	const result = await info(a);
	await a.context().close();
	await b.context().close();
	return result;
}

async function latency(browser: Browser, base: string): Promise<void> {
	const samples: number[] = [];
	let games = 0;
	let entries = 0;
	let dice = 0;
	let draws = 0;
	while (samples.length < ACTIONS && games < 20) {
		const game = await latencyGame(browser, base, samples, ACTIONS);
		games++;
		entries += game.accepted;
		dice += game.dice;
		draws += game.draws;
	}
	console.log(
		`p2p latency (action in one browser -> accepted and replayed in the other; 2 Chromium contexts with the offline app installed, WebRTC on loopback): ` +
			`p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms over ${samples.length} actions ` +
			`(${games} game(s), ${entries} entries with reveals, ${dice} dice rolls, ${draws} draws; peers ended with the same state hash)`
	);
}

/**
 * Waits until the page has installed the offline app (the service worker's ~1 MB precache): a
 * player who opened Fnord before joining has that behind them. First visits are measured apart.
 */
async function settle(page: Page): Promise<void> {
	await page.evaluate(async () => {
		if (!('serviceWorker' in navigator)) return;
		await navigator.serviceWorker.ready;
		await new Promise((r) => setTimeout(r, 300));
	});
}

interface CatchUpRun {
	ok: boolean;
	ms: number;
	tJoin: number;
	firstChannel: number;
	info: LabInfo;
	errors: string[];
}

/** A lab page (offline app installed) serving the game `built` to whoever joins its room. */
async function hostGame(browser: Browser, base: string, built: BuiltLog): Promise<{ host: Page; hosted: LabInfo }> {
	const host = await openLab(browser, base);
	await settle(host);
	await host.evaluate(
		([bytes, room, game]) => {
			const update = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0));
			window.__fnord.host(update, room, game);
		},
		[Buffer.from(built.update).toString('base64'), built.roomCode, built.gameId] as const
	);
	return { host, hosted: await info(host) };
}

/** One peer joining the game `built` hosted by another browser, until it holds the same log and state hash. */
async function catchUpOnce(browser: Browser, base: string, built: BuiltLog, firstVisit: boolean): Promise<CatchUpRun> {
	const { host, hosted } = await hostGame(browser, base, built);
	const joiner = await openLab(browser, base);
	if (!firstVisit) await settle(joiner);
	const errors: string[] = [];
	for (const page of [host, joiner]) {
		page.on('console', (m) => {
			if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text().slice(0, 200));
		});
		page.on('pageerror', (e) => errors.push(e.message.slice(0, 200)));
	}
	const result = await joiner.evaluate(
		async ([code, accepted, hash]) => {
			const t0 = performance.now();
			let firstChannel = -1;
			await window.__fnord.join(code);
			const tJoin = performance.now() - t0;
			for (;;) {
				// The cheap count until it is reached (info() hashes the state and walks the log:
				// polling it every 2 ms would slow the catch-up it measures), then the full check.
				if (firstChannel >= 0 && window.__fnord.accepted() !== accepted) {
					await new Promise((r) => setTimeout(r, 2));
					continue;
				}
				const i = window.__fnord.info();
				if (firstChannel < 0 && i.dataChannel) firstChannel = performance.now() - t0;
				if (i.accepted === accepted && i.hash === hash) break;
				if (performance.now() - t0 > 30_000) return { ok: false, ms: performance.now() - t0, tJoin, firstChannel, info: i };
				await new Promise((r) => setTimeout(r, 2));
			}
			return { ok: true, ms: performance.now() - t0, tJoin, firstChannel, info: window.__fnord.info() };
		},
		[built.roomCode, hosted.accepted, hosted.hash] as const
	);
	await host.context().close();
	await joiner.context().close();
	return { ...result, errors };
}

/**
 * The same join in the app itself: from Home (offline app installed) to the join link, until the
 * game page shows every entry accepted and the host's state hash (navigation, the app's runtime
 * and the page's first render of the table included).
 */
async function appCatchUpOnce(browser: Browser, base: string, signal: string, built: BuiltLog): Promise<number | string> {
	const { host, hosted } = await hostGame(browser, base, built);
	const origin = new URL(base).origin;
	const context = await browser.newContext({ permissions: ['microphone', 'camera'] });
	await context.addInitScript((url) => localStorage.setItem('fnord.net', JSON.stringify({ signaling: [url], iceServers: [], allowPublic: false })), signal);
	const joiner = await context.newPage();
	await joiner.goto(`${origin}/`);
	await settle(joiner);
	const t0 = Date.now();
	await joiner.goto(`${origin}/join?room=${built.roomCode}`);
	const shown = await joiner
		.waitForFunction(
			([accepted, hash]) => document.querySelector('[data-testid=accepted]')?.textContent?.trim() === String(accepted) && document.querySelector('[data-testid=state-hash]')?.textContent?.trim() === hash,
			[hosted.accepted, hosted.hash] as const,
			{ polling: 5, timeout: 30_000 }
		)
		.then(() => Date.now() - t0)
		.catch((error: Error) => `FAILED: ${error.message.split('\n')[0]}`);
	await host.context().close();
	await context.close();
	return shown;
}

async function catchUp(browser: Browser, base: string, signal: string, entries: number, runs: number, firstVisitRuns: number, appRuns: number): Promise<void> {
	const built = buildLog(entries);
	console.log(
		`catch-up workload: ${built.entries} entries (${built.accepted} accepted, 6 seats, game ${built.over ? 'over' : 'in progress'}), built in Node in ${(built.ms / 1000).toFixed(1)} s from bot seed ${built.seed}; ` +
			`Yjs update ${built.update.length.toLocaleString('en')} bytes = ${(built.update.length / built.entries).toFixed(1)} bytes per entry`
	);
	for (const [firstVisit, count] of [[false, runs], [true, firstVisitRuns]] as const) {
		if (count === 0) continue;
		const done: CatchUpRun[] = [];
		for (let run = 0; run < count; run++) {
			const r = await catchUpOnce(browser, base, built, firstVisit);
			if (!r.ok) {
				console.log(`catch-up: FAILED after ${(r.ms / 1000).toFixed(1)} s: joiner holds ${r.info.logLength} entries (${r.info.accepted} accepted), data channel ${r.info.dataChannel}; browser errors: ${[...new Set(r.errors)].slice(0, 3).join(' | ') || 'none'}`);
				return;
			}
			done.push(r);
		}
		const seconds = done.map((r) => r.ms / 1000);
		const median = percentile(seconds, 50);
		const last = done.at(-1)!;
		const where = firstVisit
			? 'first visit: the joiner\'s page opened just before and still installing the offline app (~1 MB precache) meanwhile'
			: 'the joiner\'s page open and its offline app installed, as for a player who opened Fnord before joining';
		console.log(
			`catch-up (join a ${built.entries}-entry game until same log and state hash, over WebRTC; ${where}): ` +
				(count > 1 ? `median ${median.toFixed(2)} s, max ${Math.max(...seconds).toFixed(2)} s over ${count} joins (${seconds.map((x) => x.toFixed(2)).join(', ')}) ` : `${median.toFixed(2)} s `) +
				`(last join: session open ${last.tJoin.toFixed(0)} ms, first data channel at ${last.firstChannel.toFixed(0)} ms; ` +
				`joiner's Yjs doc ${last.info.yjsBytes.toLocaleString('en')} bytes = ${(last.info.yjsBytes / last.info.logLength).toFixed(1)} bytes per entry)`
		);
	}
	if (appRuns > 0) {
		const times: number[] = [];
		for (let run = 0; run < appRuns; run++) {
			const r = await appCatchUpOnce(browser, base, signal, built);
			if (typeof r === 'string') {
				console.log(`catch-up on the game page: ${r}`);
				break;
			}
			times.push(r / 1000);
		}
		if (times.length === appRuns) {
			console.log(
				`catch-up in the app (Home -> the game's join link -> the game page shows all ${built.accepted} entries accepted and the same state hash): ` +
					`median ${percentile(times, 50).toFixed(2)} s over ${appRuns} joins (${times.map((x) => x.toFixed(2)).join(', ')})`
			);
		}
	}
}

async function main(): Promise<void> {
	reexecInNetns(import.meta.url);
	const where = inNetns() ? 'loopback-only network namespace' : '127.0.0.1 (no network namespace: not root or no unshare)';
	if (!fs.existsSync(path.join(root, 'build', 'play.html'))) {
		console.log('build/ has no lab page: running vite build');
		const r = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: root, stdio: 'ignore' });
		if (r.status !== 0) throw new Error('vite build failed');
	}
	const [signalPort, webPort] = [await freePort(), await freePort()];
	const servers = [startScript('signal.mjs', signalPort), startScript('serve.mjs', webPort)];
	let browser: Browser | null = null;
	try {
		await waitForHttp(`http://127.0.0.1:${signalPort}/`);
		await waitForHttp(`http://127.0.0.1:${webPort}/`);
		browser = await chromium.launch({
			executablePath: chromiumPath(),
			args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--allow-loopback-in-peer-connection']
		});
		console.log(`\nbrowser benchmark: Chromium ${browser.version()}, ${where}`);
		const base = `http://127.0.0.1:${webPort}/play?signal=${encodeURIComponent(`ws://127.0.0.1:${signalPort}`)}`;
		if (ACTIONS > 0) await latency(browser, base);
		const signal = `ws://127.0.0.1:${signalPort}`;
		await catchUp(browser, base, signal, ENTRIES, JOINS, 2, 3);
		if (ENTRIES > 500) await catchUp(browser, base, signal, 500, 1, 0, 0);
	} finally {
		await browser?.close();
		for (const server of servers) server.kill();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
