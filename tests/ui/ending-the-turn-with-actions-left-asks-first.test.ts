// Issue 16: "Done with actions" and "End the turn" looked the same, and ending with actions left
// asked nothing. They are now drawn differently (an outlined step on to the free transfers; the
// one filled button for the turn's end, each with a line saying what follows), and either one
// pressed while actions are left asks for a confirmation naming them, in all three languages.
import { render } from 'svelte/server';
import { afterAll, describe, expect, it } from 'vitest';
import { legalActions } from '../../src/lib/engine/index.js';
import { choicesIn, groupChoices } from '../../src/lib/ui/actions/choices.js';
import { actionsGivenUp, endingLook } from '../../src/lib/ui/actions/endings.js';
import TurnTools from '../../src/lib/ui/actions/TurnTools.svelte';
import { LOCALES, translate } from '../../src/lib/ui/i18n/index.js';
import { play, scenario } from '../helpers/scenario.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';
import { awaitLazyPanels } from '../support/lazy-panels.js';

const start = scenario({
	players: [
		{ illuminati: 'bavarian-illuminati', money: 20, groups: [{ card: 'multinational-oil-companies', side: 1, money: 4 }] },
		{ illuminati: 'network', money: 10 },
	],
	uncontrolled: ['yuppies'],
	turn: { seat: 0, step: 'actions', actionsLeft: 2 },
});

describe('ending the actions or the turn', () => {
	failOnMissingMessages();
	// Panels the rendered components load with import() finish loading before teardown.
	afterAll(() => awaitLazyPanels(import.meta.url));

	it('asks first only while actions would be given up', () => {
		expect(actionsGivenUp(start.turn, 'endTurn')).toBe(2);
		expect(actionsGivenUp(start.turn, 'endActions')).toBe(2);
		expect(actionsGivenUp(start.turn, 'passTurn')).toBe(0); // passing takes no action by design
		expect(actionsGivenUp({ step: 'actions', actionsLeft: 0 }, 'endTurn')).toBe(0);
		const transfers = play(start, { type: 'endActions', seat: 0 });
		expect(transfers.turn?.step).toBe('transfers');
		expect(actionsGivenUp(transfers.turn, 'endTurn')).toBe(0);
	});

	it('the two buttons look different, and each says what follows it', () => {
		expect(endingLook('endActions')).not.toBe(endingLook('endTurn'));
		const choices = groupChoices(legalActions(start, 0));
		const { body } = render(TurnTools, { props: { state: start, seat: 0, choices: [...choicesIn(choices, 'attack'), ...choicesIn(choices, 'turn')], run: () => true } });
		const button = (type: string) => new RegExp(`<button[^>]*data-testid="${type}"[^>]*>`).exec(body)?.[0] ?? '';
		expect(button('endActions')).toMatch(/data-look="next-step"/);
		expect(button('endTurn')).toMatch(/data-look="finish"/);
		expect(button('endTurn')).toMatch(/class="[^"]*primary/);
		expect(button('endActions')).not.toMatch(/class="[^"]*primary/);
		for (const type of ['endActions', 'endTurn']) {
			const described = /aria-describedby="([^"]+)"/.exec(button(type))?.[1];
			expect(body).toContain(`id="${described}">${translate('en', `actions.ending.hint.${type}`)}<`);
		}
	});

	it.each(LOCALES)('the confirmation names the actions left, in one and many (%s)', (locale) => {
		for (const type of ['endActions', 'endTurn']) {
			const one = translate(locale, `actions.ending.confirm.${type}`, { actions: 1 });
			const two = translate(locale, `actions.ending.confirm.${type}`, { actions: 2 });
			expect(one).toMatch(/\b1\b/);
			expect(two).toMatch(/\b2\b/);
			expect(one.replace('1', '2')).not.toBe(two); // the plural form differs
			expect(translate(locale, `actions.ending.yes.${type}`)).not.toBe(translate(locale, 'actions.ending.keepPlaying'));
		}
	});
});
