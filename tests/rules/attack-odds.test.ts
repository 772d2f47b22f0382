// Attack odds: the number an attack needs on two dice (Basic Rules: Attacks, Attack to Control,
// Aiding Attacks, Power Structure Position, Alignments, Spending Money; Attack to Neutralize;
// Attack to Destroy; Special Abilities) and the exact chance attackOdds reports.
import { describe, expect, it } from 'vitest';
import { attackOdds, step, type GameState } from '../../src/lib/engine/index.js';
import { alignmentModifier } from '../../src/lib/engine/odds.js';
import { depth } from '../../src/lib/engine/structure.js';
import { dice, passAll, play, rollAttack, scenario } from '../helpers/scenario.js';
import { world, odds, total, CHAIN } from '../helpers/odds.js';

describe('Attack to Control — worked examples', () => {
	const state = world({
		players: [
			{ illuminati: 'bavarian-illuminati', groups: [{ card: 'multinational-oil-companies', side: 1 }] },
			{ illuminati: 'network', groups: [{ card: 'republicans', side: 1 }] },
		],
		uncontrolled: ['feminists'],
	});

	it('power 6 against resistance 2 needs 4 or less (Multinational Oil Companies vs Feminists)', () => {
		expect(odds(state, 'control', 'multinational-oil-companies', 'feminists').needed).toBe(4);
	});

	it('power 10 against the same resistance 2 needs 8 or less (Bavarian Illuminati vs Feminists)', () => {
		expect(odds(state, 'control', 'bavarian-illuminati', 'feminists').needed).toBe(8);
	});

	it.each([
		[[2, 2] as const, true],
		[[2, 3] as const, false],
	])('the roll decides: needing 4, a roll of %j succeeds: %s', (roll, success) => {
		const declared = play(state, { type: 'attack', seat: 0, kind: 'control', attacker: 'multinational-oil-companies', target: 'feminists', aids: [] });
		const rolled = rollAttack(declared, roll[0], roll[1]);
		expect(rolled.lastAttack).toMatchObject({ needed: 4, success, roll });
	});
});

describe('Attack to Control — Aiding Attacks and Spending Money (worked example)', () => {
	// Empty Vee (resistance 3, no alignment) sits 4 links from the Network: no position bonus.
	const state = world({
		players: [
			{
				illuminati: 'bavarian-illuminati',
				groups: [
					{ card: 'multinational-oil-companies', side: 1, money: 5 },
					{ card: 'cia', side: 2 },
				],
			},
			{ illuminati: 'network', groups: CHAIN.map((g) => (g.card === 'empty-vee' ? { ...g, money: 3 } : g)) },
		],
	});
	const declared = play(state, {
		type: 'attack',
		seat: 0,
		kind: 'control',
		attacker: 'multinational-oil-companies',
		target: 'empty-vee',
		aids: ['cia'],
	});
	const live = (s: GameState) => {
		if (s.phase.kind !== 'attack') throw new Error('no attack under way');
		return attackOdds(s, s.phase.attack);
	};

	it('power 6 aided by transferable power 4 against resistance 3 needs 7', () => {
		expect(live(declared).needed).toBe(7);
		expect(total(live(declared).modifiers, 'aid')).toBe(4);
	});

	it('the attacker spending 3 MB makes it 10', () => {
		const spent = play(declared, { type: 'spend', seat: 0, from: 'multinational-oil-companies', amount: 3 });
		expect(live(spent).needed).toBe(10);
	});

	it('the defender spending 3 MB from the defending group (double) brings it back to 4', () => {
		const spent = play(
			declared,
			{ type: 'spend', seat: 0, from: 'multinational-oil-companies', amount: 3 },
			{ type: 'spend', seat: 1, from: 'empty-vee', amount: 3 },
		);
		expect(live(spent).needed).toBe(4);
		const rolled = rollAttack(spent, 3, 2);
		expect(rolled.lastAttack).toMatchObject({ needed: 4, success: false });
	});

	it('Spending Money To Defend: each MB from the defender\'s Illuminati adds only one to resistance', () => {
		expect(odds(state, 'control', 'multinational-oil-companies', 'empty-vee', ['cia'], { attackerSpent: 3, defenderIlluminatiSpent: 3 }).needed).toBe(7);
	});
});

