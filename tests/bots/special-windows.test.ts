/**
 * Named positions where one play decides the
 * game, across the rules the issue lists (attacks with aid and money, privilege, interference and
 * defence, Specials in their windows, deals, special goals). Kept as regression tests. Bots run
 * without a clock (reproducible); rivals in play-throughs are normal bots.
 */
import { describe, expect, it } from 'vitest';
import { attackOdds, type GameState } from '../../src/lib/engine/index.js';
import { dice, passAll, play, scenario } from '../helpers/scenario.js';
import { passChain } from '../helpers/specials.js';
import { player } from './structures.js';
import { decide, LEVELS, playOn } from './level-play.js';

type L = (typeof LEVELS)[number];
const SEARCHING: readonly L[] = ['normal', 'hard'];
const nothing = { money: 0, specials: [], groups: [] };
/** Ten groups: with the Network, eleven cards, one short of the four-player basic goal (12). */
const TEN = ['cia', 'irs', 'big-media', 'federal-reserve', 'fbi', 'pentagon', 'texas', 'republicans', 'democrats', 'california'];

function odds(state: GameState): number {
	if (state.phase.kind !== 'attack') throw new Error('no attack under way');
	return attackOdds(state, state.phase.attack).probability.numerator;
}

describe('Bavarian Illuminati ability: pay 5 MB to make the winning capture privileged', () => {
	// Power 32 (10 + Texas, Pentagon, CIA 6 each + FBI 4); the Democrats (5) make 37 of 35. The
	// rivals hold 60 MB each to interfere (Basic Rules: Interference; Bavarian Illuminati).
	const position = () =>
		scenario({
			players: [player('bavarian-illuminati', ['texas', 'pentagon', 'cia', 'fbi'], 30), player('gnomes-of-zurich', ['loan-sharks'], 60), player('network', ['kgb'], 60), player('ufos', ['smof'], 60)],
			uncontrolled: ['democrats'],
		});
	it.each(SEARCHING)('%s attacks the Democrats with the Bavarian privilege', (level) => {
		expect(decide(position(), level, 0)).toMatchObject({ type: 'attack', kind: 'control', target: 'democrats', privilege: { kind: 'bavarian' } });
	});
});

describe('Bribery takes the twelfth card without a roll when the rivals could interfere', () => {
	const position = () =>
		scenario({
			players: [{ ...player('network', TEN, 20), hand: ['bribery'] }, player('gnomes-of-zurich', ['loan-sharks'], 60), player('bavarian-illuminati', ['kgb'], 60), player('ufos', ['smof'], 60)],
			uncontrolled: ['hollywood'],
		});
	it.each(LEVELS)('%s plays Bribery on Hollywood', (level) => {
		expect(decide(position(), level, 0)).toMatchObject({ type: 'playSpecial', card: 'bribery', target: 'hollywood' });
	});
});

describe('after-roll Specials that decide the game', () => {
	it.each(LEVELS)('%s plays Assassination when its winning attack rolled 12', (level) => {
		let state = scenario({
			players: [{ ...player('network', TEN, 20), hand: ['assassination'] }, player('gnomes-of-zurich', ['loan-sharks'], 0), player('bavarian-illuminati', ['kgb'], 0), player('ufos', ['smof'], 0)],
			uncontrolled: ['hollywood'],
		});
		state = play(passAll(play(state, { type: 'attack', seat: 0, kind: 'control', attacker: 'network', target: 'hollywood', aids: [] })), dice(6, 6));
		expect(state.phase.kind).toBe('afterRoll');
		expect(decide(state, level, 0)).toEqual({ type: 'playSpecial', seat: 0, card: 'assassination' });
	});

	it.each(LEVELS)("%s plays Murphy's Law on a rival's successful winning capture of an uncontrolled group", (level) => {
		let state = scenario({
			players: [{ ...player('bavarian-illuminati', ['kgb'], 0), hand: ['murphys-law'] }, player('network', TEN, 20), player('gnomes-of-zurich', ['loan-sharks'], 0), player('ufos', ['smof'], 0)],
			uncontrolled: ['hollywood'],
			turn: { seat: 1 },
		});
		state = play(passAll(play(state, { type: 'attack', seat: 1, kind: 'control', attacker: 'network', target: 'hollywood', aids: [] })), dice(1, 1));
		expect(decide(state, level, 0)).toEqual({ type: 'playSpecial', seat: 0, card: 'murphys-law' });
	});
});

