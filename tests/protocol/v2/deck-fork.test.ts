/**
 * A fork of a secret-deck game (docs/deck.md, "What is missing"): the fork's new key generation
 * cannot open the parent's masked deck, so a fork from any point after the first draw is refused
 * with a specific error (SECRET_DECK_FORK) instead of a fork whose hidden cards no one can play;
 * a fork from before the first draw makes its own deck and plays on.
 */
import { describe, expect, it } from 'vitest';
import { forkEntriesV2 } from '../../../src/lib/protocol/fork.js';
import { SecretDeckForkError } from '../../../src/lib/protocol/v2/deck/fork.js';
import { gameIdFor, playerDevice } from './table.js';
import { newSecretGame, playSecret } from './deck-table.js';
import { agreement, claimSeats, forkTable } from './forks.js';

describe('Forking a secret-deck game', () => {
	it('after the first draw the fork is refused with SECRET_DECK_FORK; before it, the fork makes its own deck and draws', () => {
		const { net, players } = newSecretGame(gameIdFor('deck-fork-parent'), ['ann', 'bob', 'cyd']);
		for (let i = 0; i < 40 && (players[0]!.replay.state!.drawn ?? 0) < 1; i++) playSecret(net, players, 1, `parent-${i}`, players, true);
		const parent = players[0]!.replay;
		expect(parent.state!.drawn).toBeGreaterThan(0);
		const last = parent.accepted.length - 1;
		const forker = playerDevice('dan').identity;
		expect(() => forkEntriesV2(parent, last, forker, gameIdFor('deck-fork-late'))).toThrow(SecretDeckForkError);
		try {
			forkEntriesV2(parent, last, forker, gameIdFor('deck-fork-late'));
		} catch (error) {
			expect((error as SecretDeckForkError).code).toBe('SECRET_DECK_FORK');
			expect((error as Error).message).toMatch(/secret deck .* before the first draw/);
		}

		// The last entry before the first draw was asked for: the fork plays on with a deck of its own.
		const before = parent.accepted.findLastIndex((entry) => entry.state !== null && (entry.state.drawn ?? 0) === 0 && entry.state.random === null);
		expect(before).toBeGreaterThan(0);
		const fork = forkTable(parent, before, gameIdFor('deck-fork-early'), ['ann', 'bob', 'cyd']);
		claimSeats(fork.net, fork.players);
		for (let i = 0; i < 40 && (fork.players[0]!.replay.state!.drawn ?? 0) < 1; i++) playSecret(fork.net, fork.players, 1, `fork-${i}`, fork.players, true);
		expect(fork.players[0]!.replay.state!.drawn).toBeGreaterThan(0);
		expect(fork.players[0]!.replay.core.deck?.final).not.toBeNull();
		expect(agreement(fork.players)).toEqual({ hashes: 1, accepted: 1, rejections: [] });
	});
});
