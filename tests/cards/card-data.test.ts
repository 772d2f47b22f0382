// Card data: the generated classic deck is complete, well-formed and agrees with the rules'
// worked examples; the committed data/ files are what the generator makes from the card facts kept in
// the project (tests/fixtures/cards/classic.facts.json, written by scripts/gen-cards.mjs from
// ../shared/cards/classic.json; this test does not need ../shared).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
	ALIGNMENTS,
	ALL_CARDS,
	BASIC_GOAL_BY_PLAYERS,
	CARDS,
	GROUPS,
	ILLUMINATI,
	OPPOSITE,
	SPECIALS,
	card,
	groupCard,
	illuminatiCard,
	isGroup,
	isIlluminati,
	isSpecial,
	specialCard,
	type Ability,
	type GroupCard
} from '../../src/lib/engine/cards/index.js';
import { FRENCH_NAMES } from '../../src/lib/engine/cards/data/names-fr.js';
import { cardSummary } from '../../src/lib/engine/cards/summaries.js';
import { cardFacts, generateCardModules } from '../../scripts/gen-cards.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FACTS_JSON = resolve(ROOT, 'tests/fixtures/cards/classic.facts.json');
const CARDS_DIR = resolve(ROOT, 'src/lib/engine/cards');

/** The parts of the card facts the failure cases below tamper with. */
interface Json {
	groups: { ability: unknown; alignments: unknown; power: unknown }[];
	illuminati: { goal: unknown }[];
	specials: { effect: unknown }[];
}

describe('the classic deck is complete', () => {
	it.each([
		['Illuminati', ILLUMINATI.length, 8],
		['groups', GROUPS.length, 83],
		['specials', SPECIALS.length, 15],
		['all cards', ALL_CARDS.length, 106]
	])('has the right number of %s', (_what, actual, expected) => {
		expect(actual).toBe(expected);
	});

	it('gives every card a unique id, and an index equal to its position in ALL_CARDS', () => {
		expect(new Set(ALL_CARDS.map((c) => c.id)).size).toBe(ALL_CARDS.length);
		ALL_CARDS.forEach((c, i) => expect(c.index).toBe(i));
		// CARDS also looks up the FR add-on's five illuminated groups (tests/cards/illuminated-cards.test.ts)
		// and the eight Hidden Illuminati stand-ins (cards/face-down.ts).
		expect(Object.keys(CARDS)).toHaveLength(ALL_CARDS.length + 5 + 8);
	});

	it('orders cards Illuminati, then groups, then specials', () => {
		expect(ALL_CARDS.map((c) => c.kind)).toEqual([
			...Array<string>(8).fill('illuminati'),
			...Array<string>(83).fill('group'),
			...Array<string>(15).fill('special')
		]);
	});

	it('has two copies of Interference among the specials', () => {
		const interference = SPECIALS.filter((s) => s.effect.kind === 'interfereInPrivileged');
		expect(interference.map((s) => s.id)).toEqual(['interference-1', 'interference-2']);
		expect(new Set(interference.map((s) => s.name)).size).toBe(1);
	});

	it('uses only integers for every number in the data (no floats)', () => {
		const walk = (v: unknown): void => {
			if (typeof v === 'number') expect(Number.isInteger(v)).toBe(true);
			else if (v && typeof v === 'object') Object.values(v).forEach(walk);
		};
		walk(ALL_CARDS);
	});

	it('gives every card a non-empty own-words summary where it has an ability or effect', () => {
		for (const c of ALL_CARDS) {
			const hasRules = c.kind === 'special' || c.abilities.length > 0;
			expect(cardSummary(c.id)!.summary.length > 0, c.id).toBe(hasRules);
		}
		for (const c of ILLUMINATI) expect(cardSummary(c.id)!.goal!.length, c.id).toBeGreaterThan(0);
		for (const c of GROUPS) expect(cardSummary(c.id)!.goal, c.id).toBeUndefined();
	});

	it('keeps the summaries out of the card data the game loads (issue 16: no game code reads them)', () => {
		for (const c of Object.values(CARDS)) {
			expect('summary' in c || 'goalSummary' in c || 'nameFr' in c, c.id).toBe(false);
			expect(cardSummary(c.id), c.id).toBeDefined();
		}
		expect(cardSummary('no-such-card')).toBeUndefined();
	});
});

describe('French names (data/names-fr.ts, apart from the cards: the UI loads them with the French messages)', () => {
	it('names all 8 Illuminati, 50 groups and 10 specials, each a card of the deck', () => {
		const kinds = Object.keys(FRENCH_NAMES).map((id) => card(id).kind);
		expect(['illuminati', 'group', 'special'].map((kind) => kinds.filter((k) => k === kind).length)).toEqual([8, 50, 10]);
		expect(FRENCH_NAMES['network']).toBe('Le Réseau');
	});
});

