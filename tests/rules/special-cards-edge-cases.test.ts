// Special cards at the edges of their texts (card texts in the French list "les 15 cartes
// spéciales" and the card data): Assassination makes the roll a 2 — it does not make the attack
// succeed when a 2 is not enough; Whispering Campaign is an attempt to destroy rolled against the
// target's Resistance, so the target's position in its structure still defends it (Power
// Structure Position) and destroy bonuses still help (docs/rules-differences.md, our reading);
// Deep Agent abolishes a privilege but gives nothing back (the Bavarians' 5 MB were paid when the
// attack was announced); using a Special is allowed during a privileged attack (only gifts are
// barred then: Gifts and Trades), so a defender may cash a Swiss Bank Account and spend it.
import { describe, expect, it } from 'vitest';
import { type GameState } from '../../src/lib/engine/index.js';
import { dice, expectRefused, moneyOf, play, rollAttack } from '../helpers/scenario.js';
import { world as scenario } from '../helpers/odds.js';
import { attackOf, expectSound, neededNow, neutralizeDemocrats, passChain, passSpendingAll, passWindowAll, table } from '../helpers/specials.js';

describe('Assassination: the roll becomes 2, which still has to be enough', () => {
	// Oil Companies (6) to control the Democrats (resistance 4, two links from the Network: +5): −3.
	const control = () =>
		play(table({ 2: ['assassination'] }), { type: 'attack', seat: 0, kind: 'control', attacker: 'multinational-oil-companies', target: 'democrats', aids: [] });

	it('needing −3, a roll made a 2 fails', () => {
		const declared = control();
		expect(neededNow(declared)).toBe(-3);
		const rolled = play(passSpendingAll(declared), dice(6, 6));
		const done = passWindowAll(passChain(play(rolled, { type: 'playSpecial', seat: 2, card: 'assassination' })));
		expect(done.lastAttack).toMatchObject({ roll: [1, 1], success: false });
		expect(done.players[1]!.structure.democrats).toBeDefined();
		expectSound(done);
	});

	it('needing exactly 2, a roll made a 2 succeeds (an 11 turned into a success)', () => {
		const declared = play(control(), { type: 'spend', seat: 0, from: 'bavarian-illuminati', amount: 5 });
		expect(neededNow(declared)).toBe(2);
		const rolled = play(passSpendingAll(declared), dice(6, 5));
		const done = passWindowAll(passChain(play(rolled, { type: 'playSpecial', seat: 2, card: 'assassination' })));
		expect(done.lastAttack).toMatchObject({ roll: [1, 1], success: true });
	});
});

describe('Whispering Campaign against a controlled group with no Power', () => {
	// Seat 0 (Cthulhu, 30 MB) with the Mafia; seat 1 (Network) holds the Punk Rockers (no Power,
	// Resistance 4, Weird) next to its Illuminati (+10), and the Yuppies.
	function whispering(): GameState {
		return scenario({
			players: [
				{ illuminati: 'servants-of-cthulhu', money: 30, hand: ['whispering-campaign'], groups: [{ card: 'mafia', side: 1 }] },
				{
					illuminati: 'network',
					money: 2,
					groups: [
						{ card: 'punk-rockers', side: 1, money: 3 },
						{ card: 'yuppies', side: 2 },
					],
				},
			],
		});
	}
	const declare = (state: GameState) =>
		passChain(play(state, { type: 'attack', seat: 0, kind: 'destroy', attacker: 'mafia', target: 'punk-rockers', aids: [], whispering: true }));

	it('rolled against Resistance plus position: 7 + 2 (Cthulhu) − 4 − 10 = −5', () => {
		const declared = declare(whispering());
		expect(attackOf(declared).whispering).toBe(true);
		expect(neededNow(declared)).toBe(-5);
	});

	it('a success destroys the group, its money goes to the bank, and Cthulhu counts a victim', () => {
		const declared = play(declare(whispering()), { type: 'spend', seat: 0, from: 'servants-of-cthulhu', amount: 15 });
		expect(neededNow(declared)).toBe(10);
		const done = rollAttack(declared, 1, 1);
		expect(done.lastAttack?.success).toBe(true);
		expect(done.dead).toContain('punk-rockers');
		expect(done.players[1]!.structure['punk-rockers']).toBeUndefined();
		expect(done.players[0]!.kills).toBe(1);
		expect(done.discard).toContain('whispering-campaign');
		expectSound(done);
	});

	it('not against a group with Power, where Resistance would be the weaker defence (New York: Power 7, Resistance 0)', () => {
		const state = scenario({
			players: [
				{ illuminati: 'servants-of-cthulhu', money: 30, hand: ['whispering-campaign'], groups: [{ card: 'mafia', side: 1 }] },
				{ illuminati: 'network', groups: [{ card: 'yuppies', side: 2 }] },
			],
			uncontrolled: ['new-york'],
		});
		expectRefused(state, { type: 'attack', seat: 0, kind: 'destroy', attacker: 'mafia', target: 'new-york', aids: [], whispering: true }, 'NOT_APPLICABLE');
	});
});

describe('Deep Agent against the Bavarian privilege', () => {
	it('the privilege is gone, others may interfere, and the 5 MB stay with the bank', () => {
		const privileged = play(table({ 1: ['deep-agent'] }), neutralizeDemocrats({ privilege: { kind: 'bavarian' } }));
		expect(moneyOf(privileged, 0, 'bavarian-illuminati')).toBe(15);
		const abolished = passChain(play(privileged, { type: 'playSpecial', seat: 1, card: 'deep-agent' }));
		expect(attackOf(abolished).privilegeAbolished).toBe(true);
		const interfered = play(abolished, { type: 'spend', seat: 2, from: 'gnomes-of-zurich', amount: 2, side: 'against' });
		expect(moneyOf(interfered, 2, 'gnomes-of-zurich')).toBe(7);
		expect(moneyOf(interfered, 0, 'bavarian-illuminati')).toBe(15);
		expectSound(interfered);
	});
});

describe('Specials during a privileged attack', () => {
	it('the defender cashes a Swiss Bank Account and spends it to defend', () => {
		const privileged = play(table({ 1: ['swiss-bank-account'] }), neutralizeDemocrats({ privilege: { kind: 'bavarian' } }));
		const before = neededNow(privileged);
		const cashed = passChain(play(privileged, { type: 'playSpecial', seat: 1, card: 'swiss-bank-account' }));
		expect(moneyOf(cashed, 1, 'network')).toBe(8 + 25);
		const spent = play(cashed, { type: 'spend', seat: 1, from: 'network', amount: 20 });
		expect(neededNow(spent)).toBe(before - 20);
		expectSound(spent);
	});

	it('but no money is given to the defender then (Gifts and Trades)', () => {
		const privileged = play(table(), neutralizeDemocrats({ privilege: { kind: 'bavarian' } }));
		const offered = play(privileged, { type: 'offer', seat: 2, to: 1, give: { money: 5, specials: [], groups: [] }, take: { money: 0, specials: [], groups: [] }, private: false });
		const id = offered.offers.at(-1)!.id;
		expectRefused(offered, { type: 'acceptOffer', seat: 1, offer: id }, 'PRIVILEGED_ATTACK');
	});
});
