// One device of the handshake/mesh Node tests, in its own process (run by scenarios.ts inside a
// loopback-only network namespace). Commands arrive as JSON lines on stdin, replies and reports
// leave as JSON lines on stdout.
// Usage: node --import tsx device.ts <name> <room> [signaling-url]
//   with a signaling URL the device also runs y-webrtc (WebrtcTransport) and lets the mesh relay
//   over its connections; without, it has only manual and relayed links.
import wrtc from '@roamhq/wrtc';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { Awareness } from 'y-protocols/awareness';
import { appendEntry, createGameDoc, readLog } from '../../../src/lib/net/doc.js';
import { Handshake, isHandshakeError } from '../../../src/lib/net/handshake/index.js';
import { relayThroughWebrtc } from '../../../src/lib/net/mesh/companion.js';
import { Mesh } from '../../../src/lib/net/mesh/mesh.js';
import { TransportGroup } from '../../../src/lib/net/transport-group.js';
import { WebrtcTransport } from '../../../src/lib/net/webrtc.js';

(globalThis as { WebSocket?: unknown }).WebSocket ??= createRequire(import.meta.url)('ws').WebSocket;

const [name = 'device', room = '7KQ2MXH90D', signaling] = process.argv.slice(2);
const Pc = wrtc.RTCPeerConnection;
const game = createGameDoc('handshake-node-test');
const awareness = new Awareness(game.doc);
const mesh = new Mesh({
	doc: game.doc,
	awareness,
	room,
	RTCPeerConnection: Pc,
	dropAfterMs: Number(process.env.FNORD_DROP_AFTER_MS ?? 3000),
	linkTimeoutMs: 10_000
});
const handshake = new Handshake({ RTCPeerConnection: Pc, room });
let webrtc: WebrtcTransport | null = null;

const out = (value: unknown) => process.stdout.write(JSON.stringify(value) + '\n');
mesh.reports.on((report) => out({ event: 'report', name, report }));
if (signaling) {
	webrtc = new WebrtcTransport({
		doc: game.doc,
		code: room,
		awareness,
		settings: { signaling: [signaling], iceServers: [], allowPublic: false },
		peerOpts: { wrtc },
		connectTimeoutMs: 3000
	});
	relayThroughWebrtc(mesh, webrtc, 200);
}
// What a session would hold: one transport for the game.
const transport = webrtc ? new TransportGroup([webrtc, mesh]) : mesh;
transport.connect();

type Command = { id: number; cmd: string; text?: string; entry?: string };

async function run(c: Command): Promise<Record<string, unknown>> {
	switch (c.cmd) {
		case 'invite': {
			const invitation = await handshake.createInvitation();
			invitation.whenLinked.then((link) => mesh.addLink(link)).catch(() => {});
			return { text: invitation.text, dropped: invitation.dropped.length };
		}
		case 'accept': {
			const started = performance.now();
			const acceptance = await handshake.acceptInvitation(c.text ?? '');
			acceptance.whenLinked.then((link) => mesh.addLink(link)).catch(() => {});
			return { answerText: acceptance.answerText, room: acceptance.room, ms: performance.now() - started };
		}
		case 'complete': {
			// From the pasted answer to an open data channel.
			const started = performance.now();
			const invitation = await handshake.completeInvitation(c.text ?? '');
			const appliedMs = performance.now() - started;
			const link = await invitation.whenLinked;
			return { appliedMs, linkedMs: performance.now() - started, syncOpen: link.sync.readyState };
		}
		case 'append':
			appendEntry(game, c.entry ?? `entry from ${name}`);
			return {};
		case 'state':
			return {
				id: mesh.id,
				log: readLog(game),
				linked: mesh.linkedPeers(),
				links: mesh.links(),
				hasDataChannel: mesh.hasDataChannel(),
				webrtcDataChannel: webrtc?.hasDataChannel() ?? null
			};
		case 'leave':
			transport.destroy();
			setTimeout(() => process.exit(0), 300);
			return {};
		default:
			throw new Error(`unknown command ${c.cmd}`);
	}
}

createInterface({ input: process.stdin }).on('line', (line) => {
	const command = JSON.parse(line) as Command;
	run(command).then(
		(result) => out({ reply: command.id, ok: true, ...result }),
		(error: unknown) =>
			out({
				reply: command.id,
				ok: false,
				code: isHandshakeError(error) ? error.code : 'exception',
				message: String(error)
			})
	);
});
out({ event: 'ready', name, id: mesh.id });
