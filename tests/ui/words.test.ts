// The game log in words: every action type is told with its facts, in all three languages, and
// whole random games are told without a missing message, "undefined" or "NaN".
import { describe, expect, it } from 'vitest';
import { ACTION_TYPES, step, type Action, type ActionType, type GameState } from '../../src/lib/engine/index.js';
import { CARDS, type CardId } from '../../src/lib/engine/cards/index.js';
import { LOCALES, type Locale } from '../../src/lib/ui/i18n/index.js';
import { SPANISH_NAMES } from '../../src/lib/ui/cards/names-es.js';
import { describe as tell } from '../../src/lib/ui/words/index.js';
import { EXAMPLES } from './helpers/examples.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';
import { FRENCH_NAMES } from '../../src/lib/ui/cards/names-fr.js';
import { offer, table } from '../helpers/deals.js';
import { play } from '../helpers/scenario.js';

/** A card's name as a reader of that language expects it (French from the card data, Spanish from names-es.ts). */
function nm(id: CardId, locale: Locale): string {
	const card = CARDS[id]!;
	return locale === 'fr' ? (FRENCH_NAMES[id]?.name ?? card.name) : locale === 'es' ? (SPANISH_NAMES[id]?.name ?? card.name) : card.name;
}

/** French and Spanish sentences contract articles ("de Les Gnomes" → "des Gnomes", "de El" → "del"): look for the name without its article. */
function findable(name: string, locale: Locale): string {
	return locale === 'fr' ? name.replace(/^(Les|Le|La) /, '') : locale === 'es' ? name.replace(/^(Los|Las|La|El) /, '') : name;
}

function playerName(state: GameState, seat: number, locale: Locale): string {
	return nm(state.players[seat]!.illuminati!, locale);
}

type Facts = (before: GameState, action: Action, after: GameState, locale: Locale) => string[];

const actor: Facts = (before, action, _after, locale) => ('seat' in action ? [playerName(before, action.seat, locale)] : []);
const withActor = (more: Facts): Facts => (b, a, af, l) => [...actor(b, a, af, l), ...more(b, a, af, l)];
const cards = (...ids: CardId[]): Facts => (_b, _a, _af, l) => ids.map((id) => nm(id, l));

/** What each action's words must contain, beyond "nothing undefined". */
const FACTS: Readonly<Record<ActionType, Facts>> = {
	random: (_b, _a, after, l) => after.players.map((p) => nm(p.illuminati!, l)),
	fixed: () => ['5 (2 + 3)'],
	commitGoal: actor,
	revealGoal: withActor(() => ['25']), // the Network's goal: 25 transferable Power
	declineClaim: actor,
	pay: withActor((_b, _a, _af, l) => ['2 MB', nm('kgb', l)]),
	attack: withActor(cards('multinational-oil-companies', 'yuppies', 'cia')),
	aid: (_b, a, _af, l) => [nm((a as Extract<Action, { type: 'aid' }>).card, l)],
	spend: withActor(() => ['3 MB']),
	playSpecial: withActor(cards('slush-fund')),
	abolishPrivilege: withActor((_b, a, _af, l) => (a as Extract<Action, { type: 'abolishPrivilege' }>).cards.map((id) => nm(id, l))),
	passWindow: actor,
	passSpending: actor,
	callOff: actor,
	placeCapture: withActor(cards('republicans', 'multinational-oil-companies')),
	placePuppet: (_b, a, _af, l) => [nm((a as Extract<Action, { type: 'placePuppet' }>).card, l)],
	captureTransfer: withActor((_b, _a, _af, l) => ['2 MB', nm('multinational-oil-companies', l), nm('republicans', l)]),
	transfer: withActor((_b, _a, _af, l) => ['2 MB', nm('cia', l)]),
	move: withActor((_b, a, _af, l) => [nm((a as Extract<Action, { type: 'move' }>).card, l)]),
	drop: withActor(cards('cia')),
	passTurn: withActor(() => ['5 MB']),
	endActions: actor,
	endTurn: actor,
	redistribute: actor,
	reorganize: actor,
	editAlignment: withActor((_b, a, _af, l) => [nm((a as Extract<Action, { type: 'editAlignment' }>).target, l)]),
	recycle: withActor(() => ['5 MB']),
	offer: withActor((b, _a, _af, l) => [playerName(b, 1, l), '3 MB', nm('cia', l), nm('republicans', l), 'and 5 MB next turn']),
	acceptOffer: withActor((b, _a, _af, l) => [playerName(b, 0, l)]),
	declineOffer: withActor((b, _a, _af, l) => [playerName(b, 0, l)]),
	withdrawOffer: withActor((b, _a, _af, l) => [playerName(b, 1, l)]),
	give: withActor((b, _a, _af, l) => [playerName(b, 0, l), '4 MB']),
	placeReceived: withActor((_b, a, _af, l) => [nm('cia', l), nm((a as Extract<Action, { type: 'placeReceived' }>).master, l)]),
	leave: actor,
	declareAbsent: withActor((b, _a, _af, l) => [playerName(b, 2, l)]),
	returnPresent: actor,
	viewSpecials: withActor((b, _a, _af, l) => [playerName(b, 1, l)]),
	skipPlayer: withActor((b, _a, _af, l) => [playerName(b, 2, l)]),
	waiveTax: withActor((b, _a, _af, l) => [playerName(b, 0, l)]),
	accuse: withActor((b, _a, _af, l) => [playerName(b, 1, l), nm('network', l)]),
	stateIlluminati: withActor(() => ['8', '9']),
	denyAccusation: withActor((_b, _a, _af, l) => [nm('network', l)]),
	revealIlluminati: withActor((_b, _a, after, l) => [nm(after.players[0]!.illuminati!, l)]),
};

