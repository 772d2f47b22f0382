// Special Abilities (Basic Rules: "Special Abilities"; ES "Aptitudes especiales"): every attack
// bonus printed on a group card, and the Illuminati's own (About the Illuminati), one row each.
// "Any attempt" abilities help whichever group of the holder's structure attacks; the others
// ("for direct control", e.g. the Mafia's +3) only when that card itself attacks. A bonus applies
// only to the kinds of attack the card names (take over = control; destroy; neutralize; "any
// attack" = all three) and only against the targets it names.
import { describe, expect, it } from 'vitest';
import { step, type AttackKind, type CardId, type GameState } from '../../src/lib/engine/index.js';
import { world, odds, total } from '../helpers/odds.js';

const ATTACKER = 'multinational-oil-companies'; // Power 6, no alignment, three arrows

interface Row {
	readonly name: string;
	readonly illuminati?: CardId;
	/** The card whose ability is tested, in seat 0's structure (omit for an Illuminati ability). */
	readonly holder?: CardId;
	/** Defaults to the Oil Companies; the holder for "direct" abilities. */
	readonly attacker?: CardId;
	readonly kind: AttackKind;
	readonly target: CardId;
	/** Sum of the 'ability' modifiers. */
	readonly bonus: number;
}

const ROWS: readonly Row[] = [
	// Any-attempt bonuses, any attacker of the structure
	{ name: 'Anti-Nuclear Activists: +2 to destroy the Nuclear Power Companies', holder: 'anti-nuclear-activists', kind: 'destroy', target: 'nuclear-power-companies', bonus: 2 },
	{ name: 'Anti-Nuclear Activists: nothing to control them', holder: 'anti-nuclear-activists', kind: 'control', target: 'nuclear-power-companies', bonus: 0 },
	{ name: 'Anti-Nuclear Activists: nothing to destroy another group', holder: 'anti-nuclear-activists', kind: 'destroy', target: 'republicans', bonus: 0 },
	{ name: 'Clone Arrangers: +3 on any attempt to destroy', holder: 'clone-arrangers', kind: 'destroy', target: 'republicans', bonus: 3 },
	{ name: 'Clone Arrangers: nothing to control', holder: 'clone-arrangers', kind: 'control', target: 'republicans', bonus: 0 },
	{ name: 'Cycle Gangs: +2 on any attempt to destroy', holder: 'cycle-gangs', kind: 'destroy', target: 'republicans', bonus: 2 },
	{ name: 'KGB: +2 on any attempt to destroy', holder: 'kgb', kind: 'destroy', target: 'republicans', bonus: 2 },
	{ name: 'KGB: nothing to neutralize', holder: 'kgb', kind: 'neutralize', target: 'republicans', bonus: 0 },
	{ name: 'Semiconscious Liberation Army: +1 on any attempt to destroy', holder: 'semiconscious-liberation-army', kind: 'destroy', target: 'republicans', bonus: 1 },
	{ name: 'Evil Geniuses: +4 to control the Orbital Mind Control Lasers', holder: 'evil-geniuses-for-a-better-tomorrow', kind: 'control', target: 'orbital-mind-control-lasers', bonus: 4 },
	{ name: 'Evil Geniuses: +4 to neutralize the Lasers', holder: 'evil-geniuses-for-a-better-tomorrow', kind: 'neutralize', target: 'orbital-mind-control-lasers', bonus: 4 },
	{ name: 'Evil Geniuses: +4 to destroy the Lasers', holder: 'evil-geniuses-for-a-better-tomorrow', kind: 'destroy', target: 'orbital-mind-control-lasers', bonus: 4 },
	{ name: 'Evil Geniuses: nothing against another group', holder: 'evil-geniuses-for-a-better-tomorrow', kind: 'control', target: 'republicans', bonus: 0 },
	{ name: 'Feminists: +3 to control a Liberal group', holder: 'feminists', kind: 'control', target: 'democrats', bonus: 3 },
	{ name: 'Feminists: nothing to neutralize a Liberal group', holder: 'feminists', kind: 'neutralize', target: 'democrats', bonus: 0 },
	{ name: 'Feminists: nothing to control a group that is not Liberal', holder: 'feminists', kind: 'control', target: 'republicans', bonus: 0 },
	{ name: 'Hackers: +3 on any attempt to neutralize', holder: 'hackers', kind: 'neutralize', target: 'republicans', bonus: 3 },
	{ name: 'Hackers: nothing to control', holder: 'hackers', kind: 'control', target: 'republicans', bonus: 0 },
	{ name: 'Health Food Stores: +2 to control the Anti-Nuclear Activists', holder: 'health-food-stores', kind: 'control', target: 'anti-nuclear-activists', bonus: 2 },
	{ name: 'International Cocaine Smugglers: +4 to control the Punk Rockers', holder: 'international-cocaine-smugglers', kind: 'control', target: 'punk-rockers', bonus: 4 },
	{ name: 'International Cocaine Smugglers: +4 to control the Cycle Gangs', holder: 'international-cocaine-smugglers', kind: 'control', target: 'cycle-gangs', bonus: 4 },
	{ name: 'International Cocaine Smugglers: +4 to control Hollywood', holder: 'international-cocaine-smugglers', kind: 'control', target: 'hollywood', bonus: 4 },
	{ name: 'International Cocaine Smugglers: nothing to destroy Hollywood', holder: 'international-cocaine-smugglers', kind: 'destroy', target: 'hollywood', bonus: 0 },
	{ name: 'International Communist Conspiracy: +3 to control a Communist group', holder: 'international-communist-conspiracy', kind: 'control', target: 'kgb', bonus: 3 },
	{ name: 'Junk Mail: +4 to control the Post Office', holder: 'junk-mail', kind: 'control', target: 'post-office', bonus: 4 },
	{ name: 'Madison Avenue: +5 to control Big Media', holder: 'madison-avenue', kind: 'control', target: 'big-media', bonus: 5 },
	{ name: 'Madison Avenue: +5 to control Empty Vee', holder: 'madison-avenue', kind: 'control', target: 'empty-vee', bonus: 5 },
	{ name: 'Militia: +6 to destroy a Communist group', holder: 'militia', kind: 'destroy', target: 'kgb', bonus: 6 },
	{ name: 'Militia: nothing to destroy a group that is not Communist', holder: 'militia', kind: 'destroy', target: 'republicans', bonus: 0 },
	{ name: 'Militia: nothing to control a Communist group', holder: 'militia', kind: 'control', target: 'kgb', bonus: 0 },
	{ name: 'Phone Phreaks: +3 to control the Phone Company', holder: 'phone-phreaks', kind: 'control', target: 'phone-company', bonus: 3 },
	{ name: 'Phone Phreaks: +3 to neutralize the Phone Company', holder: 'phone-phreaks', kind: 'neutralize', target: 'phone-company', bonus: 3 },
	{ name: 'Phone Phreaks: +3 to destroy the Phone Company', holder: 'phone-phreaks', kind: 'destroy', target: 'phone-company', bonus: 3 },
	{ name: 'Science Fiction Fans: +2 to control a Weird group', holder: 'science-fiction-fans', kind: 'control', target: 'punk-rockers', bonus: 2 },
	// Direct bonuses: only when the card itself attacks
	{ name: 'L-4 Society attacking the Lasers: +4 (control)', holder: 'l-4-society', attacker: 'l-4-society', kind: 'control', target: 'orbital-mind-control-lasers', bonus: 4 },
	{ name: 'L-4 Society attacking the Lasers: +4 (destroy)', holder: 'l-4-society', attacker: 'l-4-society', kind: 'destroy', target: 'orbital-mind-control-lasers', bonus: 4 },
	{ name: 'L-4 Society held, another group attacks the Lasers: nothing', holder: 'l-4-society', kind: 'control', target: 'orbital-mind-control-lasers', bonus: 0 },
	{ name: 'Mafia attacking a Criminal group: +3 of its own', holder: 'mafia', attacker: 'mafia', kind: 'control', target: 'loan-sharks', bonus: 3 },
	{ name: 'Mafia: nothing of its own to destroy a Criminal group', holder: 'mafia', attacker: 'mafia', kind: 'destroy', target: 'loan-sharks', bonus: 0 },
	{ name: 'SMOF attacking the Science Fiction Fans: +5', holder: 'smof', attacker: 'smof', kind: 'control', target: 'science-fiction-fans', bonus: 5 },
	{ name: 'SMOF attacking the Trekkies: +2', holder: 'smof', attacker: 'smof', kind: 'control', target: 'trekkies', bonus: 2 },
	{ name: 'SMOF held, another group attacks the Science Fiction Fans: nothing', holder: 'smof', kind: 'control', target: 'science-fiction-fans', bonus: 0 },
	{ name: 'TV Preachers attacking the Moral Minority: +3', holder: 'tv-preachers', attacker: 'tv-preachers', kind: 'control', target: 'moral-minority', bonus: 3 },
	{ name: 'Tabloids attacking the Convenience Stores: +3', holder: 'tabloids', attacker: 'tabloids', kind: 'control', target: 'convenience-stores', bonus: 3 },
	{ name: 'Video Games attacking the Convenience Stores: +3', holder: 'video-games', attacker: 'video-games', kind: 'control', target: 'convenience-stores', bonus: 3 },
	{ name: 'Video Games held, the Oil Companies attack the Convenience Stores: nothing', holder: 'video-games', kind: 'control', target: 'convenience-stores', bonus: 0 },
	// The Illuminati's own bonuses count for every group of their structure
	{ name: 'Society of Assassins: +4 on any attempt to neutralize', illuminati: 'society-of-assassins', kind: 'neutralize', target: 'republicans', bonus: 4 },
	{ name: 'Society of Assassins: nothing to control or destroy', illuminati: 'society-of-assassins', kind: 'destroy', target: 'republicans', bonus: 0 },
	{ name: 'Servants of Cthulhu: +2 on any attempt to destroy', illuminati: 'servants-of-cthulhu', kind: 'destroy', target: 'republicans', bonus: 2 },
	{ name: 'Servants of Cthulhu: nothing to neutralize', illuminati: 'servants-of-cthulhu', kind: 'neutralize', target: 'republicans', bonus: 0 },
	{ name: 'Discordian Society: +4 to control a Weird group', illuminati: 'discordian-society', kind: 'control', target: 'punk-rockers', bonus: 4 },
	{ name: 'Discordian Society: nothing to neutralize a Weird group', illuminati: 'discordian-society', kind: 'neutralize', target: 'tabloids', bonus: 0 },
	{ name: 'Discordian Society: nothing to destroy a Weird group', illuminati: 'discordian-society', kind: 'destroy', target: 'tabloids', bonus: 0 },
	{ name: 'Two holders add up: the Cycle Gangs and the KGB give +4 to destroy', holder: 'cycle-gangs', kind: 'destroy', target: 'republicans', bonus: 4 },
];

