// Attack arithmetic played through with real entries (Basic Rules: Attack to Control — Aiding
// Attacks, Power Structure Position, Spending Money To Attack / To Defend; Attack to Neutralize,
// +6; Attack to Destroy, Power against Power, position still defends, none for one's own group;
// Interference, ±1 per MB from another player's Illuminati; a privileged attack admits none; ES
// Rules Summary, the modifier table). Each row declares the attack, makes every spend as an entry,
// checks the number the attack needs, then rolls exactly that number (success) and one more
// (failure), with every MB spent gone to the bank.
import { describe, expect, it } from 'vitest';
import { totalMoney, type Action, type AttackKind, type CardId, type GameState } from '../../src/lib/engine/index.js';
import { expectRefused, play, rollAttack } from '../helpers/scenario.js';
import { expectSound, neededNow, table } from '../helpers/specials.js';

interface Spend {
	readonly seat: number;
	readonly from: CardId;
	readonly amount: number;
	readonly side?: 'for' | 'against';
}

interface Row {
	readonly name: string;
	readonly kind: AttackKind;
	readonly target: CardId;
	readonly aids: CardId[];
	readonly privileged?: true;
	readonly spends: readonly Spend[];
	readonly needed: number;
}

// Seat 0 (Bavarians, 20 MB) attacks with the Oil Companies (Power 6, no alignment, 6 MB); the
// Bavarian Illuminati aid with 10. Seat 1 (Network, 8 MB): the Republicans (5 MB) next to it and
// the Democrats (Power 5, Resistance 4, Liberal, 3 MB) under them: two links, +5. Seat 2 (Gnomes,
// 9 MB) and seat 3 (Cthulhu, 7 MB) look on. Hollywood (Power 2, Resistance 0) is uncontrolled.
const MOC = 'multinational-oil-companies';
const ALL_SPENDS: readonly Spend[] = [
	{ seat: 0, from: MOC, amount: 3 },
	{ seat: 0, from: 'bavarian-illuminati', amount: 2 },
	{ seat: 1, from: 'democrats', amount: 2 }, // −2 each
	{ seat: 1, from: 'network', amount: 3 },
	{ seat: 2, from: 'gnomes-of-zurich', amount: 4, side: 'for' },
	{ seat: 3, from: 'servants-of-cthulhu', amount: 2, side: 'against' },
];
// +3 +2 −4 −3 +4 −2 = 0: the spends cancel out, but each one is checked on the way.

const ROWS: readonly Row[] = [
	{ name: 'control, no money: 6 + 10 (aid) − 4 (Resistance) − 5 (position)', kind: 'control', target: 'democrats', aids: ['bavarian-illuminati'], spends: [], needed: 7 },
	{ name: 'control with every kind of spend (net 0)', kind: 'control', target: 'democrats', aids: ['bavarian-illuminati'], spends: ALL_SPENDS, needed: 7 },
	{ name: 'control without the aid, the attacker spending 5', kind: 'control', target: 'democrats', aids: [], spends: [{ seat: 0, from: 'bavarian-illuminati', amount: 5 }], needed: 2 },
	{ name: 'control, the defender spending 3 from the Democrats (−6)', kind: 'control', target: 'democrats', aids: ['bavarian-illuminati'], spends: [{ seat: 1, from: 'democrats', amount: 3 }], needed: 1 },
	{ name: 'neutralize, +6, with every kind of spend', kind: 'neutralize', target: 'democrats', aids: ['bavarian-illuminati'], spends: ALL_SPENDS, needed: 13 },
	{ name: 'neutralize, two onlookers against: 13 − 4 − 5', kind: 'neutralize', target: 'democrats', aids: ['bavarian-illuminati'], spends: [{ seat: 2, from: 'gnomes-of-zurich', amount: 4, side: 'against' }, { seat: 3, from: 'servants-of-cthulhu', amount: 5, side: 'against' }], needed: 4 },
	{ name: 'destroy: Power against Power, 6 + 10 − 5 − 5 (position)', kind: 'destroy', target: 'democrats', aids: ['bavarian-illuminati'], spends: ALL_SPENDS, needed: 6 },
	{ name: 'destroy an uncontrolled group: no position, no defender; onlookers still interfere', kind: 'destroy', target: 'hollywood', aids: ['bavarian-illuminati'], spends: [{ seat: 1, from: 'network', amount: 8, side: 'against' }, { seat: 3, from: 'servants-of-cthulhu', amount: 7, side: 'against' }], needed: -1 },
	{ name: 'neutralize under the Bavarian privilege: only attacker and defender spend', kind: 'neutralize', target: 'democrats', aids: ['bavarian-illuminati'], privileged: true, spends: [{ seat: 1, from: 'network', amount: 6 }], needed: 7 },
];

function declare(row: Row): GameState {
	const attack: Action = {
		type: 'attack',
		seat: 0,
		kind: row.kind,
		attacker: MOC,
		target: row.target,
		aids: row.aids,
		...(row.privileged ? { privilege: { kind: 'bavarian' as const } } : {}),
	};
	let state = play(table(), attack);
	for (const spend of row.spends) state = play(state, { type: 'spend', ...spend });
	return state;
}

const heldByAll = (state: GameState) => state.players.reduce((sum, player) => sum + totalMoney(player), 0);

describe('Attack arithmetic, played with real entries', () => {
	it.each(ROWS)('$name: needs $needed', (row) => {
		const before = table();
		const declared = declare(row);
		expect(neededNow(declared)).toBe(row.needed);
		const spent = row.spends.reduce((sum, s) => sum + s.amount, 0) + (row.privileged ? 5 : 0);
		expect(heldByAll(before) - heldByAll(declared)).toBe(spent);
		expectSound(declared);
	});

	it.each(ROWS.filter((row) => row.needed >= 2 && row.needed <= 10))('$name: a roll of exactly $needed succeeds, one more fails', (row) => {
		const low = Math.min(6, row.needed - 1);
		const hit = rollAttack(declare(row), low, row.needed - low);
		expect(hit.lastAttack).toMatchObject({ needed: row.needed, success: true });
		const high = Math.min(6, row.needed);
		const miss = rollAttack(declare(row), high, row.needed + 1 - high);
		expect(miss.lastAttack).toMatchObject({ needed: row.needed, success: false });
		expectSound(miss);
	});

	it.each(ROWS.filter((row) => row.needed < 2))('$name: even a roll of 2 fails', (row) => {
		expect(rollAttack(declare(row), 1, 1).lastAttack).toMatchObject({ success: false });
	});

	it('needing 13, a 10 succeeds and an 11 fails (Automatic Failure)', () => {
		const row = ROWS.find((r) => r.needed === 13)!;
		expect(rollAttack(declare(row), 5, 5).lastAttack?.success).toBe(true);
		expect(rollAttack(declare(row), 5, 6).lastAttack?.success).toBe(false);
	});

	it('a privileged attack: an onlooker may not spend for or against', () => {
		const row = ROWS.find((r) => r.privileged)!;
		const declared = declare(row);
		for (const side of ['for', 'against'] as const) {
			expectRefused(declared, { type: 'spend', seat: 2, from: 'gnomes-of-zurich', amount: 1, side }, 'NOT_ELIGIBLE');
		}
	});
});
