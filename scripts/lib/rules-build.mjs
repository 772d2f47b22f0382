// The rules build: a short fingerprint of the sources that decide what a game's log means (the
// engine and the protocol), computed when Vite loads its config (vite.config.ts) and given to the
// app as __FNORD_RULES_BUILD__ (session/build.ts). Two devices with different fingerprints may
// judge the same entries differently; presence carries it so players see that (docs/session.md).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The folders whose sources count, from the repository's root. */
export const RULES_DIRS = ['src/lib/engine', 'src/lib/protocol'];

/** Hex digits kept of the SHA-256 (48 bits). */
export const BUILD_DIGITS = 12;

/** Code files count; tests, notes and provenance files do not. @param {string} path */
const counts = (path) => /\.(ts|js|mjs|json)$/.test(path) && !/\.test\.ts$/.test(path);

/**
 * The fingerprint of `files`: SHA-256 over each file's path and contents, sorted by path (each
 * with its length, so no two lists give the same bytes), first BUILD_DIGITS hex digits. Line ends
 * are read as '\n' (a Windows checkout builds the same rules). Pure.
 * @param {readonly { path: string, content: string }[]} files
 * @returns {string}
 */
export function rulesFingerprint(files) {
	const hash = createHash('sha256');
	const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
	for (const { path, content } of sorted) {
		const text = content.replace(/\r\n/g, '\n');
		hash.update(`${path}\0${Buffer.byteLength(text)}\0`).update(text);
	}
	return hash.digest('hex').slice(0, BUILD_DIGITS);
}

/**
 * The rules' source files under `root`: every code file of RULES_DIRS, its path relative to `root`
 * with '/' separators.
 * @param {string} root
 * @returns {{ path: string, content: string }[]}
 */
export function rulesSources(root) {
	return RULES_DIRS.flatMap((dir) => readdirSync(join(root, dir), { recursive: true, withFileTypes: true }))
		.filter((entry) => entry.isFile())
		.map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'))
		.filter(counts)
		.map((path) => ({ path, content: readFileSync(join(root, path), 'utf8') }));
}
