// npm test: runs every check and test, in order, and ends with one line
// "N passed, N failed[, N skipped]". Every step runs and shows its own output even when an
// earlier one failed; the exit code is non-zero if anything failed.
//
// Counted: vitest tests + playwright tests + one pass/fail each for the type check
// (svelte-kit sync + svelte-check), lint (eslint) and build (vite build).
//
// First it finds Chromium (scripts/lib/chromium.mjs: CHROMIUM, /usr/bin/chromium, chromium or
// chromium-browser on PATH, Playwright's own download) and hands it to every step as CHROMIUM.
// With none, as root with apt-get it installs Debian's chromium; otherwise it stops at once with
// one line saying what to install (then "0 passed, 1 failed").
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INSTALL_HINT, findChromium, isExecutable, planChromium, playwrightChromium } from './lib/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
/** @type {NodeJS.ProcessEnv} */
const env = {
	...process.env,
	PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`
};

// 0. Chromium, for the browser tests and the Node tests that drive it.
{
	const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
	const facts = { playwright: playwrightChromium(), isRoot, hasAptGet: have('apt-get') };
	/** @param {string} line @returns {never} */
	const stop = (line) => {
		console.error(line);
		console.log('\n0 passed, 1 failed');
		process.exit(1);
	};
	const plan = planChromium(env, isExecutable, facts);
	if ('stop' in plan) stop(plan.stop);
	let found = 'use' in plan ? plan.use : null;
	if ('install' in plan) {
		console.log("=== Chromium: none found; installing Debian's chromium (apt-get update && apt-get install -y chromium)");
		const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
		const ok = ['update -qq', 'install -y -qq chromium'].every(
			(args) => spawnSync('apt-get', args.split(' '), { stdio: 'inherit', env: aptEnv }).status === 0
		);
		found = findChromium(env, isExecutable, facts);
		if (!found) stop(ok ? `${INSTALL_HINT} (apt-get installed chromium, but it is not at /usr/bin/chromium nor on PATH)` : `${INSTALL_HINT} (apt-get install chromium failed)`);
	}
	env.CHROMIUM = /** @type {string} */ (found);
	console.log(`=== Chromium: ${env.CHROMIUM}`);
	// coturn for the TURN relay test (apt-get where it can; never fails: without it that test skips and says why).
	spawnSync(process.execPath, ['scripts/install-coturn.mjs'], { stdio: 'inherit', env });
}

const VITEST_JSON = '.vitest.json';
const PW_JSON = '.pw.json';
for (const f of [VITEST_JSON, PW_JSON]) fs.rmSync(f, { force: true });

let passed = 0;
let failed = 0;
let skipped = 0;
/** @type {string[]} */
const failures = [];

/**
 * @param {string} title
 * @param {string} cmd
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [extraEnv]
 */
function run(title, cmd, args, extraEnv = {}) {
	console.log(`\n=== ${title}: ${[cmd, ...args].join(' ')}`);
	const started = Date.now();
	const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
	const secs = ((Date.now() - started) / 1000).toFixed(1);
	const status = r.status ?? 1;
	if (r.error) console.error(`${title}: ${r.error.message}`);
	console.log(`=== ${title}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${secs}s`);
	return status;
}

/** @param {string} title @param {number} status */
function countStep(title, status) {
	if (status === 0) passed++;
	else {
		failed++;
		failures.push(title);
	}
}

/** @param {string} file */
function readJson(file) {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8'));
	} catch {
		return null;
	}
}

/** @param {string} cmd */
function have(cmd) {
	return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

// 1. Type check (svelte-kit sync is its prerequisite and part of the same test).
const syncStatus = run('svelte-kit sync', 'svelte-kit', ['sync']);
const checkStatus = run('type check', 'svelte-check', [
	'--tsconfig',
	'./tsconfig.json',
	'--fail-on-warnings'
]);
countStep('type check', syncStatus || checkStatus);

// 2. Lint.
countStep('lint', run('lint', 'eslint', ['.']));

// 3. Unit, property and architecture tests.
const vitestStatus = run('vitest', 'vitest', [
	'run',
	'--reporter=default',
	'--reporter=json',
	`--outputFile=${VITEST_JSON}`
]);
const v = readJson(VITEST_JSON);
if (v) {
	passed += v.numPassedTests ?? 0;
	failed += v.numFailedTests ?? 0;
	skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
	if (v.numFailedTests) failures.push(`vitest: ${v.numFailedTests} test(s)`);
}
if (vitestStatus !== 0 && !(v && v.numFailedTests > 0)) {
	// e.g. a test file that does not load, or no JSON report at all
	failed++;
	failures.push('vitest run (no failing test reported, but exit code was non-zero)');
}

// 4. Build.
const buildStatus = run('build', 'vite', ['build']);
countStep('build', buildStatus);

// 5. End-to-end tests against build/, in a loopback-only network namespace when possible.
if (buildStatus !== 0) {
	console.log('\n=== playwright: skipped because the build failed (counted as 1 failure)');
	failed++;
	failures.push('playwright (not run: build failed)');
} else {
	const pwCmd = 'exec playwright test --reporter=list,json';
	const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
	const canUnshare =
		isRoot &&
		have('unshare') &&
		have('ip') &&
		spawnSync('unshare', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
	const pwEnv = { PLAYWRIGHT_JSON_OUTPUT_NAME: PW_JSON };
	const pwStatus = canUnshare
		? run('playwright (loopback-only netns)', 'unshare', ['-n', 'sh', '-c', `ip link set lo up && ${pwCmd}`], pwEnv)
		: run('playwright', 'sh', ['-c', pwCmd], pwEnv);
	const p = readJson(PW_JSON)?.stats;
	if (p) {
		passed += p.expected ?? 0;
		failed += (p.unexpected ?? 0) + (p.flaky ?? 0);
		skipped += p.skipped ?? 0;
		if (p.unexpected || p.flaky) failures.push(`playwright: ${p.unexpected + p.flaky} test(s)`);
	}
	if (pwStatus !== 0 && !(p && p.unexpected + p.flaky > 0)) {
		failed++;
		failures.push('playwright run (no failing test reported, but exit code was non-zero)');
	}
}

if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
console.log('');
console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ''));
process.exit(failed > 0 ? 1 : 0);
