// The history view of a secret-deck game (issue 13; docs/deck.md, "Forks"): "Fork from here" and
// "What if?" are offered before the first secret draw (the what-if then draws in the open); from
// the first draw on both are shown disabled, each described by a sentence that says why (en/fr/es),
// since the protocol refuses such a fork (SECRET_DECK_FORK) and a sandbox cannot know hidden cards.
// Before, "What if?" failed at every point with the engine's English refusal of the setup.
import { render } from 'svelte/server';
import { afterAll, describe, expect, it } from 'vitest';
import HistoryView from '../../src/lib/ui/history/HistoryView.svelte';
import { sessionTimeline, stateAt, whatIfBlocked, whatIfLog, type Timeline } from '../../src/lib/ui/history/timeline.js';
import { replay, stateHash } from '../../src/lib/engine/index.js';
import { setLocale, translate } from '../../src/lib/ui/i18n/index.js';
import { DEFAULT_RULES } from '../../src/lib/engine/index.js';
import { DEFAULT_PROTOCOL_RULES } from '../../src/lib/protocol/entry.js';
import { gameIdFor, gameOptions, Network, playerDevice } from '../protocol/v2/table.js';
import { newSecretGame, playSecret } from '../protocol/v2/deck-table.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';
import { awaitLazyPanels } from '../support/lazy-panels.js';

function secretTimeline(): Timeline {
	const { net, players } = newSecretGame(gameIdFor('history-fork-secret-deck'), ['ann', 'bob', 'cyd']);
	for (let i = 0; i < 40 && (players[0]!.replay.state!.drawn ?? 0) < 1; i++) playSecret(net, players, 1, `h-${i}`, players, true);
	return sessionTimeline(players[0]!.replay)!;
}

const forkButton = (html: string) => /<button[^>]*data-testid="fork-here"[^>]*>/.exec(html)?.[0] ?? null;
const whatIfButton = (html: string) => /<button[^>]*data-testid="what-if"[^>]*>/.exec(html)?.[0] ?? null;

describe('the history view of a secret-deck game', { timeout: 60_000 }, () => {
	failOnMissingMessages();
	// Panels the rendered components load with import() finish loading before teardown.
	afterAll(() => awaitLazyPanels(import.meta.url));
	const timeline = secretTimeline();
	const firstDraw = timeline.steps.findIndex((s) => (s.after.drawn ?? 0) > 0) + 1;
	const onFork = () => undefined;
	const onWhatIf = () => undefined;

	it('offers the fork and What if? before the first secret draw; the what-if replays to the same state, drawing in the open', () => {
		expect(firstDraw).toBeGreaterThan(1);
		const { body } = render(HistoryView, { props: { timeline, viewer: [0], position: firstDraw - 1, onFork, onWhatIf } });
		for (const button of [forkButton(body), whatIfButton(body)]) {
			expect(button).not.toBeNull();
			expect(button).not.toMatch(/disabled/);
		}
		expect(body).not.toContain('data-testid="fork-secret-deck"');
		expect(body).not.toContain('data-testid="what-if-secret-deck"');
		const log = whatIfLog(timeline, firstDraw - 1);
		const sandbox = replay(log);
		expect(sandbox.rejected).toEqual([]);
		const { secretDeck: _s, ...options } = stateAt(timeline, firstDraw - 1).options;
		const original = { ...stateAt(timeline, firstDraw - 1), options: { ...options, sandbox: true } };
		expect(stateHash(sandbox.state)).toBe(stateHash(original));
	});

	it.each(['en', 'fr', 'es'] as const)('from the first secret draw on, disables it and says why (%s)', async (locale) => {
		await setLocale(locale);
		try {
			for (const position of [firstDraw, timeline.steps.length]) {
				const { body } = render(HistoryView, { props: { timeline, viewer: [0], position, onFork, onWhatIf } });
				for (const [button, id, key] of [
					[forkButton(body)!, 'fork-secret-deck', 'history.forkSecretDeck'],
					[whatIfButton(body)!, 'what-if-secret-deck', 'history.whatIfSecretDeck'],
				] as const) {
					expect(button).toMatch(/disabled/);
					expect(button).toContain(`aria-describedby="${id}"`);
					expect(body).toContain(`id="${id}"`);
					const why = translate(locale, key);
					expect(why).toMatch(/secret|secreto|paquet secret/);
					expect(body).toContain(why.slice(0, 30));
				}
			}
		} finally {
			await setLocale('en');
		}
	});

	it('blocks What if? once the Illuminati were dealt face down from their masked deck (Hidden Illuminati), not before', () => {
		const net = new Network(gameIdFor('history-what-if-hidden'));
		const players = ['ann', 'bob', 'cyd'].map((name) => net.peer(name, playerDevice(name)));
		const options = { ...gameOptions(3), secretDeck: true, rules: { ...DEFAULT_RULES, hiddenIlluminati: true } };
		net.post(players[0]!.device!.entry(players[0]!.replay, 'create', { options, rules: DEFAULT_PROTOCOL_RULES }));
		players.forEach((peer, seat) => {
			net.post(peer.device!.join(peer.replay, seat));
			net.automatic();
		});
		net.automatic();
		const hidden = sessionTimeline(players[0]!.replay)!;
		expect(hidden.steps.length).toBeGreaterThan(0);
		expect(stateAt(hidden, hidden.steps.length).drawn ?? 0).toBe(0);
		expect(whatIfBlocked(hidden, 0)).toBe(false);
		expect(replay(whatIfLog(hidden, 0)).rejected).toEqual([]);
		expect(whatIfBlocked(hidden, hidden.steps.length)).toBe(true);
	});
});
