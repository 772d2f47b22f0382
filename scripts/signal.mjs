// A standalone y-webrtc signaling server (the same hub the app's server runs on /signal):
// WebSocket upgrades on any path, GET /turn-credentials when FNORD_TURN_URLS and
// FNORD_TURN_SECRET are set (scripts/lib/signal-turn.mjs), "okay" for any other GET.
// Caps (scripts/lib/signal-http.mjs, hubOptionsFromEnv): FNORD_SIGNAL_MAX_CONNECTIONS_PER_ADDRESS
// (64), FNORD_SIGNAL_MAX_CONNECTIONS (10000), FNORD_SIGNAL_MAX_SUBSCRIBERS_PER_TOPIC (32), and
// FNORD_SIGNAL_TRUSTED_PROXIES (comma-separated addresses whose X-Forwarded-For is believed).
// Usage: node scripts/signal.mjs [--host H] [--port N]  (env: HOST, PORT; defaults
// 127.0.0.1:4444; --port 0 picks a free port). Prints "Signaling server on ws://H:N" when ready.
import { parseArgs } from 'node:util';
import { hubOptionsOrExit, listeningOn, SignalHub, signalingServer } from './lib/signal-http.mjs';
import { turnConfigOrExit } from './lib/signal-turn.mjs';

const { values } = parseArgs({
	options: {
		host: { type: 'string' },
		port: { type: 'string' }
	}
});
const host = values.host ?? process.env.HOST ?? '127.0.0.1';
const port = Number(values.port ?? process.env.PORT ?? '4444');

const turn = turnConfigOrExit(process.env);
const server = signalingServer(new SignalHub(hubOptionsOrExit(process.env)), turn);
server.listen(port, host, () => {
	console.log(`Signaling server on ws://${listeningOn(server)}${turn ? ` (TURN credentials for ${turn.urls.join(', ')})` : ''}`);
});

for (const sig of ['SIGINT', 'SIGTERM']) {
	process.on(sig, () => process.exit(0));
}
