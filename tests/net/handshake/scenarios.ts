// The handshake and relay-mesh scenarios of tests/net/handshake-node.test.ts, with real WebRTC
// (@roamhq/wrtc), each device its own process, no ICE server. Meant to run inside
// `unshare -n sh -c 'ip link set lo up && node --import tsx tests/net/handshake/scenarios.ts'`
// so only loopback exists. Prints one JSON line per scenario: { scenario, ok, facts | error }.
// Usage: scenarios.ts [name ...] (default: all)
import wrtc from '@roamhq/wrtc';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import QRCode from 'qrcode';
import { decodeCode, encodeCode, type InvitationContent } from '../../../src/lib/net/handshake/codec.js';
import { Handshake, isHandshakeError, type ManualLink } from '../../../src/lib/net/handshake/index.js';
import { buildSdp, parseSdp } from '../../../src/lib/net/handshake/sdp.js';
import * as page from './browser.js';
import { converged, Device, fullMesh, linkByHand, logsOf, until } from './harness.js';

const ROOM = '7KQ2MXH90D';
const OTHER_ROOM = 'ZZZZZ00000';
const devices: Device[] = [];

async function start(...names: string[]): Promise<Device[]> {
	const started = await Promise.all(names.map((n) => Device.start(n, ROOM)));
	devices.push(...started);
	return started;
}

const qrVersion = (text: string) => QRCode.create(text, { errorCorrectionLevel: 'M' }).version;
const linksOf = async (d: Device) => (await d.state()).links;

