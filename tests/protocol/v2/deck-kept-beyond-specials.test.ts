/**
 * Draw Cards: a group drawn is placed face up, so only a Special is kept unseen. Every card kept and
 * not shown is, if its drawer was honest, a distinct Special still unseen: once those claims cover
 * every unseen Special, a further "kept" cannot be true for all of them, and everyone can count that
 * from the public log. The further claim is refused (MUST_SHOW: not a fault of that drawer, whose
 * card may be a real Special) and honest devices show the card instead; the liars are named by the
 * audit at the end (KEPT_A_GROUP). docs/deck.md.
 */
import { describe, expect, it } from 'vitest';
import { CARDS } from '../../../src/lib/engine/cards/index.js';
import { gameIdFor } from './table.js';
import { newSecretGame } from './deck-table.js';
import { keepingUnprovable } from '../../../src/lib/protocol/v2/deck/core.js';
import { automaticWith, playToTheEnd, type Tamper } from './deck-hostile.js';
import { passQuietly } from './deck-kept-harness.js';


const unseenSpecials = (deck: readonly string[]) => deck.filter((card) => CARDS[card]?.kind === 'special').length;

describe('Secret deck: kept cards are bounded by the Specials left unseen', () => {
	it('once kept cards claim every unseen Special, a further claim is refused and the card must be shown; the audit names the liars; peers agree', () => {
		const { net, players } = newSecretGame(gameIdFor('deck-kept-beyond-specials'), ['ann', 'bob', 'cyd']);
		// Seats 1 and 2 say "kept" for every card they draw, groups included; the first claim past the
		// unseen Specials is their last lie (their devices then say what they draw).
		let lying = true;
		const tamper: Tamper = (peer, seat, body) => {
			if (!lying || seat === 0 || body.type !== 'drawn' || body.partials === null) return null;
			if (keepingUnprovable(peer.replay.core.engine!, peer.replay.core.deck!)) lying = false;
			return { ...body, partials: null };
		};
		const automatic = (n: typeof net, peers: typeof players) => automaticWith(n, peers, tamper);
		const refused = () => players[0]!.replay.rejections.filter((r) => (r.code as string) === 'MUST_SHOW');
		automatic(net, players);
		let before = { claims: -1, specials: -1 };
		for (let i = 0; i < 3000 && refused().length === 0; i++) {
			const state = players[0]!.replay.state!;
			if (state.phase.kind === 'over') break;
			// Every hidden card is a claim "kept" (nobody is voted out): none may pass the Specials unseen.
			before = { claims: state.players.reduce((sum, p) => sum + (p.hidden ?? []).length, 0), specials: unseenSpecials(state.deck) };
			expect(before.claims).toBeLessThanOrEqual(before.specials);
			if (!passQuietly(net, players)) break;
			automatic(net, players);
		}
		const [refusal] = refused();
		expect(refusal).toBeDefined();
		// Refused exactly when every unseen Special was already claimed; nobody is named yet.
		expect(before.claims).toBe(before.specials);
		expect(before.specials).toBeGreaterThan(0);
		const core = () => players[0]!.replay.core;
		const refusedSeat = core().seats.findIndex((held) => held?.key === refusal!.author);
		expect([1, 2]).toContain(refusedSeat);
		expect(core().cheaters.size).toBe(0);
		// The liars turned honest: the game goes on (devices show what they draw), then ends.
		expect(lying).toBe(false);
		const shownBefore = core().deck!.shown.size;
		playToTheEnd(net, players, tamper, 'kept-after', 12);
		expect(core().deck!.shown.size).toBeGreaterThan(shownBefore);
		expect(refused()).toHaveLength(1);
		// The audit names the seats that kept groups, and only them.
		expect(core().deck!.audit).not.toBeNull();
		const named = new Set(core().deck!.faults.filter((f) => f.code === 'KEPT_A_GROUP').map((f) => f.seat));
		expect([...named].sort()).toEqual([1, 2]);
		expect([...core().cheaters].sort()).toEqual([1, 2]);
		expect(new Set(players.map((peer) => peer.replay.stateHash)).size).toBe(1);
	});
});