describe('Alignments', () => {
	it.each([
		['identical alignment, to control', ['Liberal'], ['Liberal'], 'control', 4],
		['two identical alignments', ['Liberal', 'Straight'], ['Liberal', 'Straight'], 'control', 8],
		['opposite alignment, to control', ['Liberal'], ['Conservative'], 'control', -4],
		['Weird Communist against Straight Government (worked example)', ['Weird', 'Communist'], ['Straight', 'Government'], 'control', -8],
		['Criminal has no opposite: Criminal against Criminal is identical', ['Criminal'], ['Criminal'], 'control', 4],
		['Fanatic against Fanatic is opposite only, to control', ['Fanatic'], ['Fanatic'], 'control', -4],
		['Fanatic against Fanatic is opposite only, to destroy', ['Fanatic'], ['Fanatic'], 'destroy', 4],
		['destroying reverses identical alignments', ['Liberal'], ['Liberal'], 'destroy', -4],
		['destroying reverses opposite alignments', ['Weird', 'Communist'], ['Straight', 'Government'], 'destroy', 8],
		['neutralizing counts like controlling', ['Violent'], ['Peaceful'], 'neutralize', -4],
		['one identical and one opposite cancel out', ['Violent', 'Liberal'], ['Violent', 'Conservative'], 'control', 0],
		['no alignment at all', [], ['Weird'], 'control', 0],
	] as const)('%s: %i', (_name, attacking, defending, kind, expected) => {
		expect(alignmentModifier(attacking, defending, kind)).toBe(expected);
	});

	describe('on real cards', () => {
		const state = world({
			players: [
				{
					illuminati: 'bavarian-illuminati',
					groups: [
						{ card: 'big-media', side: 1 },
						{ card: 'mafia', side: 2 },
						{ card: 'professional-sports', side: 3 },
					],
				},
				{ illuminati: 'network', groups: [{ card: 'republicans', side: 1 }] },
			],
			uncontrolled: ['triliberal-commission', 'loan-sharks', 'moonies', 'moral-minority'],
		});
		it.each([
			['Big Media (Liberal, Straight) to control the Triliberal Commission (Liberal, Straight)', 'big-media', 'triliberal-commission', 'control', 8],
			['Big Media to destroy the Triliberal Commission', 'big-media', 'triliberal-commission', 'destroy', -8],
			['the Mafia (Criminal, Violent) to destroy the Loan Sharks (Criminal, Violent)', 'mafia', 'loan-sharks', 'destroy', -8],
			['Professional Sports (Violent, Fanatic) to control the Moonies (Peaceful, Fanatic)', 'professional-sports', 'moonies', 'control', -8],
			['Professional Sports to destroy the Moonies', 'professional-sports', 'moonies', 'destroy', 8],
			['Big Media to control the Moral Minority (Conservative, Straight, Fanatic)', 'big-media', 'moral-minority', 'control', 0],
		] as const)('%s: %i', (_name, attacker, target, kind, expected) => {
			expect(total(odds(state, kind, attacker, target).modifiers, 'alignment')).toBe(expected);
		});
	});

	it('Weird Communist against Straight Government subtracts 8 (Underground Newspapers made Weird by the Orbital Mind Control Lasers, against the FBI)', () => {
		const state = world({
			players: [
				{
					illuminati: 'bavarian-illuminati',
					groups: [
						{ card: 'underground-newspapers', side: 1 },
						{ card: 'orbital-mind-control-lasers', side: 2 },
					],
				},
				{ illuminati: 'network', groups: [{ card: 'republicans', side: 1 }] },
			],
			uncontrolled: ['fbi'],
		});
		const edited = play(state, { type: 'editAlignment', seat: 0, target: 'underground-newspapers', op: 'add', alignment: 'Weird' });
		const result = odds(edited, 'control', 'underground-newspapers', 'fbi');
		expect(total(result.modifiers, 'alignment')).toBe(-8);
		// power 1 − 8 − FBI's resistance 6
		expect(result.needed).toBe(1 - 8 - 6);
	});

	it('Aiding Attacks: the alignment of the groups transferring power does not matter', () => {
		const state = world({
			players: [
				{
					illuminati: 'bavarian-illuminati',
					groups: [
						{ card: 'multinational-oil-companies', side: 1 },
						{ card: 'fbi', side: 2 },
						{ card: 'men-in-black', side: 3 },
					],
				},
				{ illuminati: 'network', groups: [{ card: 'republicans', side: 1 }] },
			],
			uncontrolled: ['post-office'],
		});
		// The FBI (Government, Straight) and the Men in Black (Criminal, Weird) both transfer 2.
		const byFbi = odds(state, 'control', 'multinational-oil-companies', 'post-office', ['fbi']);
		const byMib = odds(state, 'control', 'multinational-oil-companies', 'post-office', ['men-in-black']);
		expect(total(byFbi.modifiers, 'alignment')).toBe(0);
		expect(byFbi.needed).toBe(byMib.needed);
		expect(byFbi.needed).toBe(6 + 2 - 3);
	});
});

