// The eight Illuminati's special abilities, each tried by all eight (About the Illuminati; ES
// "Acerca de los Illuminati", "Poder y Objetivos"; Sequence of Play 2 and 6; Interference): the
// Bavarians buy one privileged attack a turn for 5 MB; the Bermuda Triangle reorganizes at the
// end of its turn; the Discordians get +4 to control Weird groups and are immune to Government
// and Straight groups; the Gnomes move money freely at the end of their turn; the Network draws
// two cards; the Servants of Cthulhu get +2 to destroy; the Assassins +4 to neutralize; the UFO
// card takes part in two attacks a turn. Each ability works for its owner and for no one else.
import { describe, expect, it } from 'vitest';
import { step, type Action, type CardId, type GameState } from '../../src/lib/engine/index.js';
import { startTurn } from '../../src/lib/engine/turn.js';
import { dice, passAll, play } from '../helpers/scenario.js';
import { odds, total, world } from '../helpers/odds.js';

const ILLUMINATI = [
	'bavarian-illuminati',
	'bermuda-triangle',
	'discordian-society',
	'gnomes-of-zurich',
	'network',
	'servants-of-cthulhu',
	'society-of-assassins',
	'ufos',
] as const;
type Illuminati = (typeof ILLUMINATI)[number];

/** Seat 0 plays `illuminati` (20 MB) with the Mafia (4 MB) east and the Yuppies (1 MB) under it;
 * seat 1 (the Bavarians, or the Network when seat 0 is the Bavarians) holds the CIA (Government,
 * Violent) and the Tabloids (Weird). The Punk Rockers (Weird) are uncontrolled. */
function table(illuminati: Illuminati): GameState {
	return world({
		players: [
			{
				illuminati,
				money: 20,
				groups: [
					{ card: 'mafia', side: 1, money: 4 },
					{ card: 'yuppies', master: 'mafia', side: 0, money: 1 },
				],
			},
			{
				illuminati: illuminati === 'bavarian-illuminati' ? 'network' : 'bavarian-illuminati',
				money: 10,
				groups: [
					{ card: 'cia', side: 1 },
					{ card: 'tabloids', side: 2 },
				],
			},
		],
		uncontrolled: ['punk-rockers'],
	});
}

const accepted = (state: GameState, action: Action): boolean => step(state, action).ok;
const codeOf = (state: GameState, action: Action): string => {
	const result = step(state, action);
	return result.ok ? 'ok' : result.error.code;
};

describe.each(ILLUMINATI)('%s', (illuminati) => {
	const owns = (owner: Illuminati) => illuminati === owner;

	it(`Bavarian privilege for 5 MB: ${owns('bavarian-illuminati') ? 'yes, once a turn' : 'NO_ABILITY'}`, () => {
		const privileged = (attacker: CardId): Action => ({
			type: 'attack',
			seat: 0,
			kind: 'neutralize',
			attacker,
			target: 'tabloids',
			aids: [],
			privilege: { kind: 'bavarian' },
		});
		const state = table(illuminati);
		if (!owns('bavarian-illuminati')) {
			expect(codeOf(state, privileged('mafia'))).toBe('NO_ABILITY');
			return;
		}
		const first = play(state, privileged('mafia'));
		expect(first.players[0]!.structure[illuminati]!.money).toBe(15);
		const after = passAll(play(passAll(first), dice(6, 6)));
		expect(codeOf(after, privileged(illuminati))).toBe('ABILITY_USED');
	});

	it(`reorganize at the end of the turn: ${owns('bermuda-triangle') ? 'yes' : 'NO_ABILITY'}`, () => {
		const action: Action = {
			type: 'reorganize',
			seat: 0,
			layout: [
				{ card: 'yuppies', master: illuminati, side: 3 },
				{ card: 'mafia', master: illuminati, side: 1 },
			],
		};
		expect(codeOf(table(illuminati), action)).toBe(owns('bermuda-triangle') ? 'ok' : 'NO_ABILITY');
	});

	it(`move money freely at the end of the turn: ${owns('gnomes-of-zurich') ? 'yes' : 'NO_ABILITY'}`, () => {
		const action: Action = { type: 'redistribute', seat: 0, treasuries: { [illuminati]: 0, mafia: 0, yuppies: 25 } };
		expect(codeOf(table(illuminati), action)).toBe(owns('gnomes-of-zurich') ? 'ok' : 'NO_ABILITY');
	});

	it(`cards drawn at the start of the turn: ${owns('network') ? 2 : 1}`, () => {
		const drawing = passAll(startTurn(table(illuminati), 0));
		expect(drawing.random).toEqual({ kind: 'draw', seat: 0, count: owns('network') ? 2 : 1 });
	});

	it(`the Illuminati card attacks a second time in one turn: ${owns('ufos') ? 'yes' : 'ALREADY_PARTICIPATED'}`, () => {
		const attack: Action = { type: 'attack', seat: 0, kind: 'neutralize', attacker: illuminati, target: 'tabloids', aids: [] };
		const failed = passAll(play(passAll(play(table(illuminati), attack)), dice(6, 6)));
		expect(failed.lastAttack?.success).toBe(false);
		expect(codeOf(failed, attack)).toBe(owns('ufos') ? 'ok' : 'ALREADY_PARTICIPATED');
	});

	it('attack bonuses for any group of the structure (the Mafia attacking)', () => {
		const state = table(illuminati);
		const bonus = (kind: 'control' | 'neutralize' | 'destroy', target: CardId) => total(odds(state, kind, 'mafia', target).modifiers, 'ability');
		// The Mafia's own +3 applies only to Criminal targets: none here.
		expect(bonus('destroy', 'cia')).toBe(owns('servants-of-cthulhu') ? 2 : 0);
		expect(bonus('neutralize', 'cia')).toBe(owns('society-of-assassins') ? 4 : 0);
		expect(bonus('control', 'punk-rockers')).toBe(owns('discordian-society') ? 4 : 0);
	});

	it(`immune to Government and Straight groups: ${owns('discordian-society') ? 'yes' : 'no'}`, () => {
		// Seat 1's turn: its CIA (Government) attacks seat 0's Mafia.
		const state = table(illuminati);
		const theirTurn = { ...state, turn: { ...state.turn!, seat: 1 } };
		const attack: Action = { type: 'attack', seat: 1, kind: 'neutralize', attacker: 'cia', target: 'mafia', aids: [] };
		expect(codeOf(theirTurn, attack)).toBe(owns('discordian-society') ? 'IMMUNE' : 'ok');
		expect(accepted(theirTurn, { ...attack, attacker: seat1Illuminati(illuminati) })).toBe(true);
	});
});

const seat1Illuminati = (illuminati: Illuminati): CardId => (illuminati === 'bavarian-illuminati' ? 'network' : 'bavarian-illuminati');
