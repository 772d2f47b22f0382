// Eliminating a Player (Basic Rules; ES "Eliminar a un jugador": out when, at any time after its
// third turn, a player controls no group but its Illuminati; its money goes to the bank) and
// About the Illuminati, Servants of Cthulhu (ES: an Illuminati put out of the game by taking its
// last group — "capturando, neutralizando o destruyendo su último Grupo" — counts as a victim;
// option cthulhuCountsEliminated). One row per way of taking the last group.
import { describe, expect, it } from 'vitest';
import { totalMoney, type AttackKind, type GameState } from '../../src/lib/engine/index.js';
import { expectSound, play, rollAttack } from '../helpers/scenario.js';
import { world as scenario } from '../helpers/odds.js';

/** Seat 0 (Cthulhu, 30 MB) against seat 1 (Network, 4 MB, the Feminists with 3 MB its only group,
 * a Slush Fund in hand); seat 2 (Gnomes) keeps the game going. */
function table(turnsCompleted: number, rules: { cthulhuCountsEliminated?: boolean } = {}, kills = 0): GameState {
	return scenario({
		players: [
			{ illuminati: 'servants-of-cthulhu', money: 30, kills, groups: [{ card: 'mafia', side: 1 }] },
			{ illuminati: 'network', money: 4, turnsCompleted, hand: ['slush-fund'], groups: [{ card: 'feminists', side: 1, money: 3 }] },
			{ illuminati: 'gnomes-of-zurich', money: 1, groups: [{ card: 'kkk', side: 1 }] },
		],
		rules,
	});
}

/** The Mafia attack the Feminists with 20 MB from the Cthulhu treasury, rolled 1+1 (success). */
function takeLastGroup(state: GameState, kind: AttackKind): GameState {
	const declared = play(state, { type: 'attack', seat: 0, kind, attacker: 'mafia', target: 'feminists', aids: [] }, { type: 'spend', seat: 0, from: 'servants-of-cthulhu', amount: 20 });
	const rolled = rollAttack(declared, 1, 1);
	expect(rolled.lastAttack?.success).toBe(true);
	return rolled;
}

describe('Eliminating a Player: taking the last group by any attack puts the player out', () => {
	it.each<[AttackKind, number]>([
		['control', 1],
		['neutralize', 1],
		['destroy', 2],
	])('attack to %s: seat 1 is out at once and Cthulhu counts %i victim(s)', (kind, kills) => {
		const before = table(3);
		const after = takeLastGroup(before, kind);
		const loser = after.players[1]!;
		expect(loser.eliminated).toBe(true);
		expect(loser.structure).toEqual({});
		expect(after.outOfPlay).toContain('network');
		expect(after.players[0]!.kills).toBe(kills);
	});

	it('its money goes to the bank and its Specials are discarded', () => {
		const before = table(3);
		const after = takeLastGroup(before, 'neutralize');
		expect(totalMoney(after.players[1]!)).toBe(0);
		// 20 MB spent on the attack, the Feminists' 3 MB and the Network's 4 MB all returned.
		expect(after.bank.returned - before.bank.returned).toBe(20 + 3 + 4);
		expect(after.players[1]!.hand).toEqual([]);
		expect(after.discard).toContain('slush-fund');
		expectSound(after);
	});

	it('option cthulhuCountsEliminated off: the Illuminati is no victim (the destroyed group still is)', () => {
		expect(takeLastGroup(table(3, { cthulhuCountsEliminated: false }), 'neutralize').players[0]!.kills).toBe(0);
		expect(takeLastGroup(table(3, { cthulhuCountsEliminated: false }), 'destroy').players[0]!.kills).toBe(1);
	});

	it('Cthulhu at 6 victims destroying the last group of a player reaches 8 and wins at the end of the turn', () => {
		const after = takeLastGroup(table(3, {}, 6), 'destroy');
		expect(after.players[0]!.kills).toBe(8);
		expect(after.phase.kind).not.toBe('over');
		const ended = play(after, { type: 'endTurn', seat: 0 });
		expect(ended.phase.kind).toBe('over');
		expect(ended.winners).toEqual([0]);
	});

	it('an eliminated player is skipped: after seat 0 comes seat 2', () => {
		const after = takeLastGroup(table(3), 'neutralize');
		const ended = play(after, { type: 'endTurn', seat: 0 });
		expect(ended.turn?.seat).toBe(2);
	});
});

describe('Eliminating a Player: only after the third turn', () => {
	it('losing the last group before its third turn is over does not put a player out', () => {
		const after = takeLastGroup(table(2), 'neutralize');
		expect(after.players[1]!.eliminated).toBe(false);
		expect(after.players[0]!.kills).toBe(0);
		expect(after.players[1]!.illuminati).toBe('network');
	});

	it('a player still without a group when its third turn ends is out then (no one counts it as a victim)', () => {
		const after = takeLastGroup(table(2), 'neutralize');
		// Seat 1's third turn: it ends with only the Illuminati.
		const seat1Turn = { ...after, turn: { ...after.turn!, seat: 1, step: 'actions' as const, actionsLeft: 2 } };
		const ended = play(seat1Turn, { type: 'endTurn', seat: 1 });
		expect(ended.players[1]!.turnsCompleted).toBe(3);
		expect(ended.players[1]!.eliminated).toBe(true);
		expect(ended.players[0]!.kills).toBe(0);
		expectSound(ended);
	});
});
