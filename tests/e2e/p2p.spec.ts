// Three browser contexts (separate profiles: no shared BroadcastChannel, storage or tabs) play one
// game over WebRTC data channels found through the project's own signaling server (playwright
// config: scripts/signal.mjs on 127.0.0.1:4444). Driven through the lab page's window.__fnord hook.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { LabInfo } from '../../src/lib/dev/lab.js';

type Hook = {
	info(): LabInfo;
	forkInfo(): (LabInfo & { parentHash: string | null; parentAccepted: number; hashAtForkPoint: string | null }) | null;
	create(n: number): Promise<LabInfo>;
	join(code: string): Promise<LabInfo>;
	auto(target?: 'game' | 'fork'): { ok: boolean; seat: number; type: string } | null;
	disconnect(): void;
	connect(): void;
	fork(): Promise<unknown>;
	lab: { transport: { peers(): { via: string; connected: boolean }[] } | null };
};
declare global {
	interface Window {
		__fnord: Hook;
	}
}

const info = (page: Page) => page.evaluate(() => window.__fnord.info());

async function open(context: BrowserContext, path = '/play'): Promise<Page> {
	const page = await context.newPage();
	await page.goto(path);
	await page.waitForFunction(() => window.__fnord !== undefined);
	return page;
}

/** Each page has an open y-webrtc data channel to each other page (and no same-browser link). */
async function expectMesh(pages: Page[]) {
	for (const page of pages) {
		await expect
			.poll(() => page.evaluate(() => (window.__fnord.lab.transport?.peers() ?? []).filter((p) => p.via === 'webrtc' && p.connected).length), { timeout: 15_000 })
			.toBe(pages.length - 1);
		const i = await info(page);
		expect(i.dataChannel).toBe(true);
		expect(i.broadcastPeers).toBe(0);
	}
}

/** Everyone holds the same log and state. */
async function expectSameState(pages: Page[]) {
	await expect
		.poll(async () => {
			const all = await Promise.all(pages.map(info));
			return new Set(all.map((i) => `${i.accepted} ${i.hash}`)).size === 1 && all[0]!.random === null;
		}, { timeout: 15_000 })
		.toBe(true);
}

/** Round-robin lab moves until `done` holds on the first page (or a move budget runs out). */
async function play(pages: Page[], done: (i: LabInfo) => boolean, budget = 400) {
	for (let moves = 0; moves < budget; ) {
		const first = await info(pages[0]!);
		if (done(first)) return;
		let acted = false;
		for (const page of pages) {
			const r = await page.evaluate(() => window.__fnord.auto());
			if (r) {
				expect(r.ok, JSON.stringify(r)).toBe(true);
				acted = true;
				moves++;
			}
		}
		// Nobody may act: wait for entries in flight (reveals, other peers' moves) to arrive.
		if (!acted) await pages[0]!.waitForTimeout(20);
	}
	throw new Error(`budget spent: ${JSON.stringify(await info(pages[0]!))}`);
}

