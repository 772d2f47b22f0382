// One peer of the real-WebRTC Node test (run by run.ts inside a loopback-only network namespace).
// Usage: node --import tsx peer.ts <name> <signaling-url> <room-code>
// Prints one JSON line once it holds both peers' entries over an open data channel (and at least
// FNORD_REPORT_AFTER_MS after starting), then waits. A version-2 code's secret is the password;
// a version-1 code gets a fixed one.
import wrtc from '@roamhq/wrtc';
import { createRequire } from 'node:module';
import { appendEntry, createGameDoc, readLog } from '../../../src/lib/net/doc.js';
import { listPresence, setPresence } from '../../../src/lib/net/presence.js';
import { roomSecret } from '../../../src/lib/net/room.js';
import { WebrtcTransport } from '../../../src/lib/net/webrtc.js';

// Node 20 has no global WebSocket; lib0 (inside y-webrtc) uses the global one.
(globalThis as { WebSocket?: unknown }).WebSocket ??= createRequire(import.meta.url)('ws').WebSocket;

const [name = 'peer', signaling = 'ws://127.0.0.1:4444', code = ''] = process.argv.slice(2);
const started = performance.now();
const game = createGameDoc('webrtc-node-test');
const transport = new WebrtcTransport({
	doc: game.doc,
	code,
	settings: { signaling: [signaling], iceServers: [], allowPublic: false },
	password: roomSecret(code) === null ? 'node-test-password' : undefined,
	peerOpts: { wrtc },
	connectTimeoutMs: Number(process.env.FNORD_CONNECT_TIMEOUT ?? 3000)
});
setPresence(transport.awareness, { name });
// FNORD_PRELOAD=n: this peer starts with n ~125-byte entries (to test large first syncs).
const preload = name === 'alice' ? Number(process.env.FNORD_PRELOAD ?? 0) : 0;
for (let n = 0; n < preload; n++) appendEntry(game, `{"n":${n},"pad":"${'p'.repeat(108)}"}`);
transport.connect();
appendEntry(game, `entry from ${name}`);

if (process.env.FNORD_DEBUG) {
	setInterval(() => {
		const state = {
			name,
			log: readLog(game).length,
			dc: transport.hasDataChannel(),
			peers: transport.peers(),
			dropped: transport.droppedLinks
		};
		process.stderr.write(JSON.stringify(state) + '\n');
	}, 2000).unref();
}

const preloadTotal = Number(process.env.FNORD_PRELOAD ?? 0);
const timer = setInterval(() => {
	const log = readLog(game);
	const present = listPresence(transport.awareness).map((p) => p.name);
	const reportAfter = Number(process.env.FNORD_REPORT_AFTER_MS ?? 0);
	if (log.length >= 2 + preloadTotal && transport.hasDataChannel() && present.length >= 2 && performance.now() - started >= reportAfter) {
		clearInterval(timer);
		const result = {
			name,
			ms: Math.round(performance.now() - started),
			log: [...log].filter((e) => e.startsWith('entry')).sort(),
			logLength: log.length,
			dataChannel: transport.hasDataChannel(),
			droppedLinks: transport.droppedLinks,
			peers: transport.peers(),
			present: present.sort(),
			roomName: transport.roomName,
			refusedSignals: transport.refusedSignals,
			signaling: transport.providerOptions.signaling
		};
		process.stdout.write(JSON.stringify(result) + '\n');
	}
}, 20);
