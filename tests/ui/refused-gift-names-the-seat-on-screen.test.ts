// Issue 16: an illegal gift's refusal named the wrong seat. The engine counts seats from 0 in its
// technical sentence ("Seat 0's Illuminati hold 10 MB"); the panel shows seats from 1 everywhere
// else, so the detail it shows must name the giver as the panel does.
import { afterAll, describe, expect, it } from 'vitest';
import { step } from '../../src/lib/engine/index.js';
import { explain, seatsForPeople } from '../../src/lib/ui/actions/errors.js';
import { seatName } from '../../src/lib/ui/actions/labels.js';
import { scenario } from '../helpers/scenario.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';
import { awaitLazyPanels } from '../support/lazy-panels.js';

describe('a refused gift', () => {
	failOnMissingMessages();
	// Panels and texts the code loads with import() finish loading before teardown.
	afterAll(() => awaitLazyPanels(import.meta.url));

	const state = scenario({
		players: [
			{ illuminati: 'bavarian-illuminati', money: 10 },
			{ illuminati: 'network', money: 10 },
			{ illuminati: 'gnomes-of-zurich', money: 10 },
		],
	});

	it('names the giver by the seat number shown on screen, not the engine’s index', () => {
		const result = step(state, { type: 'give', seat: 1, to: 2, money: 999, specials: [] });
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.error.message).toMatch(/\bSeat 1\b/); // the engine's index of the second seat
		const shown = explain(result.error.code, result.error.message);
		expect(shown.code).toBe('NOT_ENOUGH_MONEY');
		expect(shown.detail).toMatch(/\bSeat 2\b/);
		expect(shown.detail).not.toMatch(/\bSeat 1\b/);
		expect(seatName(state, 1)).toMatch(/\b2\)/); // "The Network (seat 2)": the same number
	});

	it('renumbers every seat of a detail, in either case, and leaves other numbers alone', () => {
		expect(seatsForPeople("It is seat 0's turn: 2 actions left.")).toBe("It is seat 1's turn: 2 actions left.");
		expect(seatsForPeople('Seat 2 already voted seat 10 absent.')).toBe('Seat 3 already voted seat 11 absent.');
		expect(seatsForPeople('No seat here; 5 MB.')).toBe('No seat here; 5 MB.');
	});
});
