// Issue 16: "The UFOs attacks". A verb after a group's or player's name agrees with the name's
// number in every language (the table's status line, the spending window, the chain window, the
// absence vote, the log), and so does a pronoun for the target ("to control them").
import { render } from 'svelte/server';
import { afterAll, describe, expect, it } from 'vitest';
import { cardNumber, legalLabel, seatName, seatNumber } from '../../src/lib/ui/actions/labels.js';
import { setLocale, translate, type Locale } from '../../src/lib/ui/i18n/index.js';
import Table from '../../src/lib/ui/table/Table.svelte';
import { cardName } from '../../src/lib/ui/table/card-text.js';
import { describeLines } from '../../src/lib/ui/words/index.js';
import { play, scenario } from '../helpers/scenario.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';
import { awaitLazyPanels } from '../support/lazy-panels.js';

const ufosAttack = (target: string) =>
	play(
		scenario({
			players: [
				{ illuminati: 'ufos', money: 20 },
				{ illuminati: 'network', money: 10, groups: [{ card: 'cia', side: 1, money: 2 }] },
			],
			uncontrolled: ['yuppies', 'mafia'],
		}),
		{ type: 'attack', seat: 0, kind: 'control', attacker: 'ufos', target, aids: [] },
	);

const EXPECTED: Record<Locale, { plural: RegExp; singular: RegExp; them: RegExp; it: RegExp }> = {
	en: { plural: /UFOs attack /, singular: /Network attacks /, them: /to control them$/, it: /to control it$/ },
	fr: { plural: /Ovnis attaquent /, singular: /Réseau attaque /, them: /pour les contrôler$/, it: /pour le contrôler$/ },
	es: { plural: / atacan a /, singular: / ataca a /, them: /para controlarlos$/, it: /para controlarlo$/ },
};

describe('verbs agree with plural names', () => {
	failOnMissingMessages();
	// Panels the rendered components load with import() finish loading before teardown.
	afterAll(() => awaitLazyPanels(import.meta.url));

	it.each(['en', 'fr', 'es'] as const)('on the table’s attack line (%s)', (locale) => {
		setLocale(locale);
		const line = (attacker: string, target: string) =>
			translate(locale, 'table.attack.line', { attacker: cardName(attacker), attackerN: cardNumber(attacker), target: cardName(target), targetN: cardNumber(target), kind: 'control' });
		expect(line('ufos', 'yuppies')).toMatch(EXPECTED[locale].plural);
		expect(line('ufos', 'yuppies')).toMatch(EXPECTED[locale].them);
		expect(line('network', 'mafia')).toMatch(EXPECTED[locale].singular);
		expect(line('network', 'mafia')).toMatch(EXPECTED[locale].it);
		setLocale('en');
	});

	it('the table draws the agreeing line', () => {
		setLocale('en');
		const { body } = render(Table, { props: { state: ufosAttack('yuppies'), viewer: [0] } });
		expect(body).toContain(`${cardName('ufos')} attack ${cardName('yuppies')} to control them`);
		expect(body).not.toMatch(/UFOs attacks/);
	});

	it.each(['en', 'fr', 'es'] as const)('in the spending window, the chain window and the absence vote (%s)', (locale) => {
		setLocale(locale);
		const state = ufosAttack('mafia');
		const verb = { en: ['attack ', 'are not answering', 'have played'], fr: ['attaquent', 'ne répondent plus', 'ont joué'], es: ['atacan', 'no responden', 'jugaron'] }[locale];
		const summary = translate(locale, 'actions.spending.summary', { player: seatName(state, 0), attacker: cardName('ufos'), attackerN: cardNumber('ufos'), target: cardName('mafia'), kind: 'x' });
		expect(summary).toContain(verb[0]);
		expect(translate(locale, 'actions.window.chain', { player: seatName(state, 0), playerN: seatNumber(state, 0), cards: 'x' })).toContain(verb[2]);
		expect(legalLabel(state, { action: { type: 'declareAbsent', seat: 1, target: 0 } })).toContain(verb[1]);
		setLocale('en');
	});

	it.each(['en', 'fr', 'es'] as const)('in the log (%s)', (locale) => {
		const before = ufosAttack('yuppies');
		const lines = describeLines(null, { type: 'attack', seat: 0, kind: 'control', attacker: 'ufos', target: 'yuppies', aids: [] }, before, locale);
		expect(lines.join(' ')).toMatch({ en: /UFOs attack to/, fr: /Ovnis attaquent pour/, es: / atacan para/ }[locale]);
	});
});
