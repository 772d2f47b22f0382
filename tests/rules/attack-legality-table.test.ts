// What may attack what, for each kind of attack (Basic Rules: Attacks — "Illuminati cards can
// attack, but cannot be attacked"; Power — "a card with no Power cannot attack"; Attack to Control
// — not a group you already control; Attack to Neutralize, rule 1 — the target must be controlled
// by another player; Attack to Destroy — a group with no Power cannot be destroyed except by the
// Whispering Campaign; the destroyed pile is out of play; About the Illuminati, the Discordian
// Society — no Straight or Government group may attack its power structure "in any way", nor aid
// an attack on it). One row per declaration; the code is the refusal, or null when it is legal.
import { describe, expect, it } from 'vitest';
import { step, type AttackKind, type CardId, type GameState, type RuleErrorCode } from '../../src/lib/engine/index.js';
import { expectRefused } from '../helpers/scenario.js';
import { world as scenario } from '../helpers/odds.js';

/** Seat 0 (Bavarians): the CIA (Government, Violent), the FBI (Government, Straight) under it, the
 * Cycle Gangs (no Power), Men in Black (0/2) and the Mafia. Seat 1 (Discordians): the Tabloids
 * and, under them, the Punk Rockers (no Power); seat 2 (Network): the Republicans. Hollywood is
 * uncontrolled, the Yuppies are dead, the Trekkies are still in the deck. */
function table(): GameState {
	return scenario({
		players: [
			{
				illuminati: 'bavarian-illuminati',
				money: 10,
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
				groups: [
					{ card: 'tabloids', side: 1 },
					{ card: 'punk-rockers', master: 'tabloids', side: 0 },
				],
			},
			{ illuminati: 'network', groups: [{ card: 'republicans', side: 1 }] },
		],
		uncontrolled: ['hollywood'],
		dead: ['yuppies'],
	});
}

interface Row {
	readonly name: string;
	readonly kind: AttackKind;
	readonly attacker: CardId;
	readonly target: CardId;
	readonly aids?: CardId[];
	readonly code: RuleErrorCode | null;
}

const KINDS: readonly AttackKind[] = ['control', 'neutralize', 'destroy'];

const ROWS: readonly Row[] = [
	...KINDS.map((kind): Row => ({ name: `another player's Illuminati (${kind})`, kind, attacker: 'mafia', target: 'network', code: 'ILLUMINATI_CANNOT_BE_ATTACKED' })),
	...KINDS.map((kind): Row => ({ name: `with a group of no Power, the Cycle Gangs (${kind})`, kind, attacker: 'cycle-gangs', target: 'republicans', code: 'NO_POWER' })),
	...KINDS.map((kind): Row => ({ name: `with transferable Power only, Men in Black 0/2 (${kind})`, kind, attacker: 'men-in-black', target: 'republicans', code: 'NO_POWER' })),
	...KINDS.map((kind): Row => ({ name: `with another player's group (${kind})`, kind, attacker: 'republicans', target: 'hollywood', code: 'NOT_YOUR_GROUP' })),
	...KINDS.map((kind): Row => ({ name: `a destroyed group (${kind})`, kind, attacker: 'mafia', target: 'yuppies', code: 'NOT_IN_PLAY' })),
	...KINDS.map((kind): Row => ({ name: `a group still in the deck (${kind})`, kind, attacker: 'mafia', target: 'trekkies', code: 'NOT_IN_PLAY' })),
	{ name: 'neutralize an uncontrolled group', kind: 'neutralize', attacker: 'mafia', target: 'hollywood', code: 'TARGET_NOT_CONTROLLED_BY_OPPONENT' },
	{ name: 'neutralize one of your own groups', kind: 'neutralize', attacker: 'mafia', target: 'cia', code: 'TARGET_NOT_CONTROLLED_BY_OPPONENT' },
	{ name: 'control one of your own groups', kind: 'control', attacker: 'mafia', target: 'cia', code: 'ALREADY_CONTROLLED' },
	{ name: 'destroy one of your own groups', kind: 'destroy', attacker: 'mafia', target: 'cia', code: null },
	{ name: 'destroy a group of no Power (Punk Rockers) without the Whispering Campaign', kind: 'destroy', attacker: 'mafia', target: 'punk-rockers', code: 'POWERLESS_TARGET' },
	{ name: 'aid from another player\'s group', kind: 'control', attacker: 'mafia', target: 'hollywood', aids: ['republicans'], code: 'NOT_YOUR_GROUP' },
	{ name: 'aid from a group with no transferable Power (the Cycle Gangs)', kind: 'control', attacker: 'mafia', target: 'hollywood', aids: ['cycle-gangs'], code: 'BAD_AID' },
	{ name: 'aid from the Illuminati and Men in Black together', kind: 'control', attacker: 'mafia', target: 'hollywood', aids: ['bavarian-illuminati', 'men-in-black'], code: null },
	{ name: 'the Illuminati attack themselves (all four arrows used: to neutralize)', kind: 'neutralize', attacker: 'bavarian-illuminati', target: 'republicans', code: null },
	// Discordian immunity: Government or Straight groups may not attack or aid against its structure.
	...KINDS.map((kind): Row => ({ name: `Discordians: the CIA (Government) against the Tabloids (${kind})`, kind, attacker: 'cia', target: 'tabloids', code: 'IMMUNE' })),
	{ name: 'Discordians: the FBI (Straight) to neutralize the Punk Rockers, two links deep', kind: 'neutralize', attacker: 'fbi', target: 'punk-rockers', code: 'IMMUNE' },
	...KINDS.map((kind): Row => ({ name: `Discordians: the Mafia aided by the CIA (Government) (${kind})`, kind, attacker: 'mafia', target: 'tabloids', aids: ['cia'], code: 'IMMUNE' })),
	...KINDS.map((kind): Row => ({ name: `Discordians: the Mafia (Criminal, Violent) against the Tabloids (${kind})`, kind, attacker: 'mafia', target: 'tabloids', code: null })),
	{ name: 'Discordians: the Mafia aided by the Illuminati (no alignment)', kind: 'control', attacker: 'mafia', target: 'tabloids', aids: ['bavarian-illuminati'], code: null },
	{ name: 'the CIA against a group outside the Discordian structure', kind: 'neutralize', attacker: 'cia', target: 'republicans', code: null },
];

describe('Attacks: who may attack what, for each kind', () => {
	it.each(ROWS)('$name: $code', (row) => {
		const state = table();
		const action = { type: 'attack' as const, seat: 0, kind: row.kind, attacker: row.attacker, target: row.target, aids: row.aids ?? [] };
		if (row.code === null) {
			const result = step(state, action);
			expect(result.ok, result.ok ? '' : `${result.error.code} ${result.error.message}`).toBe(true);
		} else {
			expectRefused(state, action, row.code);
		}
	});
});
