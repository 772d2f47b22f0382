/**
 * The manual handshake and the relay mesh measured in the app itself, in Chromium (Debian
 * chromium through Playwright): three browser contexts whose settings list no signaling and no
 * STUN/TURN server link by hand through the app's pages, as in tests/e2e/serverless.spec.ts.
 * Prints, never asserts:
 *  - the invitation and answer Chromium's pages show (characters; QR version at level M, and
 *    the invitation's QR code with a LAN guest-page link in front);
 *  - from the answer pasted on the host (submitted) to the host showing "linked" (both data
 *    channels open), p50/p95;
 *  - a third device linked by hand to the guest: from its link with the guest (registered in
 *    its mesh) until it and the host each hold an open relayed link to the other, p50/p95.
 *
 * Runs in a loopback-only network namespace when it can (root with `unshare`), else directly on
 * 127.0.0.1 (then the codes may carry this machine's other addresses). Starts only a static
 * server on a free port (no signaling server); builds build/ if it has no /link page.
 * Usage: node --import tsx bench/handshake-browser.ts
 * Env: CHROMIUM (default: the one scripts/lib/chromium.mjs finds, as for npm test), FNORD_BENCH_RUNS (default 5).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumPath } from '../scripts/lib/chromium.mjs';
import QRCode from 'qrcode';
import { installLinkHook, type LinkHook } from '../src/lib/dev/link-hook.js';
import { invitationLink, qrSegments } from '../src/lib/ui/link/qr-text.js';
import { freePort, inNetns, percentile, reexecInNetns, root, startScript, waitForHttp } from './support.js';

const RUNS = Number(process.env.FNORD_BENCH_RUNS ?? 5);
const CHROMIUM = chromiumPath();

declare global {
	interface Window {
		__fnordLink?: LinkHook;
	}
}



const ms = (values: number[]) => `p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)})`;



/** A browser context with no server in its settings and the link test hook installed. */
async function device(browser: Browser, base: string, path = '/'): Promise<Page> {
	const context = await browser.newContext({ permissions: ['microphone', 'camera'], locale: 'en-US' });
	await context.addInitScript(installLinkHook);
	await context.addInitScript(() => {
		if (!localStorage.getItem('fnord.net')) localStorage.setItem('fnord.net', JSON.stringify({ signaling: [], iceServers: [], allowPublic: false }));
	});
	const page = await context.newPage();
	await page.goto(base + path);
	return page;
}

async function invitationFrom(host: Page): Promise<string> {
	await host.getByTestId('make-invitation').click();
	const field = host.getByTestId('invitation-text');
	await host.waitForFunction(() => (document.querySelector('[data-testid="invitation-text"]') as HTMLTextAreaElement | null)?.value.startsWith('FI1'));
	return field.inputValue();
}

async function answerFrom(guest: Page, invitation: string): Promise<string> {
	await guest.getByTestId('invitation-input').fill(invitation);
	await guest.getByTestId('invitation-submit').click();
	await guest.waitForFunction(() => (document.querySelector('[data-testid="answer-text"]') as HTMLTextAreaElement | null)?.value.startsWith('FA1'), undefined, { timeout: 20_000 });
	return guest.getByTestId('answer-text').inputValue();
}

/** Submits the answer on the host (as a paste and a click would) and returns the time, ms since 1970. */
function pasteAnswer(host: Page, answer: string): Promise<number> {
	return host.evaluate((text) => {
		const field = document.querySelector('[data-testid="answer-input"]') as HTMLTextAreaElement;
		field.value = text;
		field.dispatchEvent(new Event('input', { bubbles: true }));
		const at = performance.timeOrigin + performance.now();
		field.form!.requestSubmit();
		return at;
	}, answer);
}

interface Times {
	/** Each time the host panel's "linked" appeared. */
	hostLinked: number[];
	/** When the count of open manual links reached 1, 2, ... */
	manual: number[];
	/** When the first relayed link was open. */
	relay: number | null;
}

/**
 * Records, in the page, when things first happen (every millisecond or so), in ms since 1970:
 * waiting from Node could start after the moment it measures.
 */
function watch(page: Page): Promise<void> {
	return page.evaluate(() => {
		const times: Times = { hostLinked: [], manual: [], relay: null };
		(window as unknown as { __benchTimes: Times }).__benchTimes = times;
		let shown = false;
		setInterval(() => {
			const now = performance.timeOrigin + performance.now();
			const linked = document.querySelector('[data-testid="host-link"] [data-testid="link-status"][data-phase="linked"]') !== null;
			if (linked && !shown) times.hostLinked.push(now);
			shown = linked;
			const links = window.__fnordLink?.info().links.filter((l) => l.open) ?? [];
			const manual = links.filter((l) => l.origin === 'manual').length;
			while (times.manual.length < manual) times.manual.push(now);
			if (times.relay === null && links.some((l) => l.origin === 'relay')) times.relay = now;
		}, 1);
	});
}

