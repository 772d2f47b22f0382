// Runs of words ("shingles") and their fingerprints: how the rules help is checked to be in our
// own words (tests/ui/rules-help.test.ts) without the rulebooks in the project. The rulebooks'
// 8-word runs are kept only as truncated SHA-256 hashes (scripts/rule-fingerprints.mjs writes
// them to tests/fixtures/rulebook-shingles.txt); the test hashes our texts' runs the same way.
// Script and test both use this module, so the normalization cannot drift between them.
import { createHash } from 'node:crypto';

/** Words per run: a run of 8 words in common with a rulebook counts as copied. */
export const RUN_WORDS = 8;

/**
 * Hex digits kept of each SHA-256: 48 bits. With ~33,000 rulebook runs and ~7,500 of ours, the
 * odds that any of ours matches one by chance are about one in a million.
 */
export const HASH_DIGITS = 12;

/**
 * Lower-case words of a text, accents kept, punctuation dropped (an apostrophe splits words).
 * @param {string} text
 * @returns {string[]}
 */
export function words(text) {
	return text.toLowerCase().replace(/[’']/g, ' ').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/**
 * Every run of `size` consecutive words, each as the words joined by one space.
 * @param {readonly string[]} list
 * @param {number} [size]
 * @returns {Set<string>}
 */
export function shingles(list, size = RUN_WORDS) {
	const out = new Set();
	for (let i = 0; i + size <= list.length; i++) out.add(list.slice(i, i + size).join(' '));
	return out;
}

/**
 * The fingerprint of one run: the first HASH_DIGITS hex digits of SHA-256 of its UTF-8 text.
 * @param {string} run
 * @returns {string}
 */
export function fingerprint(run) {
	return createHash('sha256').update(run, 'utf8').digest('hex').slice(0, HASH_DIGITS);
}

/**
 * The fingerprints of every run of a text's words.
 * @param {string} text
 * @returns {Set<string>}
 */
export function fingerprintsOf(text) {
	return new Set([...shingles(words(text))].map(fingerprint));
}

/**
 * The fingerprint file: '#' comment lines, then one fingerprint a line, sorted.
 * @param {Iterable<string>} fingerprints
 * @param {readonly string[]} comments
 * @returns {string}
 */
export function formatFingerprints(fingerprints, comments) {
	const sorted = [...new Set(fingerprints)].sort();
	return [...comments.map((line) => `# ${line}`), ...sorted, ''].join('\n');
}

/**
 * Reads a fingerprint file back; throws on a line that is not a fingerprint.
 * @param {string} text
 * @returns {Set<string>}
 */
export function parseFingerprints(text) {
	const out = new Set();
	const shape = new RegExp(`^[0-9a-f]{${HASH_DIGITS}}$`);
	for (const line of text.split('\n')) {
		if (line === '' || line.startsWith('#')) continue;
		if (!shape.test(line)) throw new Error(`not a fingerprint: ${JSON.stringify(line)}`);
		out.add(line);
	}
	return out;
}
