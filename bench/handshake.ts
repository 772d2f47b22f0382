/**
 * The manual handshake and the relay mesh, measured with real WebRTC in Node (@roamhq/wrtc),
 * no signaling and no ICE server. Prints, never asserts:
 *  - the invitation and answer sizes (bytes = characters; QR version at level M);
 *  - from the pasted answer (completeInvitation) to an open data channel on the host, p50/p95;
 *  - a third device joining by one handshake with the guest: from its link with the guest to a
 *    full mesh (the relay alone), and from the invitation made to a full mesh (the machine's
 *    part of a join; players' copying time excluded), p50/p95.
 *
 * Runs in a loopback-only network namespace when it can (root with `unshare`), else directly
 * (then the codes also carry this machine's other addresses).
 * Usage: node --import tsx bench/handshake.ts   Env: FNORD_BENCH_RUNS (default 20).
 * A browser variant (Chromium through Playwright) is left for later.
 */
import wrtc from '@roamhq/wrtc';
import QRCode from 'qrcode';
import { Awareness } from 'y-protocols/awareness';
import { createGameDoc } from '../src/lib/net/doc.js';
import { Handshake } from '../src/lib/net/handshake/index.js';
import { Mesh } from '../src/lib/net/mesh/mesh.js';
import { inNetns, percentile, reexecInNetns } from './support.js';

const RUNS = Number(process.env.FNORD_BENCH_RUNS ?? 20);
const ROOM = '7KQ2MXH90D';
const Pc = wrtc.RTCPeerConnection;



const ms = (values: number[]) => `p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms`;

interface Device {
	mesh: Mesh;
	handshake: Handshake;
}

function device(): Device {
	const game = createGameDoc('bench-handshake');
	const mesh = new Mesh({ doc: game.doc, awareness: new Awareness(game.doc), room: ROOM, RTCPeerConnection: Pc });
	mesh.connect();
	return { mesh, handshake: new Handshake({ RTCPeerConnection: Pc, room: ROOM }) };
}

/** Host invites, guest answers, host completes; returns the codes and the answer-to-open time. */
async function byHand(host: Device, guest: Device) {
	const invitation = await host.handshake.createInvitation();
	const acceptance = await guest.handshake.acceptInvitation(invitation.text);
	const pasted = performance.now();
	await host.handshake.completeInvitation(acceptance.answerText);
	const hostLink = await invitation.whenLinked;
	const openMs = performance.now() - pasted;
	host.mesh.addLink(hostLink);
	guest.mesh.addLink(await acceptance.whenLinked);
	return { offer: invitation.text, answer: acceptance.answerText, openMs };
}

async function until(check: () => boolean, timeoutMs = 15_000): Promise<void> {
	const started = performance.now();
	while (!check()) {
		if (performance.now() - started > timeoutMs) throw new Error('timed out');
		await new Promise((r) => setTimeout(r, 2));
	}
}

const fullMesh = (devices: Device[]) => devices.every((d) => d.mesh.links().filter((l) => l.open).length === devices.length - 1);

async function main(): Promise<void> {
	reexecInNetns(import.meta.url);
	const where = inNetns() ? 'loopback-only network namespace' : 'this machine (no network namespace)';
	console.log(`handshake bench: @roamhq/wrtc in Node, ${where}, ${RUNS} runs`);
	const sizes = { offer: [] as number[], answer: [] as number[] };
	const qr = { offer: 0, answer: 0 };
	const open: number[] = [];
	const relay: number[] = [];
	const join: number[] = [];
	for (let run = 0; run < RUNS; run++) {
		const [a, b, c] = [device(), device(), device()];
		const first = await byHand(a, b);
		sizes.offer.push(first.offer.length);
		sizes.answer.push(first.answer.length);
		qr.offer = Math.max(qr.offer, QRCode.create(first.offer, { errorCorrectionLevel: 'M' }).version);
		qr.answer = Math.max(qr.answer, QRCode.create(first.answer, { errorCorrectionLevel: 'M' }).version);
		open.push(first.openMs);
		const joinStarted = performance.now();
		const second = await byHand(b, c);
		open.push(second.openMs);
		await until(() => c.mesh.linkedPeers().length >= 1 && b.mesh.linkedPeers().length >= 2);
		const linked = performance.now();
		await until(() => fullMesh([a, b, c]));
		relay.push(performance.now() - linked);
		join.push(performance.now() - joinStarted);
		for (const d of [a, b, c]) {
			d.mesh.destroy();
			d.handshake.close();
		}
		await new Promise((r) => setTimeout(r, 80));
	}
	const range = (v: number[]) => (Math.min(...v) === Math.max(...v) ? `${v[0]}` : `${Math.min(...v)}-${Math.max(...v)}`);
	console.log(`  invitation: ${range(sizes.offer)} bytes (QR version ${qr.offer} at level M, alphanumeric; limit 311 at version 10)`);
	console.log(`  answer:     ${range(sizes.answer)} bytes (QR version ${qr.answer})`);
	console.log(`  answer pasted -> open data channel (host): ${ms(open)} (${open.length} handshakes)`);
	console.log(`  third device, its link with the guest -> full mesh (relay): ${ms(relay)}`);
	console.log(`  third device, invitation made -> full mesh (no copying time): ${ms(join)}`);
	process.exit(0);
}

await main();
