/**
 * The secret deck (docs/deck.md) measured in Chromium on this machine (Debian chromium through
 * Playwright), as issue 13 asks: the same deck and protocol code bundled with esbuild
 * (bench/deck-browser-page.ts) into one blank page per seat, each in its own browser context (one
 * seat's device); Node carries what passes between them, as the table's links would, so every
 * figure is Chromium's work plus the hop between pages. Prints, never asserts:
 *  - 2, 4, 6, 8 seats, a 106-card deck: one seat's shuffle step (work in its page), the whole
 *    shuffle (every seat's step in turn, each handed to the next), and the same with every other
 *    page checking each step at once (as every peer's replay does; n pages share this machine's
 *    cores); one draw into a hand: t − 1 seats seal their partials in parallel, the drawer opens,
 *    checks and combines (wall time from the first seal asked to the card known);
 *  - a version-2 game at 3 and 4 seats, one peer (device and replayer) per page, every entry
 *    relayed to every page: the wall time of one draw with the secret deck against the threshold
 *    coin (the added latency of one draw), the shuffle at the first draw, and the bytes the deck's
 *    entries add to the log over the first draws.
 * Targets (issue 13): at most 300 ms of work per seat, the whole 8-seat shuffle within 2 s, one
 * draw's added latency at most 150 ms.
 * Usage: node --import tsx bench/deck-browser.ts
 * Env: CHROMIUM (default: the one scripts/lib/chromium.mjs finds), FNORD_BENCH_RUNS (default 5).
 */
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { chromiumPath } from '../scripts/lib/chromium.mjs';
import type { DeckBenchApi } from './deck-browser-page.js';
import { percentile, root } from './support.js';

const RUNS = Number(process.env.FNORD_BENCH_RUNS ?? 5);
const CARDS = 106;
const GAME_DRAWS = 6;

type Api = DeckBenchApi;
type Args<K extends keyof Api> = Parameters<Api[K]>;
type Out<K extends keyof Api> = ReturnType<Api[K]>;

/** Calls the page's bench function `name` with `args` (JSON-cloned both ways). */
function call<K extends keyof Api>(page: Page, name: K, ...args: Args<K>): Promise<Out<K>> {
	return page.evaluate(([n, a]) => {
		const bench = (globalThis as unknown as { fnordDeckBench: Record<string, (...x: unknown[]) => unknown> }).fnordDeckBench;
		return bench[n as string]!(...(a as unknown[]));
	}, [name, args] as const) as Promise<Out<K>>;
}

const median = (xs: number[]) => percentile(xs, 50);
const ms = (x: number) => `${x.toFixed(0)} ms`;
// Wall times include waiting for a core (this machine is shared); CPU times are the pages' main-thread CPU (DevTools ThreadTime).

async function bundle(): Promise<string> {
	const out = await build({ entryPoints: [path.join(root, 'bench', 'deck-browser-page.ts')], bundle: true, format: 'iife', platform: 'browser', target: 'es2022', write: false, minify: true, logLevel: 'error' });
	return out.outputFiles[0]!.text;
}

/** Each page's DevTools session, timing in thread ticks: `ThreadTime` is its main thread's CPU time. */
const devtools = new Map<Page, CDPSession>();

async function seatPages(browser: Browser, script: string, n: number): Promise<Page[]> {
	return Promise.all(
		Array.from({ length: n }, async () => {
			const context = await browser.newContext();
			const page = await context.newPage();
			await page.goto('about:blank');
			await page.addScriptTag({ content: script });
			const session = await context.newCDPSession(page);
			await session.send('Performance.enable', { timeDomain: 'threadTicks' });
			devtools.set(page, session);
			return page;
		}),
	);
}

/** CPU milliseconds of the page's main thread so far. */
async function cpuOf(page: Page): Promise<number> {
	const { metrics } = await devtools.get(page)!.send('Performance.getMetrics');
	return metrics.find((m) => m.name === 'ThreadTime')!.value * 1000;
}

/** `f`'s result with the CPU milliseconds the page's main thread spent meanwhile (the call's own overhead included, under 1 ms). */
async function withCpu<T>(page: Page, f: () => Promise<T>): Promise<[T, number]> {
	const before = await cpuOf(page);
	const out = await f();
	return [out, (await cpuOf(page)) - before];
}

