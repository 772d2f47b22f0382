/**
 * FR add-on article ("J'ai illuminé la Post Office"), the goals, each met and not met: Mafia, five
 * Criminal and/or Government groups (the I.R.S., both, counts twice); Phone Company, four Straight
 * groups; Oil Companies, the I.R.S. destroyed by its own structure; Post Office, the Illuminated
 * Phone Company destroyed by anyone if a player has it, else The Phone Company, Hollywood and
 * Madison Avenue controlled or destroyed; Communist Conspiracy, seven Liberal or Communist groups
 * (a group with both counts twice). Goals are checked at the end of every turn.
 */
import { describe, expect, it } from 'vitest';
import { ILLUMINATED, illuminatiCard } from '../../src/lib/engine/cards/index.js';
import { meetsSpecialGoal, type CardId, type GameState, type Seat } from '../../src/lib/engine/index.js';
import { checkEliminations } from '../../src/lib/engine/victory.js';
import { expectSound, play, rollAttack, scenario, type GroupSpec } from '../helpers/scenario.js';
import { passChain } from '../helpers/specials.js';

const rules = { illuminated: ILLUMINATED.map((card) => card.id) };

/** Seat 0 plays `illuminati` with these groups; seats 1 (the Network) and 2 (the Gnomes) look on. */
function holding(illuminati: CardId, groups: GroupSpec[], extra: { uncontrolled?: CardId[]; turn?: Seat; hand1?: CardId[] } = {}): GameState {
	const state = scenario({
		players: [
			{ illuminati, money: 0, groups },
			{ illuminati: 'network', money: 0, groups: [{ card: 'kkk', side: 1 }], hand: extra.hand1 ?? [] },
			{ illuminati: 'gnomes-of-zurich', money: 0, groups: [{ card: 'yuppies', side: 1 }] },
		],
		uncontrolled: extra.uncontrolled ?? [],
		turn: { seat: extra.turn ?? 0 },
		rules,
	});
	expectSound(state);
	return state;
}

function meets(state: GameState, seat: Seat = 0): boolean {
	const player = state.players[seat]!;
	return meetsSpecialGoal(state, player, illuminatiCard(player.illuminati!).goal);
}

/** The goal decides the game at the end of the turn (the basic goal is far off at three seats). */
function winnersAfterTurn(state: GameState): readonly Seat[] {
	return play(state, { type: 'endTurn', seat: state.turn!.seat }).winners;
}

const on = (card: CardId, side: 0 | 1 | 2 | 3, master?: CardId): GroupSpec => (master === undefined ? { card, side } : { card, side, master });

describe('goals counting groups by alignment, a group counted once per listed alignment it has', () => {
	it.each([
		['Mafia, 5 Criminal/Government: I.R.S. (2) + New York (2) + CIA', 'illuminated-mafia', [on('irs', 0), on('new-york', 1), on('cia', 2)], true],
		['Mafia, 4: I.R.S. (2) + New York (2) + Democrats (0)', 'illuminated-mafia', [on('irs', 0), on('new-york', 1), on('democrats', 2)], false],
		['Phone Company, 4 Straight', 'illuminated-phone-company', [on('fbi', 0), on('pentagon', 1), on('big-media', 2), on('tobacco-and-liquor-companies', 3)], true],
		['Phone Company, 3 Straight', 'illuminated-phone-company', [on('fbi', 0), on('pentagon', 1), on('big-media', 2), on('democrats', 3)], false],
		[
			'Communist Conspiracy, 7: Underground Newspapers (2) + SLA (2) + Hollywood + Democrats + KGB',
			'illuminated-communist-conspiracy',
			[on('underground-newspapers', 0), on('hollywood', 1), on('democrats', 2), on('kgb', 3), on('semiconscious-liberation-army', 1, 'hollywood')],
			true,
		],
		[
			'Communist Conspiracy, 6: CFL-AIO instead of the SLA',
			'illuminated-communist-conspiracy',
			[on('underground-newspapers', 0), on('hollywood', 1), on('democrats', 2), on('kgb', 3), on('cfl-aio', 1, 'hollywood')],
			false,
		],
	] as const)('%s: met %s', (_what, illuminati, groups, met) => {
		const state = holding(illuminati, [...groups]);
		expect(meets(state)).toBe(met);
		expect(winnersAfterTurn(state)).toEqual(met ? [0] : []);
	});
});