describe('arrows (the card frame)', () => {
	it.each(GROUPS.map((g) => [g.id, g] as const))(
		'%s has exactly one inward side, not among its 0..3 outward sides',
		(_id, g) => {
			expect([0, 1, 2, 3]).toContain(g.arrows.in);
			expect(g.arrows.out.length).toBeLessThanOrEqual(3);
			expect(g.arrows.out).not.toContain(g.arrows.in);
			expect(new Set(g.arrows.out).size).toBe(g.arrows.out.length);
		}
	);

	it('gives every Illuminati card outward arrows on all four sides', () => {
		for (const c of ILLUMINATI) expect([...c.arrows.out].sort()).toEqual([0, 1, 2, 3]);
	});

	it('a group with no outward arrows has no Power (rulebook: The Groups)', () => {
		const noOut = GROUPS.filter((g) => g.arrows.out.length === 0);
		expect(noOut.length).toBeGreaterThan(0);
		for (const g of noOut) expect(g.power, g.id).toBe(0);
	});
});

describe('Power, transferable Power, resistance and income', () => {
	const canAttack = (g: GroupCard) => g.power > 0;
	const canAid = (g: GroupCard) => g.transferable > 0;

	it('power 0/x groups cannot attack but may aid', () => {
		const zeroSlashX = GROUPS.filter((g) => g.power === 0 && g.transferable > 0);
		expect(zeroSlashX.map((g) => g.id).sort()).toEqual([
			'evil-geniuses-for-a-better-tomorrow',
			'men-in-black',
			'phone-phreaks'
		]);
		for (const g of zeroSlashX) {
			expect(canAttack(g), g.id).toBe(false);
			expect(canAid(g), g.id).toBe(true);
		}
	});

	it('never gives more transferable Power than Power, except on 0/x groups', () => {
		for (const g of GROUPS) if (g.power > 0) expect(g.transferable, g.id).toBeLessThanOrEqual(g.power);
	});

	it('never has a negative number on a card', () => {
		for (const g of GROUPS) {
			for (const v of [g.power, g.transferable, g.resistance, g.income]) {
				expect(v, g.id).toBeGreaterThanOrEqual(0);
			}
		}
	});
});

describe('spot checks against the rules’ worked examples', () => {
	const mafia = groupCard('mafia');
	it.each([
		['Mafia power', mafia.power, 7],
		['Mafia transferable', mafia.transferable, 0],
		['Mafia resistance', mafia.resistance, 7],
		['Mafia income', mafia.income, 6]
	])('%s', (_what, actual, expected) => expect(actual).toBe(expected));

	it.each<[string, readonly string[], readonly Ability[]]>([
		[
			'mafia',
			['Criminal', 'Violent'],
			[
				{
					kind: 'attackBonus',
					scope: 'direct',
					attacks: ['control'],
					value: 3,
					target: { kind: 'alignment', alignment: 'Criminal' }
				}
			]
		],
		[
			'cycle-gangs',
			['Violent', 'Weird'],
			[
				{
					kind: 'attackBonus',
					scope: 'anyAttempt',
					attacks: ['destroy'],
					value: 2,
					target: { kind: 'any' }
				}
			]
		],
		['irs', ['Criminal', 'Government'], [{ kind: 'tax', amount: 2 }]],
		['post-office', ['Government'], [{ kind: 'upkeep', amount: 1 }]]
	])('%s has the expected alignments and abilities', (id, alignments, abilities) => {
		const g = groupCard(id);
		expect([...g.alignments].sort()).toEqual([...alignments].sort());
		expect(g.abilities).toEqual(abilities);
	});

	it.each([
		['irs', 0],
		['post-office', 0]
	])('%s has income %i (its tax or upkeep is an ability, never a negative income)', (id, income) => {
		expect(groupCard(id).income).toBe(income);
	});

	it.each([
		['bavarian-illuminati', 10, 10, 9],
		['bermuda-triangle', 8, 8, 9],
		['discordian-society', 8, 8, 8],
		['gnomes-of-zurich', 7, 7, 12],
		['network', 7, 7, 9],
		['servants-of-cthulhu', 9, 9, 7],
		['society-of-assassins', 8, 8, 8],
		['ufos', 6, 6, 8]
	])('%s has power/transferable/income %i/%i/%i', (id, power, transferable, income) => {
		const c = illuminatiCard(id);
		expect([c.power, c.transferable, c.income]).toEqual([power, transferable, income]);
	});

	it.each([
		['bavarian-illuminati', { kind: 'totalPower', threshold: 35 }],
		['bermuda-triangle', { kind: 'allAlignments' }],
		['discordian-society', { kind: 'alignmentCount', alignment: 'Weird', count: 5 }],
		['gnomes-of-zurich', { kind: 'treasuryTotal', threshold: 150 }],
		['network', { kind: 'totalTransferable', threshold: 25 }],
		['servants-of-cthulhu', { kind: 'destroyCount', count: 8 }],
		['society-of-assassins', { kind: 'alignmentCount', alignment: 'Violent', count: 6 }],
		['ufos', { kind: 'secretChoice' }]
	])('%s has its special goal', (id, goal) => {
		expect(illuminatiCard(id).goal).toEqual(goal);
	});
});

