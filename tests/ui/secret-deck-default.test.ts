// The new-game form's default (issue 13; docs/deck.md): an online game with seats for other devices
// deals from the secret deck unless "Open hands" is ticked; hot seat never does.
import { describe, expect, it } from 'vitest';
import { defaultForm, planNewGame } from '../../src/lib/ui/app/new-game.js';

const secretDeck = (plan: ReturnType<typeof planNewGame>) => (plan.ok ? plan.options.secretDeck === true : null);

describe('New game: the secret deck by default', () => {
	it('the form starts with open hands unticked, and an online game for other devices uses the secret deck', () => {
		const form = defaultForm();
		expect(form.openHands).toBe(false);
		expect(secretDeck(planNewGame(form, 'Game'))).toBe(true);
	});

	it('ticking open hands, or a hot seat on this device, leaves the secret deck out', () => {
		expect(secretDeck(planNewGame({ ...defaultForm(), openHands: true }, 'Game'))).toBe(false);
		expect(secretDeck(planNewGame({ ...defaultForm(), mode: 'local' }, 'Game'))).toBe(false);
	});
});