describe('Illuminated Oil Companies: destroy the I.R.S. with an attack of its own structure', () => {
	const destroyIrs = (seat: Seat): GameState => {
		const start = holding('illuminated-oil-companies', [on('cia', 1)], { uncontrolled: ['irs'], turn: seat, hand1: ['media-campaign'] });
		const attacker = seat === 0 ? 'illuminated-oil-companies' : 'network';
		return rollAttack(play(start, { type: 'attack', seat, kind: 'destroy', attacker, target: 'irs', aids: [] }), 1, 1);
	};

	it('destroyed by its own attack: met, and it wins at the end of the turn', () => {
		const state = destroyIrs(0);
		expect(state.dead).toContain('irs');
		expect(state.illuminated?.destroyedBy).toEqual({ irs: 0 });
		expect(meets(state)).toBe(true);
		expect(winnersAfterTurn(state)).toEqual([0]);
		expectSound(state);
	});

	it('destroyed by another player: not met', () => {
		const state = destroyIrs(1);
		expect(state.dead).toContain('irs');
		expect(meets(state)).toBe(false);
	});

	it('brought back by Media Campaign before the turn ends: not met', () => {
		const revived = passChain(play(destroyIrs(0), { type: 'playSpecial', seat: 1, card: 'media-campaign', target: 'irs' }));
		expect(revived.uncontrolled).toContain('irs');
		expect(meets(revived)).toBe(false);
	});

	it('not destroyed: not met', () => {
		expect(meets(holding('illuminated-oil-companies', [on('irs', 1)]))).toBe(false);
	});
});

describe('Illuminated Post Office, the Illuminated Phone Company in play: met once it is destroyed (eliminated)', () => {
	const withPhone = (phoneGroups: GroupSpec[]): GameState =>
		scenario({
			players: [
				{ illuminati: 'illuminated-post-office', money: 0, groups: [on('cia', 1)] },
				{ illuminati: 'illuminated-phone-company', money: 0, groups: phoneGroups },
				{ illuminati: 'gnomes-of-zurich', money: 0, groups: [on('yuppies', 1)] },
			],
			rules,
		});

	it.each([
		['it still holds a group', [on('kkk', 1)], 'stays', false],
		['it is eliminated (no group left after its third turn)', [], 'eliminated', true],
		['its player left the game', [on('kkk', 1)], 'leaves', false],
	] as const)('%s: met %s', (_what, groups, fate, met) => {
		let state = withPhone([...groups]);
		if (fate === 'eliminated') state = checkEliminations(state, null);
		if (fate === 'leaves') state = play(state, { type: 'leave', seat: 1 });
		expect(state.players[1]!.eliminated).toBe(fate !== 'stays');
		expect(meets(state)).toBe(met);
		expect(winnersAfterTurn(state)).toEqual(met ? [0] : []);
	});
});

describe('Illuminated Post Office, no Illuminated Phone Company: The Phone Company, Hollywood and Madison Avenue controlled or destroyed', () => {
	const destroyAvenue = (seat: Seat): GameState => {
		const start = holding('illuminated-post-office', [on('phone-company', 0), on('hollywood', 1)], { uncontrolled: ['madison-avenue'], turn: seat });
		const attacker = seat === 0 ? 'illuminated-post-office' : 'network';
		return rollAttack(play(start, { type: 'attack', seat, kind: 'destroy', attacker, target: 'madison-avenue', aids: [] }), 1, 1);
	};

	it.each([
		['all three controlled', () => holding('illuminated-post-office', [on('phone-company', 0), on('hollywood', 1), on('madison-avenue', 2)]), true],
		['two controlled, Madison Avenue destroyed by its own attack', () => destroyAvenue(0), true],
		['two controlled, Madison Avenue destroyed by another player', () => destroyAvenue(1), false],
		['two controlled, Madison Avenue uncontrolled', () => holding('illuminated-post-office', [on('phone-company', 0), on('hollywood', 1)], { uncontrolled: ['madison-avenue'] }), false],
	] as const)('%s: met %s', (_what, make, met) => {
		const state = make();
		expect(meets(state)).toBe(met);
		expect(winnersAfterTurn(state)).toEqual(met ? [0] : []);
		expectSound(state);
	});
});
