// An honest peer of the rogue test (rogue-run.ts): our WebrtcTransport, whose update gate is on
// by default. It appends its entry; on "finish" (stdin) it appends another, waits until it holds
// both honest peers' second entries (or 15 s), and prints what its doc holds and what it dropped.
// Usage: node --import tsx gated-peer.ts <name> <signaling-url> <room-code>
import wrtc from '@roamhq/wrtc';
import { createRequire } from 'node:module';
import * as Y from 'yjs';
import { appendEntry, createGameDoc, readLog } from '../../../src/lib/net/doc.js';
import { utf8Length } from '../../../src/lib/net/update-check.js';
import { WebrtcTransport } from '../../../src/lib/net/webrtc.js';

(globalThis as { WebSocket?: unknown }).WebSocket ??= createRequire(import.meta.url)('ws').WebSocket;

const [name = 'peer', signaling = 'ws://127.0.0.1:4444', code = ''] = process.argv.slice(2);
const game = createGameDoc('webrtc-rogue-test');
const transport = new WebrtcTransport({
	doc: game.doc,
	code,
	settings: { signaling: [signaling], iceServers: [], allowPublic: false },
	peerOpts: { wrtc },
	connectTimeoutMs: 3000
});
transport.connect();
appendEntry(game, `entry from ${name}`);

function report(): void {
	const values = game.log.toArray() as unknown[];
	const strings = values.filter((v): v is string => typeof v === 'string');
	const gate = transport.updateGate!;
	const result = {
		name,
		honest: readLog(game).filter((e) => /^(entry|after) from /.test(e)).sort(),
		junk: strings.filter((e) => e.startsWith('junk')).length,
		logLength: readLog(game).length,
		nonStrings: values.length - strings.length,
		longest: Math.max(0, ...strings.map((s) => utf8Length(s))),
		deleteSetClients: Y.decodeUpdate(Y.encodeStateAsUpdate(game.doc)).ds.clients.size,
		sharedTypes: [...game.doc.share.keys()].sort(),
		metaSize: game.meta.size,
		droppedUpdates: transport.droppedUpdates,
		peers: Object.fromEntries(gate.peers()),
		pendingCleared: gate.tally.pendingCleared
	};
	process.stdout.write(JSON.stringify(result) + '\n');
}

process.stdin.on('data', (d: Buffer) => {
	if (!d.toString().includes('finish')) return;
	appendEntry(game, `after from ${name}`);
	const started = Date.now();
	const timer = setInterval(() => {
		const log = readLog(game);
		const done = ['alice', 'bob'].every((n) => log.includes(`after from ${n}`));
		if (done || Date.now() - started > 15_000) {
			clearInterval(timer);
			report();
		}
	}, 50);
});
