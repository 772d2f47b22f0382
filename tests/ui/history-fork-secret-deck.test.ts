// The history view of a secret-deck game (issue 13; docs/deck.md, "Forks"): "Fork from here" is
// offered before the first secret draw; from the first draw on it is shown disabled, described by
// a sentence that says why (en/fr/es), since the protocol refuses such a fork (SECRET_DECK_FORK).
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import HistoryView from '../../src/lib/ui/history/HistoryView.svelte';
import { sessionTimeline, type Timeline } from '../../src/lib/ui/history/timeline.js';
import { setLocale, translate } from '../../src/lib/ui/i18n/index.js';
import { gameIdFor } from '../protocol/v2/table.js';
import { newSecretGame, playSecret } from '../protocol/v2/deck-table.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';

function secretTimeline(): Timeline {
	const { net, players } = newSecretGame(gameIdFor('history-fork-secret-deck'), ['ann', 'bob', 'cyd']);
	for (let i = 0; i < 40 && (players[0]!.replay.state!.drawn ?? 0) < 1; i++) playSecret(net, players, 1, `h-${i}`, players, true);
	return sessionTimeline(players[0]!.replay)!;
}

const forkButton = (html: string) => /<button[^>]*data-testid="fork-here"[^>]*>/.exec(html)?.[0] ?? null;

describe('the history view of a secret-deck game', { timeout: 60_000 }, () => {
	failOnMissingMessages();
	const timeline = secretTimeline();
	const firstDraw = timeline.steps.findIndex((s) => (s.after.drawn ?? 0) > 0) + 1;
	const onFork = () => undefined;

	it('offers the fork before the first secret draw', () => {
		expect(firstDraw).toBeGreaterThan(1);
		const { body } = render(HistoryView, { props: { timeline, viewer: [0], position: firstDraw - 1, onFork } });
		expect(forkButton(body)).not.toBeNull();
		expect(forkButton(body)).not.toMatch(/disabled/);
		expect(body).not.toContain('data-testid="fork-secret-deck"');
	});

	it.each(['en', 'fr', 'es'] as const)('from the first secret draw on, disables it and says why (%s)', async (locale) => {
		await setLocale(locale);
		try {
			for (const position of [firstDraw, timeline.steps.length]) {
				const { body } = render(HistoryView, { props: { timeline, viewer: [0], position, onFork } });
				const button = forkButton(body)!;
				expect(button).toMatch(/disabled/);
				expect(button).toContain('aria-describedby="fork-secret-deck"');
				expect(body).toContain('id="fork-secret-deck"');
				const why = translate(locale, 'history.forkSecretDeck');
				expect(why).toMatch(/secret|secreto|paquet secret/);
				expect(body).toContain(why.slice(0, 30));
			}
		} finally {
			await setLocale('en');
		}
	});
});
