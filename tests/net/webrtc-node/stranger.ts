// A stranger at the room of the invitation test (invite.ts): it tries to join for FNORD_STRANGER_MS
// and prints what it got as one JSON line.
// Usage: node --import tsx stranger.ts <name-only|wrong-secret> <signaling-url> <room-code>
// - name-only: knows only the room name the signaling server sees (hashed from the public part)
//   and uses y-webrtc directly, with no password;
// - wrong-secret: knows the public part of the code but not the secret: our transport with the
//   same public part and another secret (a valid code: the check character is recomputed).
import wrtc from '@roamhq/wrtc';
import { createRequire } from 'node:module';
import { WebrtcProvider } from 'y-webrtc';
import { appendEntry, createGameDoc, readLog } from '../../../src/lib/net/doc.js';
import { checkCharacter, readRoomCode, roomName, ROOM_SECRET_LENGTH } from '../../../src/lib/net/room.js';
import { WebrtcTransport } from '../../../src/lib/net/webrtc.js';

(globalThis as { WebSocket?: unknown }).WebSocket ??= createRequire(import.meta.url)('ws').WebSocket;

const [mode = 'name-only', signaling = 'ws://127.0.0.1:4444', code = ''] = process.argv.slice(2);
const reading = readRoomCode(code);
if (!reading.ok || reading.version !== 2) throw new Error('a version-2 code is needed');
const game = createGameDoc('webrtc-node-test');
appendEntry(game, `entry from the ${mode} stranger`);

let connections: () => number;
let refused: Record<string, number> = {};
let name: string;
if (mode === 'name-only') {
	name = roomName(code); // what the server logs
	const provider = new WebrtcProvider(name, game.doc, {
		signaling: [signaling],
		filterBcConns: false,
		peerOpts: { wrtc, config: { iceServers: [] } }
	});
	connections = () => [...(provider.room?.webrtcConns.values() ?? [])].filter((c) => c.connected).length;
} else {
	const wrongSecret = 'Z'.repeat(ROOM_SECRET_LENGTH) === reading.secret ? '0'.repeat(ROOM_SECRET_LENGTH) : 'Z'.repeat(ROOM_SECRET_LENGTH);
	const body = reading.publicPart + wrongSecret;
	const transport = new WebrtcTransport({
		doc: game.doc,
		code: body + checkCharacter(body),
		settings: { signaling: [signaling], iceServers: [], allowPublic: false },
		peerOpts: { wrtc },
		connectTimeoutMs: 3000
	});
	transport.connect();
	name = transport.roomName;
	connections = () => (transport.hasDataChannel() ? 1 : 0);
	refused = transport.refusedSignals;
}

setTimeout(() => {
	const result = { mode, roomName: name, dataChannels: connections(), logLength: readLog(game).length, refusedSignals: refused };
	process.stdout.write(JSON.stringify(result) + '\n');
}, Number(process.env.FNORD_STRANGER_MS ?? 6000));