/** Seat 0 holds the ability card and the attacker; the target is uncontrolled, or seat 1's (the
 * Gnomes') when the attack is to neutralize. The last row adds the KGB beside the Cycle Gangs. */
function tableFor(row: Row): GameState {
	const attacker = row.attacker ?? ATTACKER;
	const groups: { card: CardId; side: 0 | 1 | 2 | 3 }[] = [];
	if (row.holder !== undefined) groups.push({ card: row.holder, side: 0 });
	if (attacker !== row.holder) groups.push({ card: attacker, side: 1 });
	if (row.name.startsWith('Two holders')) groups.push({ card: 'kgb', side: 2 });
	const neutralize = row.kind === 'neutralize';
	return world({
		players: [
			{ illuminati: row.illuminati ?? 'network', money: 10, groups },
			{ illuminati: 'gnomes-of-zurich', groups: neutralize ? [{ card: row.target, side: 1 }] : [] },
		],
		uncontrolled: neutralize ? [] : [row.target],
	});
}

describe('Special Abilities: each printed attack bonus, by kind of attack and target', () => {
	it.each(ROWS)('$name', (row) => {
		const state = tableFor(row);
		const attacker = row.attacker ?? ATTACKER;
		const declared = step(state, { type: 'attack', seat: 0, kind: row.kind, attacker, target: row.target, aids: [] });
		expect(declared.ok, declared.ok ? '' : declared.error.message).toBe(true);
		expect(total(odds(state, row.kind, attacker, row.target).modifiers, 'ability')).toBe(row.bonus);
	});
});

