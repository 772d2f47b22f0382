/**
 * Leaving the Game while one's own Special waits in an open window: the seat is out, its treasury
 * went to the bank, so a Swiss Bank Account it played pays no one when the window closes (it used
 * to throw an engine bug: no Illuminati left in that seat's structure). Found by the action-panel
 * sample of a Hidden Illuminati game (tests/ui/actions-choices.test.ts, seed actions-hidden-illuminati).
 */
import { describe, expect, it } from 'vitest';
import { play, scenario } from '../helpers/scenario.js';

describe('a Special whose player left before its window closed', () => {
	it('Swiss Bank Account played, then its player leaves: the window closes and the bank pays nothing', () => {
		const state = scenario({
			players: [
				{ illuminati: 'bermuda-triangle', money: 10, groups: [{ card: 'cia', side: 1, money: 2 }] },
				{ illuminati: 'bavarian-illuminati', money: 10, groups: [{ card: 'kgb', side: 1, money: 1 }] },
				{ illuminati: 'network', money: 10, groups: [{ card: 'republicans', side: 1, money: 1 }], hand: ['swiss-bank-account'] },
			],
		});
		const played = play(state, { type: 'playSpecial', seat: 2, card: 'swiss-bank-account' });
		expect(played.chain).not.toBeNull();
		const issued = played.bank.issued;
		const left = play(played, { type: 'leave', seat: 2 });
		const passed = [0, 1].reduce((s, seat) => (s.chain === null ? s : play(s, { type: 'passWindow', seat })), left);
		expect(passed.chain).toBeNull();
		expect(passed.players[2]!.eliminated).toBe(true);
		expect(passed.bank.issued).toBe(issued);
	});
});
