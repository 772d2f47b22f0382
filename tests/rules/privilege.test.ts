// Privileged attacks and abolishing privilege (Basic Rules: Interference — "Privileged" attacks,
// the Bavarian Illuminati's ability; Special Cards — discarding one Special for a privilege, two
// together to abolish one, Secrets Man Was Not Meant to Know against one card of the pair; the
// French text's "only Deep Agent abolishes a privilege" as the rule option privilegeAbolish).
import { describe, expect, it } from 'vitest';
import { legalActions, type GameState } from '../../src/lib/engine/index.js';
import { isPrivileged, spendingSeats } from '../../src/lib/engine/privilege.js';
import { dice, expectRefused, moneyOf, play } from '../helpers/scenario.js';
import { attackOf, expectSound, neutralizeDemocrats, passChain, passSpendingAll, passWindowAll, table } from '../helpers/specials.js';

const SECRETS = 'secrets-man-was-not-meant-to-know';

function spendFor(seat: number, from: string, amount = 1) {
	return { type: 'spend', seat, from, amount, side: 'for' } as const;
}

/** Seat 0 declares a Bavarian-privileged attack; seat 2 holds `hand2`, seat 3 holds `hand3`. */
function privileged(hand2: string[] = [], hand3: string[] = [], rules = {}): GameState {
	return play(table({ 2: hand2, 3: hand3 }, rules), neutralizeDemocrats({ privilege: { kind: 'bavarian' } }));
}

describe('Interference: the Bavarian Illuminati declare one attack a turn Privileged for 5 MB', () => {
	const state = privileged();

	it('the 5 MB come from the Illuminati treasury when the attack is announced, and commit it', () => {
		expect(moneyOf(state, 0, 'bavarian-illuminati')).toBe(15);
		expect(state.bank.returned).toBe(5);
		expect(isPrivileged(attackOf(state))).toBe(true);
		expect(state.chain).toBeNull();
		expectRefused(state, { type: 'callOff', seat: 0 }, 'ALREADY_COMMITTED');
		expectSound(state);
	});

	it('no one can interfere either for or against it: only attacker and defender spend; every seat is asked before the roll (any may abolish it)', () => {
		expect(spendingSeats(state, attackOf(state))).toEqual([0, 1, 2, 3]);
		expectRefused(state, spendFor(2, 'gnomes-of-zurich'), 'NOT_ELIGIBLE');
		expectRefused(state, { type: 'spend', seat: 3, from: 'servants-of-cthulhu', amount: 1, side: 'against' }, 'NOT_ELIGIBLE');
		expect(legalActions(state, 2).filter((legal) => legal.action.type === 'spend' || legal.action.type === 'passSpending').map((legal) => legal.action)).toEqual([{ type: 'passSpending', seat: 2 }]);
	});

	it('in a log from before privilegedWindowAsksAll only the attacker and the defender were asked', () => {
		const old = play(table({}, { privilegedWindowAsksAll: false }), neutralizeDemocrats({ privilege: { kind: 'bavarian' } }));
		expect(spendingSeats(old, attackOf(old))).toEqual([0, 1]);
		expectRefused(old, { type: 'passSpending', seat: 2 }, 'NOT_ELIGIBLE');
	});

	it('the window closes when the attacker and the defender have passed', () => {
		const spent = play(state, { type: 'spend', seat: 1, from: 'democrats', amount: 1 });
		expect(passSpendingAll(spent).random).toEqual({ kind: 'attackRoll' });
	});

	it('once a turn (ABILITY_USED), only for the Bavarians (NO_ABILITY), with 5 MB at hand (NOT_ENOUGH_MONEY)', () => {
		const done = passWindowAll(play(passSpendingAll(state), dice(6, 6)));
		expect(done.phase.kind).toBe('turn');
		expectRefused(done, { type: 'attack', seat: 0, kind: 'control', attacker: 'bavarian-illuminati', target: 'hollywood', aids: [], privilege: { kind: 'bavarian' } }, 'ABILITY_USED');
		const gnomesTurn = { ...table(), turn: { ...table().turn!, seat: 2 } };
		expectRefused(gnomesTurn, { type: 'attack', seat: 2, kind: 'control', attacker: 'kkk', target: 'hollywood', aids: [], privilege: { kind: 'bavarian' } }, 'NO_ABILITY');
		const poor = play(table(), { type: 'transfer', seat: 0, mode: 'action', from: 'bavarian-illuminati', to: 'multinational-oil-companies', amount: 16 });
		expect(moneyOf(poor, 0, 'bavarian-illuminati')).toBe(4);
		expectRefused(poor, neutralizeDemocrats({ privilege: { kind: 'bavarian' } }), 'NOT_ENOUGH_MONEY');
	});
});

