/**
 * Red team (session 16): a seat keeps the groups it draws as if Specials until its claims cover
 * every unseen Special (docs/deck.md, MUST_SHOW). (a) "Playing" a kept group: showing it names the
 * seat at once (KEPT_A_GROUP). (b) Once convicted (and gone, rule forfeit), its kept positions
 * counted as claims on the unseen Specials still, so the honest seats left had to show every
 * Special they drew; now a convicted seat's claims are left out of the bound.
 */
import { describe, expect, it } from 'vitest';
import { gameIdFor } from './table.js';
import { newSecretGame } from './deck-table.js';
import { keepingUnprovable } from '../../../src/lib/protocol/v2/deck/core.js';
import { automaticWith } from './deck-hostile.js';
import { agree, claims, hostileKeeper, newFigures, playMeasured } from './deck-kept-harness.js';

const HOSTILE = 2;
const MOVES_AFTER = Number(process.env.MOVES_AFTER ?? 250);

describe('kept groups: the cheater caught mid-game', () => {
	it('showing a kept group names the seat at once; after that its claims no longer force honest seats to show', { timeout: 180_000 }, () => {
		const { net, players } = newSecretGame(gameIdFor('rt2-kept-groups'), ['ann', 'bob', 'cyd']);
		const figures = newFigures();
		const tamper = hostileKeeper(HOSTILE, figures);
		playMeasured(net, players, tamper, HOSTILE, figures, 2500, () => figures.saturated !== null);
		const [ann, , cyd] = players;
		expect(figures.saturated).not.toBeNull();
		expect(keepingUnprovable(ann!.replay.core.engine!, ann!.replay.core.deck!, ann!.replay.core.cheaters)).toBe(true);
		// The hostile tries to use a kept group (e.g. to take it into play): it must show it first.
		const group = figures.hostileKept[0]!;
		const body = cyd!.device!.deck.show(cyd!.replay.core, cyd!.device!.deckKeys(cyd!.replay, cyd!.replay.core, HOSTILE), group);
		expect(body).not.toBeNull();
		net.post(cyd!.device!.entry(cyd!.replay, 'deck', body!));
		automaticWith(net, players, tamper);
		// Held: named at once, to every peer.
		expect(ann!.replay.rejections.at(-1)?.code as string).toBe('KEPT_A_GROUP');
		expect(ann!.replay.core.cheaters.has(HOSTILE)).toBe(true);
		agree(players);
		const afterConviction = { ...claims(ann!), left: ann!.replay.state!.players[HOSTILE]!.left, unprovable: keepingUnprovable(ann!.replay.core.engine!, ann!.replay.core.deck!, ann!.replay.core.cheaters) };
		const exposedBefore = figures.forcedShows.filter((f) => f.seat !== HOSTILE).length;
		// The game goes on between the honest seats.
		playMeasured(net, players, tamper, HOSTILE, figures, MOVES_AFTER);
		const exposedAfter = figures.forcedShows.filter((f) => f.seat !== HOSTILE && f.entries > 0).length - exposedBefore;
		agree(players);
		// What a defence should give: a convicted seat's unshown claims are no evidence; they no longer
		// use up the unseen Specials, so the honest seats keep what they draw.
		expect(afterConviction.unprovable).toBe(false);
		expect(exposedAfter).toBe(0);
	});
});
