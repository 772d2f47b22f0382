// The rule exceptions as the UI and the bots see them: legalActions must list exactly what step
// accepts (docs/engine.md: "UI/bots ask the engine what is legal") in the states where the
// rulebook's exceptions bite — the Discordian immunity (About the Illuminati), a privileged attack
// and the Interference card (Interference), a Whispering Campaign in hand (Attack to Destroy), a
// tax to choose the treasury for (Income), a capture waiting for its arrow (Attack to Control),
// the window after a roll with Assassination and Murphy's Law in hands (Special Cards), the UFOs'
// second attack (About the Illuminati). Checked with the shared differential probe
// (tests/fuzz/legal-differential.ts) for every seat.
import { describe, expect, it } from 'vitest';
import { startTurn } from '../../src/lib/engine/turn.js';
import type { GameState } from '../../src/lib/engine/index.js';
import { disagreements } from '../fuzz/legal-differential.js';
import { dice, passAll, play } from '../helpers/scenario.js';
import { world } from '../helpers/odds.js';
import { neutralizeDemocrats, table as specialsTable } from '../helpers/specials.js';

const discordian = (): GameState =>
	world({
		players: [
			{
				illuminati: 'bavarian-illuminati',
				money: 10,
				hand: ['whispering-campaign', 'slush-fund'],
				groups: [
					{ card: 'cia', side: 0 },
					{ card: 'fbi', master: 'cia', side: 0 },
					{ card: 'cycle-gangs', side: 1 },
					{ card: 'men-in-black', side: 2 },
					{ card: 'mafia', side: 3 },
				],
			},
			{
				illuminati: 'discordian-society',
				money: 3,
				hand: ['deep-agent'],
				groups: [
					{ card: 'tabloids', side: 1, money: 2 },
					{ card: 'punk-rockers', master: 'tabloids', side: 0 },
				],
			},
			{ illuminati: 'ufos', money: 4, hand: ['interference-1'], groups: [{ card: 'republicans', side: 1 }, { card: 'gun-lobby', side: 2 }] },
		],
		uncontrolled: ['hollywood', 'new-york', 'trekkies'],
		dead: ['yuppies'],
	});

const irs = (): GameState =>
	world({
		players: [
			{ illuminati: 'gnomes-of-zurich', money: 10, groups: [{ card: 'irs', side: 1 }, { card: 'post-office', side: 2 }] },
			{ illuminati: 'network', money: 5, groups: [{ card: 'republicans', side: 1, money: 1 }] },
		],
	});

const ufoTurn = (): GameState =>
	world({
		players: [
			{ illuminati: 'ufos', money: 10, groups: [{ card: 'mafia', side: 1 }] },
			{ illuminati: 'network', money: 5, groups: [{ card: 'republicans', side: 1 }] },
		],
		uncontrolled: ['hollywood'],
	});

const STATES: readonly (readonly [string, () => GameState, string])[] = [
	['Discordian structure under attack by Government and Straight groups, Whispering Campaign in hand', discordian, 'turn'],
	['a privileged attack, Deep Agent and Interference in other hands', () => play(discordian(), { type: 'attack', seat: 0, kind: 'neutralize', attacker: 'mafia', target: 'republicans', aids: [], privilege: { kind: 'bavarian' } }), 'attack'],
	['an ordinary attack in its spending window', () => play(specialsTable({ 1: ['assassination'], 2: ['murphys-law'] }), neutralizeDemocrats()), 'attack'],
	['the window after the roll, Assassination and Murphy\'s Law in hands', () => play(passAll(play(specialsTable({ 1: ['assassination'], 2: ['murphys-law'], 3: ['media-campaign'] }), neutralizeDemocrats())), dice(3, 3)), 'afterRoll'],
	['a tax whose treasury the taxed player chooses', () => passAll(startTurn(irs(), 0)), 'income'],
	['a capture waiting for its arrow', () => play(passAll(play(passAll(play(ufoTurn(), { type: 'attack', seat: 0, kind: 'control', attacker: 'mafia', target: 'hollywood', aids: ['ufos'] })), dice(1, 1)))), 'placement'],
	['the UFOs after their card attacked once', () => play(passAll(play(passAll(play(ufoTurn(), { type: 'attack', seat: 0, kind: 'neutralize', attacker: 'ufos', target: 'republicans', aids: [] })), dice(6, 6)))), 'turn'],
];

describe('legalActions lists exactly what step accepts where the rules make exceptions', () => {
	it.each(STATES)('%s (phase %s)', (_name, build, phase) => {
		const state = build();
		expect(state.phase.kind).toBe(phase);
		const problems = state.players.flatMap((player) => disagreements(state, player.seat).map((d) => `seat ${player.seat}: ${d}`));
		expect(problems).toEqual([]);
	});
});