describe('lookups', () => {
	it.each([
		['cia', 'group'],
		['bavarian-illuminati', 'illuminati'],
		['bribery', 'special']
	])('card(%s) is a %s and the is* helpers agree', (id, kind) => {
		expect(card(id).kind).toBe(kind);
		expect([isGroup(id), isIlluminati(id), isSpecial(id)]).toEqual([
			kind === 'group',
			kind === 'illuminati',
			kind === 'special'
		]);
	});

	it.each([
		['card', () => card('no-such-card')],
		['card (prototype key)', () => card('toString')],
		['groupCard on an Illuminati', () => groupCard('ufos')],
		['illuminatiCard on a group', () => illuminatiCard('mafia')],
		['specialCard on a group', () => specialCard('cia')]
	])('%s throws for a wrong id', (_what, f) => {
		expect(f).toThrow(Error);
	});

	it('answers false from is* helpers for unknown ids', () => {
		expect([isGroup('nope'), isIlluminati('nope'), isSpecial('nope')]).toEqual([false, false, false]);
	});
});

describe('rule tables', () => {
	it('OPPOSITE is symmetric, with Criminal having none and Fanatic opposing Fanatic', () => {
		for (const a of ALIGNMENTS) {
			const o = OPPOSITE[a];
			if (o !== null) expect(OPPOSITE[o]).toBe(a);
		}
		expect(OPPOSITE.Criminal).toBeNull();
		expect(OPPOSITE.Fanatic).toBe('Fanatic');
		expect(OPPOSITE.Government).toBe('Communist');
	});

	it.each([
		[2, 13],
		[3, 13],
		[4, 12],
		[5, 10],
		[6, 9],
		[7, 8],
		[8, 8]
	])('BASIC_GOAL_BY_PLAYERS: %i players must control %i groups', (players, groups) => {
		expect(BASIC_GOAL_BY_PLAYERS[players]).toBe(groups);
	});
});

describe('the generator', () => {
	const factsText = readFileSync(FACTS_JSON, 'utf8');

	it('is up to date: running it on the project’s card facts reproduces the committed data/ files', () => {
		const files = generateCardModules(JSON.parse(factsText));
		expect(Object.keys(files).sort()).toEqual(readdirSync(resolve(CARDS_DIR, 'data')).map((name) => `data/${name}`).sort());
		for (const [file, text] of Object.entries(files)) expect(text, file).toBe(readFileSync(resolve(CARDS_DIR, file), 'utf8'));
	});

	it('writes files of under 400 lines, the groups in parts', () => {
		const files = generateCardModules(JSON.parse(factsText));
		for (const [file, text] of Object.entries(files)) expect(text.split('\n').length, file).toBeLessThan(400);
		expect(Object.keys(files).filter((file) => /groups-\d+/.test(file)).length).toBeGreaterThan(1);
	});

	it('keeps facts only in the project: the facts file is what cardFacts keeps, with no summaries or provenance', () => {
		const facts = JSON.parse(factsText);
		expect(cardFacts(facts)).toEqual(facts);
		expect(factsText).not.toMatch(/summary|provenance|confidence/);
		expect([facts.illuminati.length, facts.groups.length, facts.specials.length]).toEqual([8, 83, 15]);
	});

	it('cardFacts drops what the generator does not read', () => {
		const card = { id: 'x', name: 'X', copies: 1, timing: { when: 'any time' }, effect: { kind: 'k' }, summary: 'prose', provenance: {} };
		const facts = cardFacts({ sources: {}, illuminati: [], groups: [], specials: [card] });
		expect(facts.specials).toEqual([{ id: 'x', name: 'X', copies: 1, timing: { when: 'any time' }, effect: { kind: 'k' } }]);
		expect(Object.keys(facts)).toEqual(['about', 'illuminati', 'groups', 'specials']);
	});

	it.each([
		['an unknown group ability kind', (j: Json) => (j.groups[0].ability = [{ kind: 'teleport' }])],
		['an unknown Illuminati goal kind', (j: Json) => (j.illuminati[0].goal = { kind: 'world-peace' })],
		['an unknown special effect kind', (j: Json) => (j.specials[0].effect = { kind: 'nap' })],
		['an unknown alignment', (j: Json) => (j.groups[0].alignments = ['Sleepy'])],
		['a non-integer number', (j: Json) => (j.groups[0].power = 1.5)]
	])('fails loudly on %s', (_what, mutate) => {
		const json = JSON.parse(factsText);
		mutate(json);
		expect(() => generateCardModules(json)).toThrow(/gen-cards/);
	});
});
