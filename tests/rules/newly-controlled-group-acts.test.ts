// A group taken over this turn may act at once (ES "Ataque para controlar": "Un Grupo recién
// controlado puede atacar, apoyar un ataque o utilizar su aptitud especial en el mismo turno en
// el que se consigue"; Special Abilities: an "any attempt" ability comes to its holder as soon as
// the group is taken over and is lost as soon as it is lost). One row per way of acting, after a
// capture by attack and after Bribery.
import { describe, expect, it } from 'vitest';
import { attackOdds, step, type Action, type GameState } from '../../src/lib/engine/index.js';
import { dice, passAll, play, rollAttack } from '../helpers/scenario.js';
import { odds, total, world } from '../helpers/odds.js';

/** Seat 0 (Bavarians, 30 MB, Bribery in hand) with the Mafia east. Seat 1 (Network) holds the
 * Republicans. Uncontrolled: the Orbital Mind Control Lasers (Power 4/2), the KGB (2/2, +2 to
 * destroy), the Tabloids. */
function table(): GameState {
	return world({
		players: [
			{ illuminati: 'bavarian-illuminati', money: 30, hand: ['bribery'], groups: [{ card: 'mafia', side: 1 }] },
			{ illuminati: 'network', money: 2, groups: [{ card: 'republicans', side: 1 }] },
		],
		uncontrolled: ['orbital-mind-control-lasers', 'kgb', 'tabloids'],
	});
}

function placeOnMafia(state: GameState): GameState {
	for (const side of [0, 2, 3] as const) {
		const result = step(state, { type: 'placeCapture', seat: 0, side });
		if (result.ok) return result.state;
	}
	throw new Error('no side took the catch');
}

/** The first action takes `card`: by the Mafia's attack (20 MB spent, rolled 1+1) or by Bribery. */
const WAYS: readonly (readonly [string, (card: string) => GameState])[] = [
	[
		'captured by an attack',
		(card) =>
			placeOnMafia(
				rollAttack(play(table(), { type: 'attack', seat: 0, kind: 'control', attacker: 'mafia', target: card, aids: [] }, { type: 'spend', seat: 0, from: 'bavarian-illuminati', amount: 20 }), 1, 1),
			),
	],
	['taken by Bribery', (card) => passAll(play(table(), { type: 'playSpecial', seat: 0, card: 'bribery', target: card, master: 'bavarian-illuminati', side: 0 }))],
];

describe.each(WAYS)('A group %s this turn', (_way, take) => {
	it('uses its special ability at once: the Lasers edit an alignment', () => {
		const state = take('orbital-mind-control-lasers');
		expect(state.players[0]!.structure['orbital-mind-control-lasers']).toBeDefined();
		const edit: Action = { type: 'editAlignment', seat: 0, target: 'republicans', op: 'add', alignment: 'Weird' };
		expect(step(state, edit).ok).toBe(true);
	});

	it('aids the second attack at once: the Lasers add their 2', () => {
		const state = take('orbital-mind-control-lasers');
		const aided: Action = { type: 'attack', seat: 0, kind: 'neutralize', attacker: 'bavarian-illuminati', target: 'republicans', aids: ['orbital-mind-control-lasers'] };
		const result = step(state, aided);
		expect(result.ok).toBe(true);
		expect(total(odds(state, 'neutralize', 'bavarian-illuminati', 'republicans', ['orbital-mind-control-lasers']).modifiers, 'aid')).toBe(2);
	});

	it('attacks at once: the Lasers neutralize the Republicans', () => {
		const state = take('orbital-mind-control-lasers');
		const attack: Action = { type: 'attack', seat: 0, kind: 'neutralize', attacker: 'orbital-mind-control-lasers', target: 'republicans', aids: [] };
		expect(step(state, attack).ok).toBe(true);
	});

	it('gives its any-attempt bonus at once: the KGB\'s +2 to destroy', () => {
		const state = take('kgb');
		expect(total(odds(state, 'destroy', 'bavarian-illuminati', 'tabloids').modifiers, 'ability')).toBe(2);
	});
});

describe('An any-attempt bonus is lost as soon as the group is', () => {
	it('the KGB neutralized away in another player\'s turn: seat 0\'s next attempt to destroy has no +2', () => {
		const destroyBonus = (state: GameState) =>
			total(attackOdds(state, { seat: 0, kind: 'destroy', attacker: 'mafia', target: 'tabloids', aids: [] }).modifiers, 'ability');
		const theirTurn = world({
			players: [
				{ illuminati: 'bavarian-illuminati', money: 30, groups: [{ card: 'mafia', side: 1 }, { card: 'kgb', side: 2 }] },
				{ illuminati: 'network', money: 30, groups: [{ card: 'republicans', side: 1 }] },
			],
			uncontrolled: ['tabloids'],
			turn: { seat: 1 },
		});
		expect(destroyBonus(theirTurn)).toBe(2);
		// The Republicans neutralize the KGB (20 MB, rolled 1+1).
		const declared = play(theirTurn, { type: 'attack', seat: 1, kind: 'neutralize', attacker: 'republicans', target: 'kgb', aids: [] }, { type: 'spend', seat: 1, from: 'network', amount: 20 });
		const done = passAll(play(passAll(declared), dice(1, 1)));
		expect(done.uncontrolled).toContain('kgb');
		expect(destroyBonus(done)).toBe(0);
	});
});