const JUNK = /undefined|NaN|\[object|\{|\}/;

describe('The log in words: every action type', () => {
	failOnMissingMessages();

	it('has an example and facts for every type in ACTION_TYPES', () => {
		expect(Object.keys(EXAMPLES).sort()).toEqual([...ACTION_TYPES].sort());
		expect(Object.keys(FACTS).sort()).toEqual([...ACTION_TYPES].sort());
	});

	it.each(ACTION_TYPES)('%s is told with who did it and its facts, in every language', (type) => {
		const { before, action } = EXAMPLES[type]();
		const result = step(before, action);
		if (!result.ok) throw new Error(`example ${type} refused: ${result.error.code} ${result.error.message}`);
		const texts = LOCALES.map((locale) => tell(before, action, result.state, locale));
		LOCALES.forEach((locale, i) => {
			const text = texts[i]!;
			expect(text, `${type} in ${locale}`).not.toMatch(JUNK);
			for (const fact of FACTS[type](before, action, result.state, locale)) expect(text, `${type} in ${locale}`).toContain(findable(fact, locale));
		});
		expect(new Set(texts).size, `${type}: the three languages differ`).toBe(3);
	});
});

describe('The log in words: Specials of the receiver’s choice', () => {
	failOnMissingMessages();
	const before = play(table(), offer(0, 1, { money: 6 }, { anySpecials: 1 }));
	const accept: Action = { type: 'acceptOffer', seat: 1, offer: 0, chosen: ['slush-fund'] };
	const after = play(before, accept);
	const OF_CHOICE: Readonly<Record<Locale, string>> = { en: 'a Special card of their choice', fr: 'une carte spéciale de son choix', es: 'una carta Especial a su elección' };
	const PICKING: Readonly<Record<Locale, string>> = { en: 'picking', fr: 'choisit de céder', es: 'elige entregar' };

	it.each(LOCALES)('the offer says how many Specials it leaves to the receiver’s choice (%s)', (locale) => {
		const action = offer(0, 1, { money: 6 }, { anySpecials: 1 });
		for (const viewer of [null, 0, 1, 2]) expect(tell(table(), action, before, locale, { viewer })).toContain(OF_CHOICE[locale]);
	});

	it.each(LOCALES)('the acceptance names the picked cards to the two parties, and counts them for the others (%s)', (locale) => {
		for (const viewer of [0, 1]) {
			const text = tell(before, accept, after, locale, { viewer });
			expect(text).toContain(PICKING[locale]);
			expect(text).toContain(nm('slush-fund', locale));
			expect(text).toContain(playerName(before, 0, locale).replace(/^(Les|Le|La|Los|Las|El) /, ''));
		}
		const other = tell(before, accept, after, locale, { viewer: 2 });
		expect(other).toContain(PICKING[locale]);
		expect(other).not.toContain(nm('slush-fund', locale));
	});
});