test('three browsers play over WebRTC, reload, go offline, fork', async ({ browser }) => {
	test.setTimeout(90_000);
	const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext({ permissions: ['microphone', 'camera'] })));
	const [a, b, c] = contexts as [BrowserContext, BrowserContext, BrowserContext];

	// Create: a room code and an invite link.
	const pageA = await open(a);
	await pageA.getByTestId('seats-input').fill('3');
	await pageA.getByTestId('create').click();
	await expect(pageA.getByTestId('room-code')).toHaveText(/^[0-9A-Z]{25}$/);
	const created = await info(pageA);
	expect(created.mySeats).toEqual([0]);
	expect(created.invite).toMatch(/\/play#\/join\/[0-9A-Z]{25}$/);
	await expect(pageA.getByTestId('persistent')).toHaveText(/Persistent storage: (yes|no)/);

	// Join: one by the invite link, one by typing the code.
	const pageB = await open(b, created.invite!.replace(/^https?:\/\/[^/]+/, ''));
	const pageC = await open(c);
	await pageC.getByTestId('code-input').fill(created.roomCode!.toLowerCase());
	await pageC.getByTestId('join').click();
	const pages = [pageA, pageB, pageC];
	await expect.poll(async () => (await Promise.all(pages.map(info))).map((i) => i.mySeats.join()).sort().join(' '), { timeout: 15_000 }).toBe('0 1 2');
	await expectMesh(pages);
	await expect(pageB.getByTestId('data-channel')).toHaveText('connected');

	// Several turns, with dice and draws.
	await play(pages, (i) => i.turnCount >= 4 && i.dice >= 2 && i.draws >= 2);
	await expectSameState(pages);
	const played = await info(pageA);
	expect(played.rejections).toBe(0);
	expect(played.desyncs).toBe(0);

	// Reload B mid-game: it resumes from IndexedDB (same game, same seat) and resyncs.
	const seatB = (await info(pageB)).mySeats;
	await pageB.reload();
	// (`?.` alone would pass while the page has not set up its hook yet: undefined !== null)
	await pageB.waitForFunction(() => window.__fnord !== undefined && window.__fnord.info().gameId !== null);
	const resumed = await info(pageB);
	expect(resumed.gameId).toBe(played.gameId);
	expect(resumed.mySeats).toEqual(seatB);
	expect(resumed.accepted).toBeGreaterThan(0); // from IndexedDB, before any peer answered
	await expectMesh(pages);
	await play(pages, (i) => i.accepted >= played.accepted + 10);
	await expectSameState(pages);

	// C goes offline. context.setOffline does not close an established data channel on
	// loopback, so the lab transport disconnects (y-webrtc closes its data channels and signaling).
	await c.setOffline(true);
	await pageC.evaluate(() => window.__fnord.disconnect());
	await expect.poll(() => info(pageC).then((i) => i.transport)).toBe('offline');
	await expectMesh([pageA, pageB]);
	const beforeOffline = (await info(pageC)).accepted;
	// A and B move on while C is away (until the game waits for C: its seat or its reveal).
	for (let k = 0; k < 30; k++) {
		const acted = (await pageA.evaluate(() => window.__fnord.auto())) ?? (await pageB.evaluate(() => window.__fnord.auto()));
		if (!acted) break;
	}
	await expect.poll(() => info(pageA).then((i) => i.accepted)).toBeGreaterThan(beforeOffline);
	expect((await info(pageC)).accepted).toBe(beforeOffline);
	await c.setOffline(false);
	await pageC.evaluate(() => window.__fnord.connect());
	await expectMesh(pages);
	await expectSameState(pages);
	await play(pages, (i) => i.accepted >= played.accepted + 40);
	await expectSameState(pages);

	// A fork at A's current entry plays on independently (offline, A holds every seat of it).
	const parent = await info(pageA);
	await pageA.evaluate(() => window.__fnord.fork());
	const fork0 = (await pageA.evaluate(() => window.__fnord.forkInfo()))!;
	expect(fork0.gameId).not.toBe(parent.gameId);
	expect(fork0.roomCode).not.toBe(parent.roomCode);
	expect(fork0.parentHash).toBe(parent.hash);
	expect(fork0.hashAtForkPoint).toBe(parent.hash);
	expect(fork0.mySeats).toEqual([0, 1, 2]);
	for (let k = 0; k < 30; k++) expect((await pageA.evaluate(() => window.__fnord.auto('fork')))?.ok).toBe(true);
	await play(pages, (i) => i.accepted >= parent.accepted + 20);
	await expectSameState(pages);
	const fork1 = (await pageA.evaluate(() => window.__fnord.forkInfo()))!;
	const game1 = await info(pageA);
	expect(fork1.accepted).toBeGreaterThan(fork0.accepted);
	expect(fork1.hash).not.toBe(game1.hash);
	expect(fork1.rejections).toBe(0);
	expect(game1.rejections, game1.rejected.join(' | ')).toBe(0);

	await Promise.all(contexts.map((context) => context.close()));
});