describe('Interference: discarding any one Special makes an attack Privileged', () => {
	const base = table({ 0: ['slush-fund'] });
	const declared = play(base, neutralizeDemocrats({ privilege: { kind: 'discard', card: 'slush-fund' } }));

	it('the card waits in its cancel window; nothing else is accepted until everyone passed', () => {
		expect(declared.chain?.plays).toEqual([{ seat: 0, cards: ['slush-fund'], effect: { kind: 'privilege' } }]);
		expect(declared.players[0]!.hand).toEqual([]);
		expect(isPrivileged(attackOf(declared))).toBe(false);
		expectRefused(declared, spendFor(2, 'gnomes-of-zurich'), 'WINDOW_OPEN');
		expectRefused(declared, { type: 'passSpending', seat: 0 }, 'WINDOW_OPEN');
		expectSound(declared);
	});

	it('then the attack is privileged and the card is discarded, its own text ignored', () => {
		const settled = passChain(declared);
		expect(isPrivileged(attackOf(settled))).toBe(true);
		expect(settled.discard).toEqual(['slush-fund']);
		expect(moneyOf(settled, 0, 'bavarian-illuminati')).toBe(20);
		expectRefused(settled, spendFor(3, 'servants-of-cthulhu'), 'NOT_ELIGIBLE');
		expectSound(settled);
	});

	it('only a Special the attacker holds: NOT_IN_HAND', () => {
		expectRefused(base, neutralizeDemocrats({ privilege: { kind: 'discard', card: 'swiss-bank-account' } }), 'NOT_IN_HAND');
		expectRefused(base, neutralizeDemocrats({ privilege: { kind: 'discard', card: 'kkk' } }), 'NOT_IN_HAND');
	});

	it('Secrets Man Was Not Meant to Know cancels the privilege: both cards discarded, anyone may interfere', () => {
		const withSecrets = play(table({ 0: ['slush-fund'], 3: [SECRETS] }), neutralizeDemocrats({ privilege: { kind: 'discard', card: 'slush-fund' } }));
		const cancelled = passChain(play(withSecrets, { type: 'playSpecial', seat: 3, card: SECRETS }));
		expect(isPrivileged(attackOf(cancelled))).toBe(false);
		expect(cancelled.discard).toEqual(['slush-fund', SECRETS]);
		expect(spendingSeats(cancelled, attackOf(cancelled))).toEqual([0, 1, 2, 3]);
		expectSound(play(cancelled, spendFor(2, 'gnomes-of-zurich', 2)));
	});
});

