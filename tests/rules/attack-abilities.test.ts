// Special abilities in attacks (Basic Rules: Special Abilities, "any attempt" and the card's own;
// the card texts in classic.json; About the Illuminati: Discordian Society, Servants of Cthulhu,
// Society of Assassins), seen through the number an attack needs.
import { describe, expect, it } from 'vitest';
import type { AttackKind } from '../../src/lib/engine/index.js';
import { world, odds, total, CHAIN } from '../helpers/odds.js';

describe('Special Abilities — worked examples', () => {
	it('the Mafia get +7 to control a Criminal group: +4 for the shared alignment, +3 of their own', () => {
		const state = world({
			players: [
				{ illuminati: 'bavarian-illuminati', groups: [{ card: 'mafia', side: 1 }] },
				{ illuminati: 'network', groups: [{ card: 'republicans', side: 1 }] },
			],
			uncontrolled: ['junk-mail'],
		});
		const result = odds(state, 'control', 'mafia', 'junk-mail');
		expect(total(result.modifiers, 'alignment')).toBe(4);
		expect(result.modifiers).toContainEqual({ source: 'ability', card: 'mafia', value: 3 });
		// Mafia power 7 + 7 − Junk Mail's resistance 3
		expect(result.needed).toBe(11);
	});

	it('with the Mafia controlled, another group attacking a Criminal group gets no +3 (a "direct" ability)', () => {
		const state = world({
			players: [
				{ illuminati: 'bavarian-illuminati', groups: [{ card: 'mafia', side: 1 }, { card: 'multinational-oil-companies', side: 2 }] },
				{ illuminati: 'network', groups: [{ card: 'republicans', side: 1 }] },
			],
			uncontrolled: ['junk-mail'],
		});
		const result = odds(state, 'control', 'multinational-oil-companies', 'junk-mail');
		expect(total(result.modifiers, 'ability')).toBe(0);
		expect(result.needed).toBe(6 - 3);
	});

	it.each(['neutralize', 'destroy'] as const)('the Mafia\'s +3 is to control only: none to %s a Criminal group', (kind) => {
		const state = world({
			players: [
				{ illuminati: 'bavarian-illuminati', groups: [{ card: 'mafia', side: 1 }] },
				{ illuminati: 'network', groups: [{ card: 'loan-sharks', side: 1 }] },
			],
		});
		expect(odds(state, kind, 'mafia', 'loan-sharks').modifiers.some((m) => m.source === 'ability')).toBe(false);
	});

	describe('Cycle Gangs: +2 on any attempt to destroy, whichever of the owner\'s groups attacks', () => {
		const withGangs = world({
			players: [
				{
					illuminati: 'bavarian-illuminati',
					groups: [
						{ card: 'multinational-oil-companies', side: 1 },
						{ card: 'cycle-gangs', side: 2 },
					],
				},
				{ illuminati: 'network', groups: [{ card: 'republicans', side: 1 }] },
			],
			uncontrolled: ['hollywood'],
		});
		const without = world({
			players: [
				{ illuminati: 'bavarian-illuminati', groups: [{ card: 'multinational-oil-companies', side: 1 }] },
				{ illuminati: 'network', groups: [{ card: 'republicans', side: 1 }] },
			],
			uncontrolled: ['hollywood'],
		});
		it.each(['multinational-oil-companies', 'bavarian-illuminati'])('%s destroying Hollywood gets the +2', (attacker) => {
			const result = odds(withGangs, 'destroy', attacker, 'hollywood');
			expect(result.modifiers).toContainEqual({ source: 'ability', card: 'cycle-gangs', value: 2 });
			expect(result.needed).toBe(odds(without, 'destroy', attacker, 'hollywood').needed + 2);
		});
		it('gives nothing to an attempt to control', () => {
			expect(odds(withGangs, 'control', 'multinational-oil-companies', 'hollywood').needed).toBe(
				odds(without, 'control', 'multinational-oil-companies', 'hollywood').needed,
			);
		});
	});
});