describe("a rival's privileged winning capture: Deep Agent and Interference", () => {
	/** The Network (one card short) attacks Hollywood, privileged by discarding the Slush Fund. */
	const position = (hand: string[]) => {
		const state = scenario({
			players: [{ ...player('bavarian-illuminati', ['kgb'], 30), hand }, { ...player('network', TEN, 20), hand: ['slush-fund'] }, player('gnomes-of-zurich', ['loan-sharks'], 0), player('ufos', ['smof'], 0)],
			uncontrolled: ['hollywood'],
			turn: { seat: 1 },
		});
		return passChain(play(state, { type: 'attack', seat: 1, kind: 'control', attacker: 'network', target: 'hollywood', aids: [], privilege: { kind: 'discard', card: 'slush-fund' } }));
	};
	it.each(LEVELS)('%s plays Deep Agent', (level) => {
		expect(decide(position(['deep-agent']), level, 0)).toEqual({ type: 'playSpecial', seat: 0, card: 'deep-agent' });
	});
	it.each(LEVELS)('%s plays Interference', (level) => {
		expect(decide(position(['interference-1']), level, 0)).toEqual({ type: 'playSpecial', seat: 0, card: 'interference-1' });
	});
});

describe('Specials at the start of a turn and in a cancel window', () => {
	it.each(LEVELS)("%s plays the Senate Investigating Committee on the Gnomes, whose income (12) makes 152 MB", (level) => {
		let state = scenario({
			players: [{ ...player('bavarian-illuminati', ['kgb'], 10), hand: ['senate-investigating-committee'] }, { illuminati: 'gnomes-of-zurich', money: 140, groups: [{ card: 'cia', side: 1 }] }, player('network', ['smof'], 5)],
			turn: { seat: 0, step: 'transfers', actionsLeft: 0 },
		});
		state = play(state, { type: 'endTurn', seat: 0 });
		expect(state.phase.kind).toBe('turnStart');
		expect(decide(state, level, 0)).toEqual({ type: 'playSpecial', seat: 0, card: 'senate-investigating-committee' });
	});

	it.each(LEVELS)('%s cancels the Gnomes\' Swiss Bank Account (125 → 150 MB) with Secrets Man Was Not Meant to Know', (level) => {
		let state = scenario({
			players: [{ ...player('bavarian-illuminati', ['kgb'], 10), hand: ['secrets-man-was-not-meant-to-know'] }, { illuminati: 'gnomes-of-zurich', money: 125, groups: [{ card: 'cia', side: 1 }], hand: ['swiss-bank-account'] }, player('network', ['smof'], 5)],
			turn: { seat: 1 },
		});
		state = play(state, { type: 'playSpecial', seat: 1, card: 'swiss-bank-account' });
		expect(decide(state, level, 0)).toMatchObject({ type: 'playSpecial', seat: 0, card: 'secrets-man-was-not-meant-to-know' });
	});

	it.each(LEVELS)('%s, the Gnomes at 130 MB, plays Market Manipulation at its turn start and wins', (level) => {
		let state = scenario({
			players: [{ illuminati: 'gnomes-of-zurich', money: 130, groups: [{ card: 'cia', side: 1 }], hand: ['market-manipulation'] }, player('network', ['smof'], 5), player('bavarian-illuminati', ['kgb'], 5)],
			turn: { seat: 2, step: 'transfers', actionsLeft: 0 },
		});
		state = play(state, { type: 'endTurn', seat: 2 });
		expect(decide(state, level, 0)).toEqual({ type: 'playSpecial', seat: 0, card: 'market-manipulation' });
		const { end } = playOn(state, level, { until: (s) => s.turn?.seat === 1 });
		expect(end.winners).toEqual([0]);
	});
});

describe('defence: the bot is the defender of the group whose capture wins', () => {
	it.each(LEVELS)('%s spends against the Network taking its Hollywood', (level) => {
		let state = scenario({
			players: [player('bavarian-illuminati', ['kgb', 'hollywood'], 40), player('network', TEN, 10), player('gnomes-of-zurich', ['loan-sharks'], 0), player('ufos', ['smof'], 0)],
			turn: { seat: 1 },
		});
		state = play(state, { type: 'attack', seat: 1, kind: 'control', attacker: 'network', target: 'hollywood', aids: ['cia', 'irs'] });
		expect(odds(state)).toBe(30);
		expect(decide(state, level, 0)).toMatchObject({ type: 'spend', seat: 0, from: 'bavarian-illuminati' });
	});
});