describe('Special Cards: any two Specials discarded together abolish a privilege', () => {
	const PAIR = ['slush-fund', 'swiss-bank-account'];
	const state = privileged([...PAIR, 'media-campaign'], [SECRETS]);
	const discarded = play(state, { type: 'abolishPrivilege', seat: 2, cards: PAIR });

	it('the pair waits in its cancel window, then the privilege is gone for good and anyone may interfere', () => {
		expect(discarded.chain?.plays).toEqual([{ seat: 2, cards: PAIR, effect: { kind: 'abolishPrivilege' } }]);
		const abolished = passChain(discarded);
		expect(attackOf(abolished)).toMatchObject({ privileged: false, privilegeAbolished: true });
		expect(abolished.discard).toEqual(PAIR);
		expect(abolished.players[2]!.hand).toEqual(['media-campaign']);
		// Their texts are ignored: no money came in.
		expect(moneyOf(abolished, 2, 'gnomes-of-zurich')).toBe(9);
		expect(spendingSeats(abolished, attackOf(abolished))).toEqual([0, 1, 2, 3]);
		const interfered = play(abolished, spendFor(2, 'gnomes-of-zurich', 3));
		expect(attackOf(interfered).support).toBe(3);
		expectSound(interfered);
	});

	it.each([
		['one card only', ['slush-fund'], 'NOT_APPLICABLE'],
		['three cards', [...PAIR, 'media-campaign'], 'NOT_APPLICABLE'],
		['the same card twice', ['slush-fund', 'slush-fund'], 'NOT_IN_HAND'],
		['a card not held', ['slush-fund', 'deep-agent'], 'NOT_IN_HAND'],
	] as const)('refused with %s: %s', (_what, cards, code) => {
		expectRefused(state, { type: 'abolishPrivilege', seat: 2, cards: [...cards] }, code);
	});

	it('every pair of the Specials held is offered (in hand order), and each is accepted', () => {
		const pairs = legalActions(state, 2).flatMap((legal) => (legal.action.type === 'abolishPrivilege' ? [legal.action.cards] : []));
		expect(pairs).toEqual([
			['slush-fund', 'swiss-bank-account'],
			['slush-fund', 'media-campaign'],
			['swiss-bank-account', 'media-campaign'],
		]);
		for (const cards of pairs) expectSound(play(state, { type: 'abolishPrivilege', seat: 2, cards }));
	});

	it("only someone else's privilege: the attacker's own pair is refused (NOT_APPLICABLE), the defender's accepted", () => {
		const own = play(table({ 0: PAIR, 1: ['media-campaign', 'deep-agent'] }), neutralizeDemocrats({ privilege: { kind: 'bavarian' } }));
		expectRefused(own, { type: 'abolishPrivilege', seat: 0, cards: PAIR }, 'NOT_APPLICABLE');
		expect(legalActions(own, 0).some((legal) => legal.action.type === 'abolishPrivilege')).toBe(false);
		const byDefender = passChain(play(own, { type: 'abolishPrivilege', seat: 1, cards: ['media-campaign', 'deep-agent'] }));
		expect(isPrivileged(attackOf(byDefender))).toBe(false);
	});

	it('no privilege to abolish in an ordinary attack or outside an attack: NOT_APPLICABLE', () => {
		const plain = play(table({ 2: PAIR }), neutralizeDemocrats());
		expectRefused(plain, { type: 'abolishPrivilege', seat: 2, cards: PAIR }, 'NOT_APPLICABLE');
		expectRefused(table({ 2: PAIR }), { type: 'abolishPrivilege', seat: 2, cards: PAIR }, 'NOT_APPLICABLE');
	});

	it('an abolished privilege cannot be abolished again (it never comes back)', () => {
		const abolished = passChain(discarded);
		expect(isPrivileged(attackOf(abolished))).toBe(false);
		const deepAgent = passChain(play(privileged([...PAIR], ['deep-agent']), { type: 'abolishPrivilege', seat: 2, cards: PAIR }));
		expectRefused(deepAgent, { type: 'playSpecial', seat: 3, card: 'deep-agent' }, 'NOT_APPLICABLE');
	});
});

describe('Special Cards: Secrets Man Was Not Meant to Know cancels one card of the pair', () => {
	const PAIR = ['slush-fund', 'swiss-bank-account'];
	const state = privileged([...PAIR, 'media-campaign'], [SECRETS]);
	const answered = play(state, { type: 'abolishPrivilege', seat: 2, cards: PAIR }, { type: 'playSpecial', seat: 3, card: SECRETS, cancels: 0 });

	it('the other card is lost unless replaced: not replaced, the privilege stands and both cards are discarded', () => {
		const stands = passChain(answered);
		expect(isPrivileged(attackOf(stands))).toBe(true);
		expect(stands.discard).toEqual([...PAIR, SECRETS]);
		expect(stands.players[2]!.hand).toEqual(['media-campaign']);
		expectRefused(stands, spendFor(2, 'gnomes-of-zurich'), 'NOT_ELIGIBLE');
		expectSound(stands);
	});

	it('replaced by another Special of the same player, the pair abolishes the privilege', () => {
		const replaced = play(answered, { type: 'abolishPrivilege', seat: 2, cards: ['media-campaign'] });
		expect(replaced.chain?.plays.map((p) => p.effect.kind)).toEqual(['abolishPrivilege', 'cancel', 'replace']);
		const abolished = passChain(replaced);
		expect(attackOf(abolished)).toMatchObject({ privileged: false, privilegeAbolished: true });
		expect(abolished.discard).toEqual([...PAIR, SECRETS, 'media-campaign']);
		expect(abolished.players[2]!.hand).toEqual([]);
		expectSound(abolished);
	});

	it('the replacement comes from the pair\'s owner, one card at a time', () => {
		const other = play(privileged([...PAIR], [SECRETS, 'media-campaign']), { type: 'abolishPrivilege', seat: 2, cards: PAIR }, { type: 'playSpecial', seat: 3, card: SECRETS, cancels: 0 });
		expectRefused(other, { type: 'abolishPrivilege', seat: 3, cards: ['media-campaign'] }, 'WINDOW_OPEN');
		const rich = privileged([...PAIR, 'media-campaign', 'deep-agent'], [SECRETS]);
		const cancelled = play(rich, { type: 'abolishPrivilege', seat: 2, cards: PAIR }, { type: 'playSpecial', seat: 3, card: SECRETS, cancels: 0 });
		expectRefused(cancelled, { type: 'abolishPrivilege', seat: 2, cards: ['media-campaign', 'deep-agent'] }, 'WINDOW_OPEN');
	});

	it('a replacement only stands in for a cancelled card: nothing cancelled, or already replaced, is refused', () => {
		const whole = play(state, { type: 'abolishPrivilege', seat: 2, cards: PAIR });
		expectRefused(whole, { type: 'abolishPrivilege', seat: 2, cards: ['media-campaign'] }, 'NOT_APPLICABLE');
		expect(legalActions(whole, 2).some((legal) => legal.action.type === 'abolishPrivilege')).toBe(false);
		expect(legalActions(answered, 2).map((legal) => legal.action)).toContainEqual({ type: 'abolishPrivilege', seat: 2, cards: ['media-campaign'] });
		const rich = privileged([...PAIR, 'media-campaign', 'deep-agent'], [SECRETS]);
		const replaced = play(rich, { type: 'abolishPrivilege', seat: 2, cards: PAIR }, { type: 'playSpecial', seat: 3, card: SECRETS, cancels: 0 }, { type: 'abolishPrivilege', seat: 2, cards: ['media-campaign'] });
		expectRefused(replaced, { type: 'abolishPrivilege', seat: 2, cards: ['deep-agent'] }, 'NOT_APPLICABLE');
	});
});

