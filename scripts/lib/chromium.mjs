// Which Chromium the tests and benchmarks drive. `npm test` (scripts/test.mjs) finds one with
// findChromium, installs Debian's chromium when it may (root, apt-get) and none is found, and
// passes the path on to everything it runs as CHROMIUM; playwright.config.ts, the Node tests and
// the benchmarks take it from chromiumPath().
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join } from 'node:path';

/** Where Debian's chromium package puts it; also the name used in messages when none is found. */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

export const INSTALL_HINT = "npm test needs Chromium: install Debian's chromium (apt-get install chromium) or set CHROMIUM=/path/to/chrome";

/**
 * The Chromium to use, or null. Pure: `exists` says whether a path is an executable file.
 * Order: env.CHROMIUM (when set, it is the only candidate), /usr/bin/chromium, `chromium` then
 * `chromium-browser` in env.PATH, then Playwright's own downloaded browser (`playwright`).
 * @param {Readonly<Record<string, string | undefined>>} env
 * @param {(path: string) => boolean} exists
 * @param {{ playwright?: string | null }} [more]
 * @returns {string | null}
 */
export function findChromium(env, exists, more = {}) {
	if (env.CHROMIUM) return exists(env.CHROMIUM) ? env.CHROMIUM : null;
	const dirs = (env.PATH ?? '').split(':').filter((dir) => isAbsolute(dir));
	const candidates = [
		DEFAULT_CHROMIUM,
		...dirs.map((dir) => join(dir, 'chromium')),
		...dirs.map((dir) => join(dir, 'chromium-browser')),
		...(more.playwright ? [more.playwright] : [])
	];
	return candidates.find((path) => exists(path)) ?? null;
}

/**
 * What npm test does about Chromium: use a path, install Debian's chromium, or stop with one line.
 * Pure, like findChromium.
 * @param {Readonly<Record<string, string | undefined>>} env
 * @param {(path: string) => boolean} exists
 * @param {{ playwright?: string | null, isRoot: boolean, hasAptGet: boolean }} more
 * @returns {{ use: string } | { install: true } | { stop: string }}
 */
export function planChromium(env, exists, more) {
	const found = findChromium(env, exists, more);
	if (found) return { use: found };
	if (env.CHROMIUM) return { stop: `npm test: CHROMIUM=${env.CHROMIUM} is not an executable file: point it at a Chromium, or unset it` };
	if (more.isRoot && more.hasAptGet) return { install: true };
	return { stop: INSTALL_HINT };
}

/**
 * Whether a path is an executable file (what findChromium's `exists` means on this machine).
 * @param {string} path
 */
export function isExecutable(path) {
	try {
		if (!statSync(path).isFile()) return false;
		accessSync(path, constants.X_OK);
		return true;
	} catch {
		return false;
	}
}

/** Where Playwright keeps its own Chromium when downloaded (`npx playwright install chromium`), if it can say. */
export function playwrightChromium() {
	try {
		const { chromium } = createRequire(import.meta.url)('playwright-core');
		return /** @type {string} */ (chromium.executablePath());
	} catch {
		return null;
	}
}

/**
 * The Chromium for a test or benchmark: CHROMIUM when set (npm test sets it to the one it found),
 * else the one findChromium finds here, else /usr/bin/chromium (which then fails to launch with
 * that path in the message).
 * @param {Readonly<Record<string, string | undefined>>} [env]
 * @returns {string}
 */
export function chromiumPath(env = process.env) {
	return env.CHROMIUM || findChromium(env, isExecutable, { playwright: playwrightChromium() }) || DEFAULT_CHROMIUM;
}