describe('Attack to Control — Power Structure Position', () => {
	const state = world({
		players: [
			{ illuminati: 'bavarian-illuminati', groups: [{ card: 'multinational-oil-companies', side: 1 }] },
			{ illuminati: 'network', groups: [...CHAIN] },
		],
		uncontrolled: ['video-games'],
	});
	const resistance: Record<string, number> = {
		republicans: 4,
		democrats: 4,
		'triliberal-commission': 6,
		'empty-vee': 3,
		'madison-avenue': 3,
	};
	const power: Record<string, number> = { republicans: 4, democrats: 5, 'triliberal-commission': 5, 'empty-vee': 3, 'madison-avenue': 3 };

	it.each([
		['republicans', 1, 10],
		['democrats', 2, 5],
		['triliberal-commission', 3, 2],
		['empty-vee', 4, 0],
		['madison-avenue', 5, 0],
	] as const)('%s, %i link(s) from its Illuminati, gets +%i to resistance', (card, links, bonus) => {
		expect(depth(state.players[1]!.structure, card)).toBe(links);
		const result = odds(state, 'control', 'bavarian-illuminati', card);
		expect(total(result.modifiers, 'position')).toBe(0 - bonus);
		// The Bavarian Illuminati have power 10 and no alignment.
		expect(result.needed).toBe(10 - resistance[card]! - bonus);
	});

	it.each([
		['republicans', 10],
		['democrats', 5],
		['triliberal-commission', 2],
		['empty-vee', 0],
	] as const)('Attack to Destroy: %s adds +%i to its power', (card, bonus) => {
		const result = odds(state, 'destroy', 'bavarian-illuminati', card);
		expect(total(result.modifiers, 'position')).toBe(0 - bonus);
		expect(result.needed).toBe(10 - power[card]! - bonus);
	});

	it('an uncontrolled target has no position bonus', () => {
		const result = odds(state, 'control', 'bavarian-illuminati', 'video-games');
		expect(result.modifiers.some((m) => m.source === 'position')).toBe(false);
		expect(result.needed).toBe(10 - 3);
	});

	it('Attack to Destroy: nearness to the Illuminati does not protect a group its own player destroys', () => {
		const result = odds(state, 'destroy', 'bavarian-illuminati', 'multinational-oil-companies');
		expect(depth(state.players[0]!.structure, 'multinational-oil-companies')).toBe(1);
		expect(result.modifiers.some((m) => m.source === 'position')).toBe(false);
		expect(result.needed).toBe(10 - 6);
	});
});

