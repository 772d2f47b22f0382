// A Chromium page as the other device of a manual handshake (scenarios.ts 'chromium-interop').
// The page runs plain WebRTC with the same two pre-negotiated channels as the handshake; Node
// turns its descriptions into codes and back, so Chromium meets our rebuilt descriptions and
// our parser meets Chromium's.
import { chromium, type Browser, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { chromiumPath } from '../../../scripts/lib/chromium.mjs';

export const CHROMIUM = chromiumPath();
export const haveChromium = () => existsSync(CHROMIUM);

export async function launch(): Promise<{ browser: Browser; page: Page }> {
	const browser = await chromium.launch({
		executablePath: CHROMIUM,
		args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--allow-loopback-in-peer-connection']
	});
	// The media permission lifts Chromium's restriction to the default-route interface (none here).
	const context = await browser.newContext({ permissions: ['microphone', 'camera'] });
	const page = await context.newPage();
	await page.goto('about:blank');
	return { browser, page };
}

/** Starts a connection in the page: an offer (no argument) or an answer to `offerSdp`. Returns the page's description. */
export function describe(page: Page, offerSdp?: string): Promise<string> {
	return page.evaluate(async (remote) => {
		const w = window as unknown as { pc: RTCPeerConnection; control: RTCDataChannel; heard: string[] };
		const pc = new RTCPeerConnection({ iceServers: [] });
		pc.createDataChannel('fnord-sync', { negotiated: true, id: 0 });
		const control = pc.createDataChannel('fnord-control', { negotiated: true, id: 1 });
		w.pc = pc;
		w.control = control;
		w.heard = [];
		control.onmessage = (e) => {
			w.heard.push(String(e.data));
			control.send(`echo ${String(e.data)}`);
		};
		if (remote) await pc.setRemoteDescription({ type: 'offer', sdp: remote });
		await pc.setLocalDescription(remote ? await pc.createAnswer() : await pc.createOffer());
		await new Promise<void>((resolve) => {
			if (pc.iceGatheringState === 'complete') return resolve();
			pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && resolve();
			setTimeout(resolve, 4000);
		});
		return pc.localDescription!.sdp;
	}, offerSdp);
}

/** Applies the answer to the page's offer. */
export function applyAnswer(page: Page, answerSdp: string): Promise<void> {
	return page.evaluate(async (sdp) => {
		await (window as unknown as { pc: RTCPeerConnection }).pc.setRemoteDescription({ type: 'answer', sdp });
	}, answerSdp);
}

/** What the page's control channel received, once it is open. */
export function heard(page: Page): Promise<{ state: string; heard: string[] }> {
	return page.evaluate(() => {
		const w = window as unknown as { control: RTCDataChannel; heard: string[] };
		return { state: w.control.readyState, heard: w.heard };
	});
}
