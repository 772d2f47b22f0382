// Makes coturn's `turnserver` available for the TURN relay test (tests/e2e/turn-relay.spec.ts) the
// way CI gets Chromium: Debian's package through apt-get, only when missing, only as root. Must
// run before the end-to-end tests enter their network namespace (no network there). Never fails
// the caller: without coturn the relay test skips and says why.
// Usage: node scripts/install-coturn.mjs
import { spawnSync } from 'node:child_process';

/** @param {string} cmd */
const have = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

if (have('turnserver')) process.exit(0);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || !have('apt-get')) {
	console.log(`install-coturn: turnserver missing and ${isRoot ? 'no apt-get' : 'not root'}: the TURN relay test will be skipped`);
	process.exit(0);
}
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
/** @param {string[]} args */
const apt = (args) => spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0;
console.log('install-coturn: apt-get install coturn (for the TURN relay test)');
// The package's service stays off: Debian's /etc/default/coturn leaves TURNSERVER_ENABLED unset.
const ok = apt(['install', '-y', '-qq', '--no-install-recommends', 'coturn']) || (apt(['update', '-qq']) && apt(['install', '-y', '-qq', '--no-install-recommends', 'coturn']));
console.log(ok && have('turnserver') ? 'install-coturn: turnserver installed' : 'install-coturn: could not install coturn: the TURN relay test will be skipped');