describe('Attack to Neutralize and Attack to Destroy — the basic numbers', () => {
	const state = world({
		players: [
			{ illuminati: 'bavarian-illuminati', groups: [{ card: 'multinational-oil-companies', side: 1 }] },
			{ illuminati: 'network', groups: [...CHAIN] },
		],
		uncontrolled: ['nuclear-power-companies'],
	});

	it('neutralizing gets +6 on top of the control numbers (Bavarian Illuminati vs Republicans: 10 + 6 − 4 − 10)', () => {
		const result = odds(state, 'neutralize', 'bavarian-illuminati', 'republicans');
		expect(result.modifiers).toContainEqual({ source: 'neutralize', value: 6 });
		expect(result.needed).toBe(odds(state, 'control', 'bavarian-illuminati', 'republicans').needed + 6);
		expect(result.needed).toBe(2);
	});

	it('destroying is power against power, not resistance (Oil Companies 6 vs Nuclear Power Companies, power 4, resistance 4)', () => {
		const result = odds(state, 'destroy', 'multinational-oil-companies', 'nuclear-power-companies');
		expect(result.modifiers).toContainEqual({ source: 'defendingPower', card: 'nuclear-power-companies', value: -4 });
		expect(result.modifiers.some((m) => m.source === 'resistance')).toBe(false);
		expect(result.needed).toBe(2);
	});
});

describe('attackOdds — the exact chance (Automatic Failure: an 11 or 12 always fails)', () => {
	/** Counts the 36 rolls of two dice that succeed, straight from the rule. */
	function countSuccesses(needed: number): number {
		let count = 0;
		for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b <= needed && a + b <= 10) count++;
		return count;
	}
	// The Comic Books (power 1, Weird Violent) against Hollywood (resistance 0, Liberal) need 1;
	// each MB spent adds 1.
	const state = world({
		players: [
			{ illuminati: 'bavarian-illuminati', groups: [{ card: 'comic-books', side: 1 }] },
			{ illuminati: 'network', groups: [{ card: 'republicans', side: 1 }] },
		],
		uncontrolled: ['hollywood'],
	});

	it.each([
		[2, 1],
		[7, 21],
		[10, 33],
		[12, 33],
		[1, 0],
	])('needing %i, %i of 36 rolls succeed', (needed, numerator) => {
		const result = odds(state, 'control', 'comic-books', 'hollywood', [], { attackerSpent: needed - 1 });
		expect(result.needed).toBe(needed);
		expect(result.probability).toEqual({ numerator, denominator: 36 });
	});

	it('for every number from −3 to 20 the numerator counts the 2d6 rolls at most min(needed, 10)', () => {
		for (let needed = -3; needed <= 20; needed++) {
			const result = odds(state, 'control', 'comic-books', 'hollywood', [], { attackerSpent: needed - 1 });
			expect(result.needed).toBe(needed);
			expect(result.probability.numerator, `needed ${needed}`).toBe(countSuccesses(needed));
		}
	});

	it('the roll the engine applies agrees with the odds: every roll of 2d6 with needed 7', () => {
		const spent = passAll(play(
			scenario({
				players: [
					{ illuminati: 'bavarian-illuminati', groups: [{ card: 'comic-books', side: 1, money: 6 }] },
					{ illuminati: 'network', groups: [{ card: 'republicans', side: 1 }] },
				],
				uncontrolled: ['hollywood'],
			}),
			{ type: 'attack', seat: 0, kind: 'control', attacker: 'comic-books', target: 'hollywood', aids: [] },
			{ type: 'spend', seat: 0, from: 'comic-books', amount: 6 },
		));
		expect(spent.random).toEqual({ kind: 'attackRoll' });
		let successes = 0;
		for (let a = 1; a <= 6; a++) {
			for (let b = 1; b <= 6; b++) {
				const result = step(spent, dice(a, b));
				if (!result.ok) throw new Error(result.error.message);
				const applied = passAll(result.state);
				expect(applied.lastAttack!.needed).toBe(7);
				expect(applied.lastAttack!.success).toBe(a + b <= 7);
				if (applied.lastAttack!.success) successes++;
			}
		}
		expect(successes).toBe(odds(state, 'control', 'comic-books', 'hollywood', [], { attackerSpent: 6 }).probability.numerator);
	});
});
