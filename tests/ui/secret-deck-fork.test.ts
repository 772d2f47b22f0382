// Forking a secret-deck game from My games or the history (issue 13; docs/deck.md): after its first
// draw the runtime refuses with the protocol's SECRET_DECK_FORK (the hub turns it into the page's
// words, en/fr/es) and stores no new game; before the first draw the fork is made.
import { describe, expect, it } from 'vitest';
import { forkIndexAt, lastPosition, sessionTimeline } from '../../src/lib/ui/history/timeline.js';
import { hasMessage, translate } from '../../src/lib/ui/i18n/index.js';
import { makeRuntime } from './helpers/app-fakes.js';
import { options, Player } from '../session/helpers.js';

describe('fork of a secret-deck game', { timeout: 120_000 }, () => {
	it('after the first draw the runtime refuses with SECRET_DECK_FORK and stores nothing; at the start it forks', async () => {
		const { runtime } = makeRuntime();
		const link = await runtime.create({ ...options(3), secretDeck: true }, [0, 1, 2], 'Secret');
		const player = new Player('secret-deck-fork');
		for (let tries = 0; (link.session.state!.drawn ?? 0) < 1 && tries < 5_000; tries++) player.move(link.session);
		expect(link.session.state!.drawn).toBeGreaterThan(0);
		await expect(runtime.fork(link.session.gameId, 'Fork', link.session)).rejects.toMatchObject({ code: 'SECRET_DECK_FORK' });
		expect((await runtime.listGames()).map((g) => g.title)).toEqual(['Secret']);

		const timeline = sessionTimeline(link.session.replayer)!;
		expect(lastPosition(timeline)).toBeGreaterThan(0);
		const early = await runtime.fork(link.session.gameId, 'Early fork', link.session, forkIndexAt(timeline, 0)!);
		expect(early).not.toBeNull();
		link.destroy();
	});

	it('the refusal has words in every language, naming the draw and Hidden Illuminati\u2019s face-down deal', () => {
		for (const locale of ['en', 'fr', 'es'] as const) {
			expect(hasMessage('deck-audit.fork.refused', locale)).toBe(true);
			const text = translate(locale, 'deck-audit.fork.refused');
			expect(text).toMatch(/deck|paquet|mazo/);
			// The same refusal covers a game whose Illuminati were dealt face down (protocol/v2/deck/fork.ts).
			expect(text).toMatch(/Hidden Illuminati|Illuminati dissimulés|Illuminati ocultos/);
		}
	});
});