describe('Special Abilities: an any-attempt bonus comes and goes with the card', () => {
	it('the Cycle Gangs dropped: the next attempt to destroy gets nothing', () => {
		const state = tableFor(ROWS.find((r) => r.holder === 'cycle-gangs' && r.kind === 'destroy' && r.bonus === 2)!);
		expect(total(odds(state, 'destroy', ATTACKER, 'republicans').modifiers, 'ability')).toBe(2);
		const dropped = step(state, { type: 'drop', seat: 0, card: 'cycle-gangs' });
		expect(dropped.ok).toBe(true);
		if (!dropped.ok) return;
		expect(total(odds(dropped.state, 'destroy', ATTACKER, 'republicans').modifiers, 'ability')).toBe(0);
	});

	it("another player's Cycle Gangs give nothing", () => {
		const state = world({
			players: [
				{ illuminati: 'network', groups: [{ card: ATTACKER, side: 1 }] },
				{ illuminati: 'gnomes-of-zurich', groups: [{ card: 'cycle-gangs', side: 1 }] },
			],
			uncontrolled: ['republicans'],
		});
		expect(total(odds(state, 'destroy', ATTACKER, 'republicans').modifiers, 'ability')).toBe(0);
	});
});

describe('Resistance abilities: Gun Lobby and Survivalists', () => {
	// Gun Lobby: Resistance 3, but 10 against a Liberal, Communist or Weird attacker (the attacking
	// group's alignment: aiding groups' alignments do not matter, Aiding Attacks).
	const gunLobby = (attacker: CardId, aids: CardId[] = []) =>
		world({
			players: [
				{ illuminati: 'network', groups: [{ card: attacker, side: 1 }, ...aids.map((card, i) => ({ card, side: (i === 0 ? 2 : 3) as 2 | 3 }))] },
				{ illuminati: 'gnomes-of-zurich' },
			],
			uncontrolled: ['gun-lobby'],
		});
	it.each<[string, CardId, number]>([
		['a Liberal attacker (Democrats)', 'democrats', 10],
		['a Communist attacker (International Communist Conspiracy)', 'international-communist-conspiracy', 10],
		['a Weird attacker (Tabloids)', 'tabloids', 10],
		['an attacker with none of them (Oil Companies)', ATTACKER, 3],
		['a Conservative attacker (Republicans)', 'republicans', 3],
	])('against %s its Resistance is %i', (_name, attacker, resistance) => {
		expect(total(odds(gunLobby(attacker), 'control', attacker, 'gun-lobby').modifiers, 'resistance')).toBe(-resistance);
	});

	it('a Liberal aiding group does not raise it: the attacking group decides', () => {
		const state = gunLobby(ATTACKER, ['underground-newspapers']);
		expect(total(odds(state, 'control', ATTACKER, 'gun-lobby', ['underground-newspapers']).modifiers, 'resistance')).toBe(-3);
	});

	it('to destroy, the Gun Lobby defends with its Power (1), not a Resistance', () => {
		const m = odds(gunLobby('democrats'), 'destroy', 'democrats', 'gun-lobby').modifiers;
		expect(total(m, 'defendingPower')).toBe(-1);
		expect(total(m, 'resistance')).toBe(0);
	});

	it('Survivalists: +2 Resistance to their owner\'s other groups, nothing to Power in an attempt to destroy', () => {
		const state = world({
			players: [
				{ illuminati: 'network', groups: [{ card: ATTACKER, side: 1 }] },
				{
					illuminati: 'gnomes-of-zurich',
					groups: [
						{ card: 'survivalists', side: 0 },
						{ card: 'republicans', side: 1 },
					],
				},
			],
		});
		expect(total(odds(state, 'neutralize', ATTACKER, 'republicans').modifiers, 'resistance')).toBe(-6);
		expect(total(odds(state, 'destroy', ATTACKER, 'republicans').modifiers, 'defendingPower')).toBe(-4);
	});
});
