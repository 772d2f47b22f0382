// A newcomer joins a long game over WebRTC in Chromium. Its first sync (a Yjs update of ~380 KB,
// above the 256 KiB one data channel message may hold) travels deflated by the browser's own
// CompressionStream, in pieces of at most 16 KiB, and the newcomer ends with the host's log and
// state hash. The host serves a log built in Node (bench/p2p-log.ts), from the lab page.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { buildLog } from '../../bench/p2p-log.js';
import type { LabInfo } from '../../src/lib/dev/lab.js';

/** The lab page's hook, and the sizes its data channels sent. */
type Lab = Window & {
	__fnord?: { info(): LabInfo; join(code: string): Promise<LabInfo>; host(update: Uint8Array, room: string, gameId: string): LabInfo };
	__sentBytes: number[];
};

/** A lab page whose data channels record the size of every message they send. */
async function labPage(browser: Browser): Promise<Page> {
	const context = await browser.newContext();
	await context.addInitScript(() => {
		const sizes: number[] = [];
		(window as unknown as { __sentBytes: number[] }).__sentBytes = sizes;
		const prototype = RTCDataChannel.prototype as unknown as { send(data: string | Blob | ArrayBuffer | ArrayBufferView): void };
		const send = prototype.send;
		prototype.send = function (data) {
			sizes.push(typeof data === 'string' ? data.length : data instanceof Blob ? data.size : data.byteLength);
			return send.call(this, data);
		};
	});
	const page = await context.newPage();
	await page.goto('/play');
	await page.waitForFunction(() => (window as unknown as Lab).__fnord !== undefined);
	return page;
}

test('a peer joining a 1,000-entry game receives it deflated, in pieces of at most 16 KiB, and reaches the same state', async ({ browser }) => {
	test.setTimeout(90_000);
	const built = buildLog(1000);
	expect(built.update.length).toBeGreaterThan(256 * 1024);
	const host = await labPage(browser);
	const hosted = await host.evaluate(
		([bytes, room, game]) => (window as unknown as Lab).__fnord!.host(Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0)), room, game),
		[Buffer.from(built.update).toString('base64'), built.roomCode, built.gameId] as const
	);
	expect(hosted.accepted).toBe(built.accepted);
	const joiner = await labPage(browser);
	await joiner.evaluate((code) => (window as unknown as Lab).__fnord!.join(code), built.roomCode);
	await expect
		.poll(async () => {
			const i = await joiner.evaluate(() => (window as unknown as Lab).__fnord!.info());
			return `${i.dataChannel} ${i.logLength} ${i.accepted} ${i.hash}`;
		}, { timeout: 30_000 })
		.toBe(`true ${built.entries} ${hosted.accepted} ${hosted.hash}`);
	const sent = await host.evaluate(() => (window as unknown as Lab).__sentBytes);
	expect(Math.max(...sent)).toBeLessThanOrEqual(16 * 1024);
	// Everything the host sent on its data channels, the whole log included, is under half the log's plain size.
	expect(sent.reduce((n, b) => n + b, 0)).toBeLessThan(built.update.length / 2);
	await host.context().close();
	await joiner.context().close();
});