const times = (page: Page) => page.evaluate(() => (window as unknown as { __benchTimes: Times }).__benchTimes);

async function until<T>(page: Page, read: (t: Times) => T | null | undefined, timeoutMs = 30_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = read(await times(page));
		if (value !== null && value !== undefined) return value;
		if (Date.now() > deadline) throw new Error('timed out');
		await new Promise((r) => setTimeout(r, 10));
	}
}

interface Run {
	invitation: string;
	answer: string;
	pasteToOpen: number[];
	relayToMesh: number;
}

async function run(browser: Browser, base: string): Promise<Run> {
	const [alice, bob, carol] = [await device(browser, base), await device(browser, base, '/link'), await device(browser, base, '/link')];
	for (const page of [alice, bob, carol]) await watch(page);
	await alice.getByTestId('mode-online').check();
	await alice.getByTestId('seats').fill('3');
	await alice.getByTestId('create').click();
	await alice.waitForURL(/\/game\?id=/);

	const invitation = await invitationFrom(alice);
	const answer = await answerFrom(bob, invitation);
	const pasted = await pasteAnswer(alice, answer);
	const open = await until(alice, (t) => t.hostLinked[0]);
	await bob.waitForURL(/\/game\?id=/, { timeout: 30_000 });

	const second = await invitationFrom(bob);
	const answer2 = await answerFrom(carol, second);
	const pasted2 = await pasteAnswer(bob, answer2);
	const open2 = await until(bob, (t) => t.hostLinked[0]);
	const carolLinked = await until(carol, (t) => t.manual[0]);
	const [aliceRelay, carolRelay] = await Promise.all([until(alice, (t) => t.relay), until(carol, (t) => t.relay)]);
	for (const page of [alice, bob, carol]) await page.context().close();
	return { invitation, answer, pasteToOpen: [open - pasted, open2 - pasted2], relayToMesh: Math.max(aliceRelay, carolRelay) - carolLinked };
}

const qrVersion = (segments: ReturnType<typeof qrSegments>) => QRCode.create(segments, { errorCorrectionLevel: 'M' }).version;

async function main(): Promise<void> {
	reexecInNetns(import.meta.url);
	const where = inNetns() ? 'loopback-only network namespace' : '127.0.0.1 (no network namespace: not root or no unshare)';
	if (!fs.existsSync(path.join(root, 'build', 'link.html'))) {
		console.log('build/ has no /link page: running vite build');
		const r = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: root, stdio: 'ignore' });
		if (r.status !== 0) throw new Error('vite build failed');
	}
	const port = await freePort();
	const server = startScript('serve.mjs', port);
	const browser = await chromium.launch({
		executablePath: CHROMIUM,
		args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--allow-loopback-in-peer-connection']
	});
	try {
		const base = `http://127.0.0.1:${port}`;
		await waitForHttp(`${base}/`);
		console.log(`handshake bench in Chromium (${browser.version()}): the app's pages, no signaling and no ICE server, ${where}, ${RUNS} runs`);
		const runs: Run[] = [];
		for (let i = 0; i < RUNS; i++) runs.push(await run(browser, base));
		const range = (v: number[]) => (Math.min(...v) === Math.max(...v) ? `${v[0]}` : `${Math.min(...v)}-${Math.max(...v)}`);
		const invitations = runs.map((r) => r.invitation);
		const answers = runs.map((r) => r.answer);
		const longest = invitations.reduce((a, b) => (b.length > a.length ? b : a));
		const lan = 'http://192.168.1.23:4173';
		console.log(`  invitation: ${range(invitations.map((t) => t.length))} characters (QR version ${Math.max(...invitations.map((t) => qrVersion(qrSegments(t, null))))} at level M; with the guest-page link ${lan}/link# in front: version ${qrVersion(qrSegments(longest, invitationLink(lan, longest)))})`);
		console.log(`  answer:     ${range(answers.map((t) => t.length))} characters (QR version ${Math.max(...answers.map((t) => qrVersion(qrSegments(t, null))))})`);
		console.log(`  answer pasted on the host -> host shows linked (data channels open): ${ms(runs.flatMap((r) => r.pasteToOpen))} (${runs.length * 2} handshakes, answers pasted at once)`);
		console.log(`  third device, its link with the guest -> relayed link open at it and at the host (full mesh): ${ms(runs.map((r) => r.relayToMesh))}`);
	} finally {
		await browser.close();
		server.kill();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