async function crypto(pages: Page[], n: number): Promise<void> {
	const t = Math.max(2, n - 1);
	const seats = pages.slice(0, n);
	await Promise.all(seats.map((page, seat) => call(page, 'setupSeat', `n${n}`, n, seat)));
	const opened = await Promise.all(seats.map((page) => call(page, 'openDeckOf', CARDS)));
	const open = opened[0]!.deck;

	const stepWork: number[] = [];
	const stepCpu: number[] = [];
	const wholesCpu: number[] = [];
	const wholes: number[] = [];
	const wholesChecked: number[] = [];
	const checks: number[] = [];
	let first = 0;
	let deck = open;
	for (let run = 0; run < RUNS; run++) {
		for (const checked of [false, true]) {
			deck = open;
			const start = performance.now();
			let wholeCpu = 0;
			for (let seat = 0; seat < n; seat++) {
				const before = deck;
				const [step, cpu] = await withCpu(seats[seat]!, () => call(seats[seat]!, 'shuffleStep', before));
				wholeCpu += cpu;
				if (run === 0 && seat === 0 && !checked) first = step.ms;
				else {
					stepWork.push(step.ms);
					stepCpu.push(cpu);
				}
				if (checked) checks.push(...(await Promise.all(seats.filter((_, s) => s !== seat).map((page) => call(page, 'checkStep', seat, before, step.deck)))));
				deck = step.deck;
			}
			(checked ? wholesChecked : wholes).push(performance.now() - start);
			if (!checked) wholesCpu.push(wholeCpu);
		}
	}

	const drawer = n - 1;
	const senders = seats.slice(0, t - 1);
	const draws: number[] = [];
	/** CPU on the draw's critical path: the slowest sealer's, then the drawer's. */
	const drawCpu: number[] = [];
	const sealWork: number[] = [];
	const openWork: number[] = [];
	let drawBytes = 0;
	for (let run = 0; run <= RUNS; run++) {
		const start = performance.now();
		const sealed = await Promise.all(senders.map((page) => withCpu(page, () => call(page, 'sealTo', deck, run, drawer))));
		const seals = sealed.map(([seal]) => seal);
		const [opened, openCpu] = await withCpu(seats[drawer]!, () => call(seats[drawer]!, 'openDraw', deck, run, seals.map((s) => s.seal)));
		const wall = performance.now() - start;
		if (run === 0) continue; // warm-up
		draws.push(wall);
		drawCpu.push(Math.max(...sealed.map(([, cpu]) => cpu)) + openCpu);
		sealWork.push(...seals.map((s) => s.ms));
		openWork.push(opened.ms);
		drawBytes = opened.bytes;
	}

	console.log(`n = ${n}, t = ${t} (${n} pages):`);
	console.log(`  one seat's shuffle step: ${ms(median(stepCpu))} CPU in its page (max ${ms(Math.max(...stepCpu))}; target ≤ 300 ms of work per seat), ${ms(median(stepWork))} wall (max ${ms(Math.max(...stepWork))}); the first step, with the group key's table: ${ms(first)} wall`);
	if (n === 2) console.log(`  once per page: the card table and G's table, built by the first open deck: ${ms(opened[0]!.ms)}`);
	console.log(`  whole shuffle, ${n} steps in turn, each handed to the next page: ${ms(median(wholes))} wall (max ${ms(Math.max(...wholes))})${n === 8 ? ' (target ≤ 2 s)' : ''}, ${ms(median(wholesCpu))} CPU in all`);
	console.log(`  whole shuffle with every other page checking each step at once: ${ms(median(wholesChecked))} wall (a check ${ms(median(checks))} median)`);
	console.log(`  one draw into a hand: ${t - 1} seal(s) made in parallel (${ms(median(sealWork))} each), the drawer opens, checks, combines (${ms(median(openWork))}): ${ms(median(draws))} wall, median of ${draws.length}, ${ms(median(drawCpu))} CPU on its critical path (a sealer, then the drawer); ${drawBytes} bytes of seals`);
}

interface GameFigures {
	latencies: number[];
	/** CPU of one draw, every page's main thread added up (each device's share of the work). */
	cpu: number[];
	shuffle: number;
	deckBytes: number;
	logBytes: number;
}