const scenarios: Record<string, () => Promise<Record<string, unknown>>> = {
	async 'two-devices'() {
		const [host, guest] = await start('host', 'guest');
		const hand = await linkByHand(host!, guest!);
		await host!.must('append', { entry: 'from host' });
		await guest!.must('append', { entry: 'from guest' });
		const syncMs = await converged([host!, guest!], ['from host', 'from guest']);
		return {
			offerChars: hand.offer.length,
			answerChars: hand.answer.length,
			offerQrVersion: qrVersion(hand.offer),
			answerQrVersion: qrVersion(hand.answer),
			linkedMs: hand.linkedMs,
			syncMs,
			links: { host: await linksOf(host!), guest: await linksOf(guest!) },
			ids: { host: host!.id, guest: guest!.id },
			logs: await logsOf([host!, guest!])
		};
	},

	async 'three-devices'() {
		const [a, b, c] = await start('a', 'b', 'c');
		await linkByHand(a!, b!);
		const started = performance.now();
		await linkByHand(b!, c!); // the newcomer's one handshake, with the guest
		await fullMesh([a!, b!, c!]);
		const meshMs = performance.now() - started;
		for (const d of [a!, b!, c!]) await d.must('append', { entry: `from ${d.name}` });
		await converged([a!, b!, c!], ['from a', 'from b', 'from c']);
		return {
			meshMs,
			ids: { a: a!.id, b: b!.id, c: c!.id },
			links: { a: await linksOf(a!), b: await linksOf(b!), c: await linksOf(c!) },
			logs: await logsOf([a!, b!, c!])
		};
	},

	async 'dropped-peer'() {
		// A chain of handshakes (a-b, b-c, c-d) becomes a mesh of four; then b crashes (no
		// goodbye) and d leaves (goodbye); the others keep syncing over their own links.
		const [a, b, c, d] = await start('a', 'b', 'c', 'd');
		await linkByHand(a!, b!);
		await linkByHand(b!, c!);
		await linkByHand(c!, d!);
		await fullMesh([a!, b!, c!, d!]);
		b!.crash();
		const crashDetectedMs = await until(
			'b reported dropped',
			() => [a!, c!, d!].every((x) => x.reported('peer-dropped', b!.id).length > 0),
			25_000
		);
		await a!.must('append', { entry: 'after the crash' });
		await converged([a!, c!, d!], ['after the crash']);
		await d!.must('leave');
		await until('d reported dropped', () => [a!, c!].every((x) => x.reported('peer-dropped', d!.id).length > 0));
		await c!.must('append', { entry: 'after the leave' });
		await converged([a!, c!], ['after the crash', 'after the leave']);
		return {
			crashDetectedMs,
			ids: { a: a!.id, b: b!.id, c: c!.id, d: d!.id },
			crashReports: [a!, c!, d!].map((x) => x.reported('peer-dropped', b!.id)),
			leaveReports: [a!, c!].map((x) => x.reported('peer-dropped', d!.id)),
			links: { a: await linksOf(a!), c: await linksOf(c!) },
			logs: await logsOf([a!, c!])
		};
	},

	async 'webrtc-relay'() {
		// a and b find each other through a signaling server (y-webrtc); c cannot reach it and
		// links by hand with b only. b relays, over its y-webrtc connection, between a and c.
		const port = 4471;
		const signal = spawn(process.execPath, [here('../../../scripts/signal.mjs'), '--host', '127.0.0.1', '--port', String(port)], {
			stdio: ['ignore', 'pipe', 'inherit']
		});
		servers.push(signal);
		await new Promise<void>((resolve) => signal.stdout?.on('data', (d: Buffer) => d.toString().includes('Signaling server on') && resolve()));
		const url = `ws://127.0.0.1:${port}`;
		const [a, b] = await Promise.all([Device.start('a', ROOM, url), Device.start('b', ROOM, url)]);
		const [c] = await start('c');
		devices.push(a!, b!);
		await until('a and b linked by y-webrtc', async () => (await a!.state()).webrtcDataChannel === true, 15_000);
		await fullMesh([a!, b!], 15_000);
		await linkByHand(b!, c!);
		await fullMesh([a!, b!, c!]);
		for (const d of [a!, b!, c!]) await d.must('append', { entry: `from ${d.name}` });
		await converged([a!, b!, c!], ['from a', 'from b', 'from c']);
		return {
			ids: { a: a!.id, b: b!.id, c: c!.id },
			links: { a: await linksOf(a!), b: await linksOf(b!), c: await linksOf(c!) },
			logs: await logsOf([a!, b!, c!])
		};
	},

	async 'chromium-interop'() {
		// Chromium 156 against @roamhq/wrtc, each side as host once, only codes in between.
		if (!page.haveChromium()) return { skipped: `no ${page.CHROMIUM}` };
		const Pc = wrtc.RTCPeerConnection;
		const { browser, page: tab } = await page.launch();
		browsers.push(browser);
		const echo = async (link: ManualLink, text: string) => {
			const reply = new Promise<string>((resolve) =>
				link.control.addEventListener('message', (e) => resolve(String((e as MessageEvent).data)))
			);
			link.control.send(text);
			return reply;
		};
		// Node invites, Chromium answers.
		const host = new Handshake({ RTCPeerConnection: Pc, room: ROOM });
		const invitation = await host.createInvitation();
		const offer = decodeCode(invitation.text, 'invitation') as InvitationContent;
		const chromiumAnswer = await page.describe(tab, buildSdp(offer.essentials, '7'));
		const answerText = encodeCode({ kind: 'answer', nonce: offer.nonce, essentials: parseSdp(chromiumAnswer).essentials }).text;
		await host.completeInvitation(answerText);
		const toChromium = await echo(await invitation.whenLinked, 'from node');
		// Chromium invites, Node answers.
		const tab2 = await tab.context().newPage();
		const chromiumOffer = await page.describe(tab2);
		const invitationText = encodeCode({
			kind: 'invitation',
			room: ROOM,
			nonce: Uint8Array.of(1, 2, 3, 4),
			createdMinute: Math.floor(Date.now() / 60_000) & 0xffff,
			essentials: parseSdp(chromiumOffer).essentials
		}).text;
		const acceptance = await new Handshake({ RTCPeerConnection: Pc, room: ROOM }).acceptInvitation(invitationText);
		await page.applyAnswer(tab2, buildSdp(decodeCode(acceptance.answerText).essentials, '8'));
		const fromChromium = await echo(await acceptance.whenLinked, 'to chromium');
		return {
			toChromium,
			fromChromium,
			chromiumAnswerChars: answerText.length,
			chromiumOfferChars: invitationText.length,
			chromiumQrVersions: [qrVersion(answerText), qrVersion(invitationText)],
			pageHeard: [await page.heard(tab), await page.heard(tab2)]
		};
	},

	async 'bad-input'() {
		// In this process: codes pasted in the wrong place, damaged or for another game.
		const Pc = wrtc.RTCPeerConnection;
		const host = new Handshake({ RTCPeerConnection: Pc, room: ROOM });
		const stranger = new Handshake({ RTCPeerConnection: Pc, room: ROOM });
		const guest = new Handshake({ RTCPeerConnection: Pc, room: ROOM });
		const invitation = await host.createInvitation();
		const strangerInvitation = await stranger.createInvitation();
		const otherGame = await new Handshake({ RTCPeerConnection: Pc, room: OTHER_ROOM }).createInvitation();
		const acceptance = await guest.acceptInvitation(invitation.text);
		const strangerAnswer = (await guest.acceptInvitation(strangerInvitation.text)).answerText;
		const answer = acceptance.answerText;
		const typo = answer.slice(0, 40) + (answer[40] === 'A' ? 'B' : 'A') + answer.slice(41);
		const codeOf = async (f: () => Promise<unknown>) => {
			try {
				await f();
				return 'ok';
			} catch (error) {
				return isHandshakeError(error) ? error.code : `exception: ${String(error)}`;
			}
		};
		const errors = {
			completeWithNothing: await codeOf(() => host.completeInvitation('  ')),
			completeWithARoomCode: await codeOf(() => host.completeInvitation('7KQ2M-XH90D')),
			completeWithTheInvitation: await codeOf(() => host.completeInvitation(invitation.text)),
			completeWithHalfTheAnswer: await codeOf(() => host.completeInvitation(answer.slice(0, 60))),
			completeWithATypo: await codeOf(() => host.completeInvitation(typo)),
			completeWithAnAnswerToAnother: await codeOf(() => host.completeInvitation(strangerAnswer)),
			completeFromANewerApp: await codeOf(() => host.completeInvitation('FA2' + answer.slice(3))),
			acceptAnInvitationToAnotherGame: await codeOf(() => guest.acceptInvitation(otherGame.text)),
			acceptAnAnswer: await codeOf(() => guest.acceptInvitation(answer))
		};
		// None of that cost the real invitation anything: the right answer still links.
		const started = performance.now();
		const completed = await host.completeInvitation(answer.toLowerCase().replace(/(.{50})/g, '$1\n'));
		const [hostLink, guestLink] = await Promise.all([completed.whenLinked, acceptance.whenLinked]);
		const linkedMs = performance.now() - started;
		const received = new Promise<string>((resolve) =>
			guestLink.control.addEventListener('message', (e) => resolve(String((e as MessageEvent).data)))
		);
		hostLink.control.send('ping');
		const message = await received;
		const again = await codeOf(() => host.completeInvitation(answer));
		for (const link of [hostLink, guestLink]) link.pc.close();
		host.close();
		stranger.close();
		return { errors, linkedMs, message, secondCompletion: again, channel: hostLink.sync.label };
	}
};

const servers: ChildProcess[] = [];
const browsers: Array<{ close(): Promise<void> }> = [];
function here(path: string): string {
	return fileURLToPath(new URL(path, import.meta.url));
}

const wanted = process.argv.slice(2);
for (const [name, scenario] of Object.entries(scenarios)) {
	if (wanted.length > 0 && !wanted.includes(name)) continue;
	let line: Record<string, unknown>;
	try {
		const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('scenario timeout')), 40_000).unref());
		line = { scenario: name, ok: true, facts: await Promise.race([scenario(), timeout]) };
	} catch (error) {
		line = { scenario: name, ok: false, error: String(error) };
	}
	for (const d of devices.splice(0)) d.stop();
	for (const s of servers.splice(0)) s.kill('SIGTERM');
	for (const b of browsers.splice(0)) await b.close();
	process.stdout.write(JSON.stringify(line) + '\n');
}
process.exit(0);
