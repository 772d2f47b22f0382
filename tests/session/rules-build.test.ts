// The rules build: a fingerprint of the engine's and the protocol's sources (scripts/lib/rules-build.mjs),
// set by vite.config.ts for the app and the tests, published by each device with its presence.
import { describe, expect, it } from 'vitest';
import { BUILD_DIGITS, rulesFingerprint } from '../../scripts/lib/rules-build.mjs';
import { RULES_BUILD, runsOtherBuild } from '../../src/lib/session/build.js';
import { hostAndGuest, syncPresence } from '../ui/helpers/two-devices.js';

const FILES = [
	{ path: 'src/lib/engine/rules.ts', content: 'export const GOAL = 8;\n' },
	{ path: 'src/lib/protocol/entry.ts', content: 'export const VERSION = 2;\n' }
];

describe('rulesFingerprint', () => {
	it('is 12 hex digits, the same for the same sources in any order', () => {
		const build = rulesFingerprint(FILES);
		expect(build).toMatch(new RegExp(`^[0-9a-f]{${BUILD_DIGITS}}$`));
		expect(BUILD_DIGITS).toBe(12);
		expect(rulesFingerprint([...FILES].reverse())).toBe(build);
		expect(rulesFingerprint(FILES.map((f) => ({ ...f, content: f.content.replace(/\n/g, '\r\n') })))).toBe(build);
	});

	it("changes when an engine file's content changes, by one character", () => {
		const changed = [{ ...FILES[0]!, content: 'export const GOAL = 9;\n' }, FILES[1]!];
		expect(rulesFingerprint(changed)).not.toBe(rulesFingerprint(FILES));
	});

	it('changes when a file is renamed, added or removed', () => {
		const base = rulesFingerprint(FILES);
		expect(rulesFingerprint([{ ...FILES[0]!, path: 'src/lib/engine/goal.ts' }, FILES[1]!])).not.toBe(base);
		expect(rulesFingerprint([...FILES, { path: 'src/lib/engine/new.ts', content: '' }])).not.toBe(base);
		expect(rulesFingerprint([FILES[0]!])).not.toBe(base);
	});

	it('tells a path from the contents (moving text between them changes it)', () => {
		const a = rulesFingerprint([{ path: 'a', content: 'bc' }]);
		expect(rulesFingerprint([{ path: 'ab', content: 'c' }])).not.toBe(a);
	});
});

describe('the build this device runs', () => {
	it('is set by the vite config for the tests too (not the fallback)', () => {
		expect(RULES_BUILD).toMatch(/^[0-9a-f]{12}$/);
	});

	it('a device publishes it with its presence; the same build is no other build', async () => {
		const { host, guest } = await hostAndGuest('Build');
		guest.setName('Bob');
		syncPresence(guest.awareness, host.awareness);
		const bob = host.presence().find((p) => !p.self)!;
		expect(bob.build).toBe(RULES_BUILD);
		expect(runsOtherBuild(bob)).toBe(false);
		expect(runsOtherBuild({ ...bob, build: 'f00f00f00f00' })).toBe(true);
		expect(runsOtherBuild({ self: false })).toBe(true); // a version from before builds were published
		expect(runsOtherBuild({ self: true, build: 'f00f00f00f00' })).toBe(false);
		host.destroy();
		guest.destroy();
	});
});