describe('deals that would hand a rival its special goal are declined', () => {
	it.each(LEVELS)('%s declines 40 MB for the Tabloids, the Discordians\' fifth Weird group', (level) => {
		const state = scenario({
			players: [
				{ illuminati: 'bavarian-illuminati', money: 10, groups: [{ card: 'mafia', side: 1 }, { card: 'tabloids', side: 2 }] },
				{ illuminati: 'discordian-society', money: 60, groups: [{ card: 'hackers', side: 1 }, { card: 'comic-books', side: 2 }, { card: 'trekkies', side: 3 }, { card: 'smof', side: 0 }] },
				player('gnomes-of-zurich', ['loan-sharks'], 10),
				player('network', ['kgb'], 10),
			],
			turn: { seat: 1 },
		});
		const offered = play(state, { type: 'offer', seat: 1, to: 0, give: { ...nothing, money: 40 }, take: { ...nothing, groups: ['tabloids'] }, private: true });
		expect(decide(offered, level, 0)).toMatchObject({ type: 'declineOffer', seat: 0, offer: 0 });
	});

	it.each(LEVELS)('%s declines 30 MB for the Democrats, which take the Bavarian Illuminati from Power 31 to 36', (level) => {
		const state = scenario({
			players: [player('gnomes-of-zurich', ['democrats'], 10), player('bavarian-illuminati', ['texas', 'pentagon', 'cia', 'kgb'], 40), player('network', ['smof'], 10)],
			turn: { seat: 1 },
		});
		const offered = play(state, { type: 'offer', seat: 1, to: 0, give: { ...nothing, money: 30 }, take: { ...nothing, groups: ['democrats'] }, private: true });
		expect(decide(offered, level, 0)).toMatchObject({ type: 'declineOffer', seat: 0, offer: 0 });
	});

	it.each(SEARCHING)('%s, holding the Tabloids, does not offer them to the Discordians (four Weird, 80 MB)', (level) => {
		const state = scenario({
			players: [
				{ illuminati: 'bavarian-illuminati', money: 10, groups: [{ card: 'mafia', side: 1 }, { card: 'tabloids', side: 2 }] },
				{ illuminati: 'discordian-society', money: 80, groups: [{ card: 'hackers', side: 1 }, { card: 'comic-books', side: 2 }, { card: 'trekkies', side: 3 }, { card: 'smof', side: 0 }] },
				player('gnomes-of-zurich', ['loan-sharks'], 10),
				player('network', ['kgb'], 10),
			],
			uncontrolled: ['hollywood'],
		});
		const action = decide(state, level, 0);
		expect(action?.type === 'offer' && action.take.groups.length === 0 && action.give.groups.includes('tabloids')).toBe(false);
	});
});

describe('special goals one capture away (rich rival groups as decoys, rivals too poor to interfere)', () => {
	const decoys = [
		{ illuminati: 'gnomes-of-zurich', money: 0, groups: [{ card: 'multinational-oil-companies', side: 1 as const, money: 30 }, { card: 'video-games', side: 2 as const, money: 30 }] },
		{ illuminati: 'network', money: 0, groups: [{ card: 'federal-reserve', side: 1 as const, money: 30 }] },
	];
	it.each(SEARCHING)('%s as the Society of Assassins (five Violent) attacks the Cycle Gangs', (level) => {
		const state = scenario({ players: [player('society-of-assassins', ['cia', 'kgb', 'kkk', 'militia', 'gun-lobby'], 30), ...decoys], uncontrolled: ['cycle-gangs', 'hollywood', 'yuppies'] });
		expect(decide(state, level, 0)).toMatchObject({ type: 'attack', kind: 'control', target: 'cycle-gangs' });
	});
	it.each(SEARCHING)('%s as the Bermuda Triangle (every alignment but Fanatic) attacks the Trekkies', (level) => {
		const state = scenario({ players: [player('bermuda-triangle', ['cia', 'kgb', 'california', 'republicans', 'boy-sprouts', 'irs'], 30), ...decoys], uncontrolled: ['trekkies', 'hollywood', 'yuppies'] });
		expect(decide(state, level, 0)).toMatchObject({ type: 'attack', kind: 'control', target: 'trekkies' });
	});
});

describe('a win that needs aid: the Network one card short, the only uncontrolled group resists 8', () => {
	it.each(LEVELS)('%s wins this turn', (level) => {
		const state = scenario({
			players: [player('network', TEN, 30), player('gnomes-of-zurich', ['loan-sharks'], 5), player('bavarian-illuminati', ['kgb'], 5), player('ufos', ['smof'], 5)],
			uncontrolled: ['semiconscious-liberation-army'],
		});
		const { end } = playOn(state, level, { roll: [4, 4], until: (s) => s.turn?.seat !== 0 });
		expect(end.winners).toEqual([0]);
	});
});

