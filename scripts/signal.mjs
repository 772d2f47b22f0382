// Starts y-webrtc's own signaling server (node_modules/y-webrtc/bin/server.js) on a chosen
// host and port. Usage: node scripts/signal.mjs [--host H] [--port N]  (env: HOST, PORT;
// defaults 127.0.0.1:4444). GET / answers "okay".
import http from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
	options: {
		host: { type: 'string' },
		port: { type: 'string' }
	}
});
const host = values.host ?? process.env.HOST ?? '127.0.0.1';
const port = values.port ?? process.env.PORT ?? '4444';

// bin/server.js reads only PORT and calls server.listen(port) on all interfaces:
// pin the port through the environment and the host by wrapping listen().
process.env.PORT = String(port);
const listen = http.Server.prototype.listen;
/** @type {any} */ (http.Server.prototype).listen = function (
	/** @type {any} */ p,
	/** @type {any[]} */ ...rest
) {
	if (typeof rest[0] === 'function' || rest.length === 0) rest.unshift(host);
	return listen.call(this, p, ...rest);
};

// The package's "exports" hide bin/, so import it by file path.
await import(new URL('../node_modules/y-webrtc/bin/server.js', import.meta.url).href);
console.log(`Signaling server on ws://${host}:${port}`);

for (const sig of ['SIGINT', 'SIGTERM']) {
	process.on(sig, () => process.exit(0));
}
