// The rogue of the rogue test (rogue-run.ts): an invited peer (it has the room code) whose
// transport has no update gate. Once linked to both honest peers and holding their entries, it
// floods 10,000 junk updates, then deletes an entry, writes the meta map and another type, and
// pushes a number and a 5 MB string. Prints what it sent.
// Usage: node --import tsx rogue.ts <signaling-url> <room-code>
import wrtc from '@roamhq/wrtc';
import { createRequire } from 'node:module';
import { appendEntry, createGameDoc, readLog } from '../../../src/lib/net/doc.js';
import { WebrtcTransport } from '../../../src/lib/net/webrtc.js';

(globalThis as { WebSocket?: unknown }).WebSocket ??= createRequire(import.meta.url)('ws').WebSocket;

const [signaling = 'ws://127.0.0.1:4444', code = ''] = process.argv.slice(2);
const game = createGameDoc('webrtc-rogue-test');
const transport = new WebrtcTransport({
	doc: game.doc,
	code,
	settings: { signaling: [signaling], iceServers: [], allowPublic: false },
	peerOpts: { wrtc },
	connectTimeoutMs: 3000,
	updateGate: null
});
transport.connect();

const FLOOD = 10_000;
const timer = setInterval(() => {
	const linked = transport.peers().filter((p) => p.connected && p.via === 'webrtc').length;
	const log = readLog(game);
	if (linked < 2 || !log.includes('entry from alice') || !log.includes('entry from bob')) return;
	clearInterval(timer);
	const started = performance.now();
	for (let n = 0; n < FLOOD; n++) appendEntry(game, `junk ${n}`);
	const floodMs = Math.round(performance.now() - started);
	game.log.delete(0, 1);
	game.meta.set('title', 'pwned');
	game.doc.getArray('other').push(['elsewhere']);
	game.log.push([42 as unknown as string]);
	game.log.push(['x'.repeat(5_000_000)]);
	// Give the data channels time to carry it all before reporting.
	setTimeout(() => process.stdout.write(JSON.stringify({ rogue: true, flood: FLOOD, floodMs, attacks: 5 }) + '\n'), 2_000);
}, 20);