describe('Deep Agent abolishes a privilege', () => {
	it('played during a privileged attack, after its cancel window the privilege is gone for good', () => {
		const state = privileged(['deep-agent']);
		const played = play(state, { type: 'playSpecial', seat: 2, card: 'deep-agent' });
		expect(isPrivileged(attackOf(played))).toBe(true);
		const abolished = passChain(played);
		expect(attackOf(abolished)).toMatchObject({ privileged: false, privilegeAbolished: true });
		expect(abolished.discard).toEqual(['deep-agent']);
		expect(spendingSeats(abolished, attackOf(abolished))).toEqual([0, 1, 2, 3]);
		expectSound(abolished);
	});

	it('not without a privilege: NOT_APPLICABLE (ordinary attack, no attack)', () => {
		expectRefused(play(table({ 2: ['deep-agent'] }), neutralizeDemocrats()), { type: 'playSpecial', seat: 2, card: 'deep-agent' }, 'NOT_APPLICABLE');
		expectRefused(table({ 2: ['deep-agent'] }), { type: 'playSpecial', seat: 2, card: 'deep-agent' }, 'NOT_APPLICABLE');
	});
});

describe('Rule option privilegeAbolish "deepAgentOnly" (French text: only Deep Agent abolishes a privilege)', () => {
	const FR = { privilegeAbolish: 'deepAgentOnly' } as const;
	const state = privileged(['slush-fund', 'swiss-bank-account', 'deep-agent'], [], FR);

	it('two Specials cannot abolish it, and legalActions does not offer it', () => {
		expectRefused(state, { type: 'abolishPrivilege', seat: 2, cards: ['slush-fund', 'swiss-bank-account'] }, 'NOT_APPLICABLE');
		expect(legalActions(state, 2).some((legal) => legal.action.type === 'abolishPrivilege')).toBe(false);
	});

	it('Deep Agent still does', () => {
		expect(legalActions(state, 2).map((legal) => legal.action)).toContainEqual({ type: 'playSpecial', seat: 2, card: 'deep-agent' });
		const abolished = passChain(play(state, { type: 'playSpecial', seat: 2, card: 'deep-agent' }));
		expect(isPrivileged(attackOf(abolished))).toBe(false);
	});

	it('by default (English and Spanish texts) two Specials are offered', () => {
		const english = privileged(['slush-fund', 'swiss-bank-account']);
		expect(legalActions(english, 2).map((legal) => legal.action)).toContainEqual({ type: 'abolishPrivilege', seat: 2, cards: ['slush-fund', 'swiss-bank-account'] });
	});
});
