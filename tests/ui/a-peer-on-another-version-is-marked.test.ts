// Players at one table may run different builds of Fnord (a cached PWA, a LAN with no internet);
// their rules may then judge the same entries differently. Each device publishes its rules build
// with its presence (session/build.ts): a peer naming another one is marked in the lobby, on its
// seat's panel and in a notice at the table, and a desync with it says so. Same build: no mark.
import { render } from 'svelte/server';
import { afterAll, describe, expect, it } from 'vitest';
import type { Desync } from '../../src/lib/session/desync.js';
import { RULES_BUILD } from '../../src/lib/session/build.js';
import type { GameLink } from '../../src/lib/session/runtime.js';
import { LiveGame } from '../../src/lib/ui/app/live-game.svelte.js';
import LobbyPresence from '../../src/lib/ui/app/LobbyPresence.svelte';
import OtherVersions from '../../src/lib/ui/app/OtherVersions.svelte';
import Problems from '../../src/lib/ui/app/Problems.svelte';
import Table from '../../src/lib/ui/table/Table.svelte';
import { otherBuildSeats } from '../../src/lib/ui/table/presence.js';
import { translate } from '../../src/lib/ui/i18n/index.js';
import { awaitLazyPanels } from '../support/lazy-panels.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';
import { hostAndGuest, syncPresence } from './helpers/two-devices.js';

const OTHER = 'f00f00f00f00';
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const marks = (html: string, id: string) => html.split(`data-testid="${id}"`).length - 1;
/** Text of the rendered markup as a screen reader reads it: tags, comments and aria-hidden icons left out. */
const text = (html: string) => html.replace(/<!--[\s\S]*?-->/g, '').replace(/<span aria-hidden="true">[^<]*<\/span>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** The host's LiveGame with the guest ("Bob", seat 1) present; the guest's presence names `build` (undefined: none, as before builds were published). */
async function table(build: string | null | undefined): Promise<{ live: LiveGame; guest: GameLink; end(): void }> {
	const { host, guest } = await hostAndGuest('Versions');
	const live = new LiveGame(host);
	guest.setName('Bob');
	if (build !== null) {
		const state = guest.awareness.getLocalState()!;
		const { build: _mine, ...fnord } = state.fnord as Record<string, unknown>;
		guest.awareness.setLocalState({ ...state, fnord: build === undefined ? fnord : { ...fnord, build } });
	}
	syncPresence(guest.awareness, host.awareness);
	await settle();
	return { live, guest, end: () => (live.destroy(), guest.destroy()) };
}

function desyncWith(guest: GameLink): Desync {
	return { peer: String(guest.awareness.clientID), accepted: 5, index: 6, id: 'e', mine: 'a', theirs: 'b' };
}

describe('a peer running another version of Fnord', () => {
	failOnMissingMessages();
	afterAll(() => awaitLazyPanels(import.meta.url));

	it('the lobby marks it, in words, with what to do', async () => {
		const { live, end } = await table(OTHER);
		const html = render(LobbyPresence, { props: { live } }).body;
		expect(marks(html, 'other-version')).toBe(1);
		expect(text(html)).toContain(`Bob ${translate('en', 'version.other', { build: OTHER })}`);
		expect(text(html)).toContain(translate('en', 'version.hint', { build: RULES_BUILD }));
		expect(text(html)).toContain(`Rules build ${RULES_BUILD}`);
		end();
	});

	it('a peer that announces no build (a version from before builds) is marked too', async () => {
		const { live, end } = await table(undefined);
		const html = render(LobbyPresence, { props: { live } }).body;
		expect(text(html)).toContain(translate('en', 'version.other', { build: translate('en', 'version.none') }));
		end();
	});

	it('the same build: no mark, no notice, only this device’s build', async () => {
		const { live, end } = await table(null);
		expect(live.presence.find((p) => !p.self)?.build).toBe(RULES_BUILD);
		const lobby = render(LobbyPresence, { props: { live } }).body;
		expect(marks(lobby, 'other-version')).toBe(0);
		expect(marks(lobby, 'other-version-hint')).toBe(0);
		expect(marks(lobby, 'rules-build')).toBe(1);
		expect(marks(render(OtherVersions, { props: { live } }).body, 'other-versions')).toBe(0);
		expect(otherBuildSeats(live.seats, live.presence, live.build)).toEqual([false, false]);
		end();
	});

	it('at the table: its seat’s panel is flagged, and a notice names it', async () => {
		const { live, end } = await table(OTHER);
		const otherVersion = otherBuildSeats(live.seats, live.presence, live.build);
		expect(otherVersion).toEqual([false, true]);
		const board = render(Table, { props: { state: live.state!, viewer: [0], otherVersion } }).body;
		expect(marks(board, 'other-version')).toBe(1);
		const flagged = board.split('data-testid="other-boards"')[1]!;
		expect(text(flagged)).toContain(translate('en', 'version.flag'));
		const notice = text(render(OtherVersions, { props: { live } }).body);
		expect(notice).toContain(`Bob ${translate('en', 'version.other', { build: OTHER })}`);
		expect(notice).toContain(translate('en', 'version.hint', { build: RULES_BUILD }));
		end();
	});

	it('a desync with it says it runs another version; with the same build it does not', async () => {
		for (const [build, expected] of [[OTHER, 1], [null, 0]] as const) {
			const { live, guest, end } = await table(build);
			const shown = { ...live, presence: live.presence, build: live.build, desyncs: [desyncWith(guest)], rejections: [], automaticRefused: 0 } as unknown as LiveGame;
			const html = render(Problems, { props: { live: shown } }).body;
			expect(marks(html, 'desync-other-version'), String(build)).toBe(expected);
			if (expected === 1) expect(text(html)).toContain(translate('en', 'version.desync', { peer: 'Bob', theirs: OTHER, mine: RULES_BUILD }));
			end();
		}
	});

	it('the table notice names only seated players whose claim was verified; other devices announcing a build are counted, not named (review: anyone with the link could put any name there)', () => {
		const seats = ['key-ann', 'key-bob'];
		const presence = [
			{ clientID: 5, self: false, name: 'Mallory', build: OTHER },
			{ clientID: 6, self: false, name: 'Ann', claimedSeat: 'key-ann', build: OTHER },
			{ clientID: 7, self: false, name: 'Bob', seat: 'key-bob', build: OTHER },
			{ clientID: 8, self: false, name: 'Bob again', seat: 'key-bob', build: OTHER },
		];
		const notice = text(render(OtherVersions, { props: { live: { presence, seats, build: RULES_BUILD } as never } }).body);
		expect(notice).toContain(`Bob ${translate('en', 'version.other', { build: OTHER })}`);
		expect(notice).not.toContain('Bob again');
		expect(notice).not.toContain('Mallory');
		expect(notice).not.toContain('Ann');
		expect(notice).toContain(translate('en', 'version.unverified', { count: 2 }));
	});
});
