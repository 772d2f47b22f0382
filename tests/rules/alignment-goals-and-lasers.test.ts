// Alignment goals counted with the alignments groups have this turn (Rules Summary, Special Goals:
// the Discordians control five Weird groups, the Assassins six Violent ones, the Bermuda Triangle
// one of each alignment; Winning the Game: goals are checked at the end of any player's turn; the
// Orbital Mind Control Lasers' card: one other group gains, loses or flips one alignment until the
// end of the turn — About the Illuminati, Bermuda Triangle: the Lasers "can give you victory by
// changing an alignment at the right moment"). The edit is made in one player's turn and counts
// for every player's goal when that turn ends; the next turn it is gone.
import { describe, expect, it } from 'vitest';
import { type GameState } from '../../src/lib/engine/index.js';
import { expectRefused, play } from '../helpers/scenario.js';
import { world } from '../helpers/odds.js';

/** Seat 0 (Network) holds the Lasers. Seat 1 (Discordians) holds four Weird groups and the
 * Yuppies (Conservative) on its structure; seat 2 (Assassins) five Violent groups and the Feminists. */
function table(fifth = 'yuppies'): GameState {
	return world({
		players: [
			{ illuminati: 'network', money: 5, groups: [{ card: 'orbital-mind-control-lasers', side: 1 }] },
			{
				illuminati: 'discordian-society',
				groups: [
					{ card: 'punk-rockers', side: 0 },
					{ card: 'psychiatrists', side: 1 },
					{ card: 'trekkies', side: 2 },
					{ card: 'smof', side: 3 },
					{ card: fifth, master: 'smof', side: 0 },
				],
			},
			{
				illuminati: 'society-of-assassins',
				groups: [
					{ card: 'mafia', side: 0 },
					{ card: 'kkk', side: 1 },
					{ card: 'pentagon', side: 2 },
					{ card: 'cia', side: 3 },
					{ card: 'loan-sharks', master: 'mafia', side: 0 },
					{ card: 'feminists', master: 'mafia', side: 2 },
				],
			},
		],
	});
}

const endTurn = (state: GameState) => play(state, { type: 'endTurn', seat: 0 });

describe('Orbital Mind Control Lasers and alignment goals at the end of the turn', () => {
	it('without an edit nobody wins: four Weird groups, five Violent ones', () => {
		const ended = endTurn(table());
		expect(ended.winners).toEqual([]);
		expect(ended.phase.kind).not.toBe('over');
	});

	it('the Yuppies made Weird in seat 0\'s turn: the Discordians win at its end (a goal is met at the end of any turn)', () => {
		const edited = play(table(), { type: 'editAlignment', seat: 0, target: 'yuppies', op: 'add', alignment: 'Weird' });
		expect(endTurn(edited).winners).toEqual([1]);
	});

	it('the Feminists\' Liberal flipped to Conservative does not make them Violent: nobody wins', () => {
		const edited = play(table(), { type: 'editAlignment', seat: 0, target: 'feminists', op: 'reverse', alignment: 'Liberal' });
		expect(endTurn(edited).winners).toEqual([]);
	});

	it('the Feminists made Violent: the Assassins win', () => {
		const edited = play(table(), { type: 'editAlignment', seat: 0, target: 'feminists', op: 'add', alignment: 'Violent' });
		expect(endTurn(edited).winners).toEqual([2]);
	});

	it('a Weird group stripped of Weird for the turn keeps the Discordians from winning at its end', () => {
		const five = play(table(), { type: 'editAlignment', seat: 0, target: 'yuppies', op: 'add', alignment: 'Weird' });
		// Only one edit a turn: the Lasers cannot also take Weird away in the same turn.
		expectRefused(five, { type: 'editAlignment', seat: 0, target: 'trekkies', op: 'remove', alignment: 'Weird' }, 'ABILITY_USED');
		// With the Intellectuals (Weird) as the fifth, the Discordians would win at this end of turn.
		expect(endTurn(table('intellectuals')).winners).toEqual([1]);
		const stripped = play(table('intellectuals'), { type: 'editAlignment', seat: 0, target: 'trekkies', op: 'remove', alignment: 'Weird' });
		expect(endTurn(stripped).winners).toEqual([]);
	});

	it('the edit lasts until the end of the turn only: the next turn the Yuppies are Conservative again', () => {
		const edited = play(table(), { type: 'editAlignment', seat: 0, target: 'yuppies', op: 'remove', alignment: 'Conservative' });
		const next = endTurn(edited);
		expect(next.turn?.seat).toBe(1);
		expect(next.turn?.alignmentEdits).toEqual([]);
	});
});
