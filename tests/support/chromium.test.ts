// Which Chromium npm test drives (scripts/lib/chromium.mjs): the search order, and what it does
// when there is none. Table-driven over an environment and the set of paths that exist.
import { describe, expect, it } from 'vitest';
import { INSTALL_HINT, chromiumPath, findChromium, planChromium } from '../../scripts/lib/chromium.mjs';

const PW = '/root/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';
const on = (...paths: string[]) => (path: string) => paths.includes(path);

describe('findChromium', () => {
	it.each([
		['CHROMIUM first, even when /usr/bin/chromium exists', { CHROMIUM: '/opt/chrome/chrome' }, ['/opt/chrome/chrome', '/usr/bin/chromium'], undefined, '/opt/chrome/chrome'],
		['CHROMIUM set but missing: nothing else is tried', { CHROMIUM: '/nonexistent' }, ['/usr/bin/chromium', PW], PW, null],
		['an empty CHROMIUM counts as unset', { CHROMIUM: '', PATH: '/bin' }, ['/usr/bin/chromium'], undefined, '/usr/bin/chromium'],
		['/usr/bin/chromium before PATH', { PATH: '/usr/local/bin:/usr/bin' }, ['/usr/local/bin/chromium', '/usr/bin/chromium'], undefined, '/usr/bin/chromium'],
		['chromium on PATH, in PATH order', { PATH: '/a:/b' }, ['/b/chromium', '/a/chromium'], undefined, '/a/chromium'],
		['chromium anywhere on PATH before chromium-browser', { PATH: '/a:/b' }, ['/a/chromium-browser', '/b/chromium'], undefined, '/b/chromium'],
		['chromium-browser on PATH', { PATH: '/snap/bin:/usr/bin' }, ['/snap/bin/chromium-browser'], PW, '/snap/bin/chromium-browser'],
		['relative PATH entries are ignored', { PATH: '.:bin' }, ['chromium', 'bin/chromium'], undefined, null],
		['Playwright’s own browser last', { PATH: '/usr/bin' }, [PW], PW, PW],
		['Playwright’s browser only when downloaded', { PATH: '/usr/bin' }, [], PW, null],
		['no PATH at all', {}, [], undefined, null]
	])('%s', (_what, env: Record<string, string>, existing: string[], playwright: string | undefined, expected: string | null) => {
		expect(findChromium(env, on(...existing), { playwright })).toBe(expected);
	});
});

describe('planChromium (npm test’s choice)', () => {
	it.each([
		['uses what it finds', {}, ['/usr/bin/chromium'], false, false, { use: '/usr/bin/chromium' }],
		['installs Debian’s chromium as root with apt-get', { PATH: '/usr/bin' }, [], true, true, { install: true }],
		['stops with the install hint when not root', { PATH: '/usr/bin' }, [], false, true, { stop: INSTALL_HINT }],
		['stops with the install hint without apt-get', { PATH: '/usr/bin' }, [], true, false, { stop: INSTALL_HINT }],
		[
			'stops, naming it, when CHROMIUM points nowhere (no install over an explicit choice)',
			{ CHROMIUM: '/nonexistent' },
			['/usr/bin/chromium'],
			true,
			true,
			{ stop: 'npm test: CHROMIUM=/nonexistent is not an executable file: point it at a Chromium, or unset it' }
		]
	])('%s', (_what, env: Record<string, string>, existing: string[], isRoot: boolean, hasAptGet: boolean, expected: object) => {
		expect(planChromium(env, on(...existing), { isRoot, hasAptGet })).toEqual(expected);
	});

	it('the hint is one line that says what to install and how to point at another', () => {
		expect(INSTALL_HINT).not.toContain('\n');
		expect(INSTALL_HINT).toContain('apt-get install chromium');
		expect(INSTALL_HINT).toContain('CHROMIUM=');
	});
});

describe('chromiumPath (tests, benchmarks, playwright.config.ts)', () => {
	it('is CHROMIUM as npm test set it, without looking further', () => {
		expect(chromiumPath({ CHROMIUM: '/from/npm-test' })).toBe('/from/npm-test');
	});
});
