// A privileged Whispering Campaign (ES "Interferencias": any attack is made privileged by
// discarding any Special when it is declared; Special Cards: Secrets Man Was Not Meant to Know
// cancels a card just played, Deep Agent or two Specials discarded together abolish a privilege;
// Whispering Campaign's card text forbids nothing of the kind). Both cards wait in one cancel
// window and each stands or falls alone.
import { describe, expect, it } from 'vitest';
import { legalActions, type GameState } from '../../src/lib/engine/index.js';
import { isPrivileged, spendingSeats } from '../../src/lib/engine/privilege.js';
import { dice, expectRefused, play } from '../helpers/scenario.js';
import { attackOf, expectSound, passChain, passSpendingAll, passWindowAll, table } from '../helpers/specials.js';

const SECRETS = 'secrets-man-was-not-meant-to-know';
const WHISPER = { type: 'attack', seat: 0, kind: 'destroy', attacker: 'multinational-oil-companies', target: 'trekkies', aids: [], whispering: true } as const;
const PRIVILEGED = { ...WHISPER, privilege: { kind: 'discard', card: 'slush-fund' } } as const;

/** Seat 0 holds Whispering Campaign and Slush Fund; seats 2 and 3 hold what is given. */
function declared(hand2: string[] = [], hand3: string[] = []): GameState {
	return play(table({ 0: ['whispering-campaign', 'slush-fund'], 2: hand2, 3: hand3 }), PRIVILEGED);
}

describe('Interferencias: a Whispering Campaign made privileged by discarding another Special', () => {
	it('both cards wait in one cancel window; the attack uses one action', () => {
		const state = declared();
		expect(state.chain?.plays).toEqual([
			{ seat: 0, cards: ['whispering-campaign'], effect: { kind: 'whispering' } },
			{ seat: 0, cards: ['slush-fund'], effect: { kind: 'privilege' } },
		]);
		expect(state.players[0]!.hand).toEqual([]);
		expect(state.turn!.actionsLeft).toBe(1);
		expect(isPrivileged(attackOf(state))).toBe(false);
		expectSound(state);
	});

	it('offered among the legal declarations (the Whispering Campaign itself is not a privilege card)', () => {
		const base = table({ 0: ['whispering-campaign', 'slush-fund'] });
		const legal = legalActions(base, 0).find((l) => l.action.type === 'attack' && l.action.whispering === true && l.action.target === 'trekkies');
		expect(legal?.privileges).toContainEqual({ kind: 'discard', card: 'slush-fund' });
		expect(legal?.privileges).not.toContainEqual({ kind: 'discard', card: 'whispering-campaign' });
		expectRefused(base, { ...WHISPER, privilege: { kind: 'discard', card: 'whispering-campaign' } }, 'NOT_APPLICABLE');
	});

	it('with no cancel: privileged, nobody else spends, and success destroys the group', () => {
		const state = passChain(declared());
		expect(attackOf(state)).toMatchObject({ whispering: true, privileged: true });
		// Every seat is asked (any may abolish the privilege); nobody but the attacker spends.
		expect(spendingSeats(state, attackOf(state))).toEqual([0, 1, 2, 3]);
		expectRefused(state, { type: 'spend', seat: 2, from: 'gnomes-of-zurich', amount: 1, side: 'against' }, 'NOT_ELIGIBLE');
		expect(state.discard).toEqual(['whispering-campaign', 'slush-fund']);
		const done = passWindowAll(play(passSpendingAll(state), dice(1, 1)));
		expect(done.dead).toContain('trekkies');
		expectSound(done);
	});

	it.each([
		{ cancels: 1, what: 'the privilege', whispering: true, privileged: false, hand: [], discard: ['whispering-campaign', 'slush-fund', SECRETS] },
		{ cancels: 0, what: 'the Whispering Campaign', whispering: false, privileged: false, hand: ['slush-fund'], discard: ['whispering-campaign', SECRETS] },
	])('Secrets cancels $what: attack still on $whispering, privileged $privileged', ({ cancels, whispering, privileged, hand, discard }) => {
		const state = passChain(play(declared([], [SECRETS]), { type: 'playSpecial', seat: 3, card: SECRETS, cancels }));
		expect(state.discard).toEqual(discard);
		expect(state.players[0]!.hand).toEqual(hand);
		if (whispering) {
			expect(attackOf(state)).toMatchObject({ whispering: true, privileged });
			expect(spendingSeats(state, attackOf(state))).toEqual([0, 1, 2, 3]);
		} else {
			// The attack never happened: its action comes back, and so does the privilege card. The
			// Whispering Campaign was still played, a free action: no pass for 5 MB (Actions).
			expect(state.phase.kind).toBe('turn');
			expect(state.turn).toMatchObject({ actionsLeft: 2, acted: true });
		}
		expectSound(state);
	});

	it('while the window is open the privilege cannot be abolished yet (WINDOW_OPEN)', () => {
		const state = declared(['deep-agent', 'media-campaign', 'swiss-bank-account']);
		expectRefused(state, { type: 'playSpecial', seat: 2, card: 'deep-agent' }, 'WINDOW_OPEN');
		expectRefused(state, { type: 'abolishPrivilege', seat: 2, cards: ['media-campaign', 'swiss-bank-account'] }, 'WINDOW_OPEN');
	});

	it.each([
		{ by: 'Deep Agent', action: { type: 'playSpecial', seat: 2, card: 'deep-agent' } },
		{ by: 'two Specials discarded together', action: { type: 'abolishPrivilege', seat: 2, cards: ['media-campaign', 'swiss-bank-account'] } },
	] as const)('then $by abolishes it like any privilege: everyone may interfere again', ({ action }) => {
		const privileged = passChain(declared(['deep-agent', 'media-campaign', 'swiss-bank-account']));
		expect(isPrivileged(attackOf(privileged))).toBe(true);
		const abolished = passChain(play(privileged, action));
		expect(attackOf(abolished)).toMatchObject({ whispering: true, privilegeAbolished: true });
		expect(spendingSeats(abolished, attackOf(abolished))).toEqual([0, 1, 2, 3]);
		expectSound(play(abolished, { type: 'spend', seat: 2, from: 'gnomes-of-zurich', amount: 1, side: 'against' }));
	});

	it('a card of the abolishing pair cancelled by Secrets: the privilege stands unless replaced', () => {
		const privileged = passChain(declared(['media-campaign', 'swiss-bank-account', 'deep-agent'], [SECRETS]));
		const answered = play(privileged, { type: 'abolishPrivilege', seat: 2, cards: ['media-campaign', 'swiss-bank-account'] }, { type: 'playSpecial', seat: 3, card: SECRETS, cancels: 0 });
		expect(isPrivileged(attackOf(passChain(answered)))).toBe(true);
		const replaced = passChain(play(answered, { type: 'abolishPrivilege', seat: 2, cards: ['deep-agent'] }));
		expect(isPrivileged(attackOf(replaced))).toBe(false);
		expectSound(replaced);
	});
});