describe('Special Abilities in attacks', () => {
	it.each([
		['Liberal', 'democrats', 10],
		['Communist', 'international-communist-conspiracy', 10],
		['Weird', 'tabloids', 10],
		['Conservative', 'republicans', 3],
		['no-alignment', 'multinational-oil-companies', 3],
	] as const)('Gun Lobby: against a %s attacker (%s) its resistance is %i', (_alignment, attacker, resistance) => {
		const state = world({
			players: [
				{ illuminati: 'bavarian-illuminati', groups: [{ card: attacker, side: 1 }] },
				{ illuminati: 'network', groups: [{ card: 'kkk', side: 1 }] },
			],
			uncontrolled: ['gun-lobby'],
		});
		const result = odds(state, 'control', attacker, 'gun-lobby');
		expect(result.modifiers).toContainEqual({ source: 'resistance', card: 'gun-lobby', value: -resistance });
	});

	describe('Survivalists: +2 resistance to every other group of their owner', () => {
		const state = world({
			players: [
				{ illuminati: 'bavarian-illuminati', groups: [{ card: 'multinational-oil-companies', side: 1 }] },
				{ illuminati: 'network', groups: [...CHAIN, { card: 'survivalists', side: 2 }] },
			],
			uncontrolled: ['video-games'],
		});
		it('Empty Vee (resistance 3, 4 links away) resists with 5 while the Network holds the Survivalists', () => {
			expect(odds(state, 'control', 'bavarian-illuminati', 'empty-vee').modifiers).toContainEqual({ source: 'resistance', card: 'empty-vee', value: -5 });
		});
		it('the Survivalists themselves keep their printed 6', () => {
			expect(odds(state, 'control', 'bavarian-illuminati', 'survivalists').modifiers).toContainEqual({ source: 'resistance', card: 'survivalists', value: -6 });
		});
		it('an uncontrolled group gets nothing', () => {
			expect(odds(state, 'control', 'bavarian-illuminati', 'video-games').modifiers).toContainEqual({ source: 'resistance', card: 'video-games', value: -3 });
		});
	});

	describe('Chinese Campaign Donors count as Government when attacking to control a Government group', () => {
		const state = world({
			players: [
				{ illuminati: 'bavarian-illuminati', groups: [{ card: 'chinese-campaign-donors', side: 1 }, { card: 'orbital-mind-control-lasers', side: 2 }] },
				{ illuminati: 'network', groups: [{ card: 'republicans', side: 1 }] },
			],
			uncontrolled: ['post-office', 'fbi'],
		});
		it('to control the Post Office (Government) they gain the identical-alignment +4 over the Communist −4', () => {
			expect(total(odds(state, 'control', 'chinese-campaign-donors', 'post-office').modifiers, 'alignment')).toBe(4 - 4);
		});
		it('to control a group that is not Government they stay plain Communist', () => {
			// The Orbital Mind Control Lasers (Communist) are a Communist target: identical, +4.
			const other = world({
				players: [
					{ illuminati: 'bavarian-illuminati', groups: [{ card: 'chinese-campaign-donors', side: 1 }] },
					{ illuminati: 'network', groups: [{ card: 'republicans', side: 1 }] },
				],
				uncontrolled: ['orbital-mind-control-lasers'],
			});
			expect(total(odds(other, 'control', 'chinese-campaign-donors', 'orbital-mind-control-lasers').modifiers, 'alignment')).toBe(4);
		});
		it('to destroy a Government group they are plain Communist (opposite: +4 to destroy)', () => {
			expect(total(odds(state, 'destroy', 'chinese-campaign-donors', 'post-office').modifiers, 'alignment')).toBe(4);
		});
	});

	it.each([
		['society-of-assassins', 'neutralize', 4],
		['servants-of-cthulhu', 'destroy', 2],
	] as const)('%s: +%s bonus on any attempt to %s', (illuminati, kind, value) => {
		const state = world({
			players: [
				{ illuminati, groups: [{ card: 'multinational-oil-companies', side: 1 }] },
				{ illuminati: 'network', groups: [...CHAIN] },
			],
		});
		for (const attacker of [illuminati, 'multinational-oil-companies']) {
			const result = odds(state, kind, attacker, 'democrats');
			expect(result.modifiers).toContainEqual({ source: 'ability', card: illuminati, value });
		}
		const other: AttackKind = kind === 'destroy' ? 'neutralize' : 'destroy';
		expect(odds(state, other, 'multinational-oil-companies', 'democrats').modifiers.some((m) => m.source === 'ability')).toBe(false);
	});

	describe('Discordian Society: +4 on any attempt to control a Weird group', () => {
		const state = world({
			players: [
				{ illuminati: 'discordian-society', groups: [{ card: 'multinational-oil-companies', side: 1 }] },
				{ illuminati: 'network', groups: [{ card: 'republicans', side: 1 }] },
			],
			uncontrolled: ['tabloids', 'feminists'],
		});
		it('the Oil Companies controlling the Tabloids (Weird) get +4', () => {
			const result = odds(state, 'control', 'multinational-oil-companies', 'tabloids');
			expect(result.modifiers).toContainEqual({ source: 'ability', card: 'discordian-society', value: 4 });
			expect(result.needed).toBe(6 + 4 - 3);
		});
		it.each([
			['destroy', 'tabloids'],
			['control', 'feminists'],
		] as const)('no bonus to %s %s', (kind, target) => {
			expect(odds(state, kind, 'multinational-oil-companies', target).modifiers.some((m) => m.source === 'ability')).toBe(false);
		});
	});
});