/** Delivers every page's new entries to every other page until no page posts anything. */
async function relay(pages: Page[], incoming: string[][]): Promise<string[]> {
	const posted: string[] = [];
	for (;;) {
		const results = await Promise.all(pages.map((page, i) => call(page, 'peerStep', incoming[i]!)));
		const next: string[][] = pages.map(() => []);
		let any = false;
		results.forEach(({ out }, from) => {
			if (out.length === 0) return;
			any = true;
			posted.push(...out);
			next.forEach((list, to) => to !== from && list.push(...out));
		});
		if (!any) return posted;
		incoming = next;
	}
}

const others = (pages: Page[], from: number, entries: string[]) => pages.map((_, i) => (i === from ? [] : entries));

async function game(all: Page[], n: number, secretDeck: boolean): Promise<GameFigures> {
	const pages = all.slice(0, n);
	const label = `browser-deck-${n}-${secretDeck}-${Date.now()}`;
	await Promise.all(pages.map((page, seat) => call(page, 'peerInit', label, seat)));
	const posted: string[] = [];
	const create = await call(pages[0]!, 'peerCreate', n, secretDeck);
	posted.push(create, ...(await relay(pages, others(pages, 0, [create]))));
	for (let seat = 0; seat < n; seat++) {
		const join = await call(pages[seat]!, 'peerJoin');
		posted.push(join, ...(await relay(pages, others(pages, seat, [join]))));
	}
	const latencies: number[] = [];
	const cpu: number[] = [];
	let shuffle = 0;
	for (let move = 0; move < 400 && latencies.length < GAME_DRAWS; move++) {
		const status = await call(pages[0]!, 'peerStatus');
		if (status.over) break;
		const seat = status.toAct ?? 0;
		const cpuBefore = await Promise.all(pages.map(cpuOf));
		const start = performance.now();
		const acted = await call(pages[seat]!, 'peerAct', secretDeck);
		if (acted === null) break;
		posted.push(acted.entry, ...(await relay(pages, others(pages, seat, [acted.entry]))));
		const wall = performance.now() - start;
		if (!acted.drawing) continue;
		const used = (await Promise.all(pages.map(cpuOf))).reduce((sum, after, i) => sum + after - cpuBefore[i]!, 0);
		if (secretDeck && !acted.shuffled && shuffle === 0) shuffle = wall;
		else if ((await Promise.all(pages.map((page) => call(page, 'peerStatus')))).every((s) => s.settled)) {
			latencies.push(wall);
			cpu.push(used);
		}
	}
	const deckBytes = posted.filter((entry) => entry.includes('"kind":"deck"')).reduce((sum, entry) => sum + entry.length, 0);
	return { latencies, cpu, shuffle, deckBytes, logBytes: posted.reduce((sum, entry) => sum + entry.length, 0) };
}

async function main(): Promise<void> {
	const script = await bundle();
	const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
	try {
		console.log(
			`secret deck in Chromium ${browser.version()} (this machine: ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}); one page per seat, each its own context; ${CARDS}-card deck; ${RUNS} runs per figure, medians; the bundle ${(script.length / 1024).toFixed(0)} KB`,
		);
		const pages = await seatPages(browser, script, 8);
		for (const n of [2, 4, 6, 8]) await crypto(pages, n);
		console.log(`a version-2 game, one peer per page, every entry relayed to every page by Node (each page replays everything, as at a table):`);
		for (const n of [3, 4]) {
			const deck = await game(pages, n, true);
			const coin = await game(pages, n, false);
			console.log(
				`  ${n} seats: one draw ${ms(median(deck.latencies))} with the secret deck vs ${ms(median(coin.latencies))} with the coin: added ${ms(median(deck.latencies) - median(coin.latencies))} (target ≤ 150 ms; medians of ${deck.latencies.length} and ${coin.latencies.length} draws; CPU of a draw, all ${n} pages added up: ${ms(median(deck.cpu))} vs ${ms(median(coin.cpu))}); ` +
					`the shuffle at the first draw ${ms(deck.shuffle)}; the deck's entries ${deck.deckBytes.toLocaleString('en')} bytes of ${deck.logBytes.toLocaleString('en')} in the log, ${(deck.logBytes - coin.logBytes).toLocaleString('en')} more than the coin game's, over the first ${deck.latencies.length + 1} draws`,
			);
		}
	} finally {
		await browser.close();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
