/**
 * UpdateGate.pullAll: a sync step 1 with an empty state vector to every linked peer, whose answer
 * (everything it holds) shows the strings it has at ids where this doc holds others. Of those, the
 * ones the caller's select picks are copied in whatever the copy budget, alone (not the string held
 * here); the others go through the budget as any conflict (item-conflicts.ts).
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { appendEntry, createGameDoc, readLog, type GameDoc } from '../../src/lib/net/doc.js';
import { CONFLICT_BURST, UpdateGate } from '../../src/lib/net/update-gate.js';
import { link, manualClock } from './gate-helpers.js';

const settle = async () => {
	for (let i = 0; i < 3; i++) await Promise.resolve();
};

/** `victim` and `honest` linked through gates; `victim` holds junk at `count` ids where `honest` holds real strings. */
async function squatted(count: number) {
	const clock = manualClock();
	const honestDoc = createGameDoc('g', { clientID: 1 });
	const victimDoc = createGameDoc('g', { clientID: 2 });
	appendEntry(honestDoc, 'shared');
	Y.applyUpdate(victimDoc.doc, Y.encodeStateAsUpdate(honestDoc.doc));
	const before = Y.encodeStateVector(honestDoc.doc);
	appendEntry(honestDoc, Array.from({ length: count }, (_, i) => `real ${i}`));
	const rogue = createGameDoc('g', { clientID: 66 });
	Y.applyUpdate(rogue.doc, Y.encodeStateAsUpdate(victimDoc.doc));
	rogue.doc.clientID = 1;
	appendEntry(rogue, Array.from({ length: count }, (_, i) => `junk ${i}`));
	Y.applyUpdate(victimDoc.doc, Y.encodeStateAsUpdate(rogue.doc, before));
	const gates = [honestDoc, victimDoc].map((game) => new UpdateGate(game.doc, { now: clock.now })) as [UpdateGate, UpdateGate];
	const linked = link({ doc: honestDoc.doc, gate: gates[0], peer: 'victim' }, { doc: victimDoc.doc, gate: gates[1], peer: 'honest' });
	await settle();
	return { honest: honestDoc, victim: victimDoc, gate: gates[1], linked };
}

const reals = (game: GameDoc) => readLog(game).filter((value) => value.startsWith('real')).length;
const junks = (game: GameDoc) => readLog(game).filter((value) => value.startsWith('junk')).length;

describe('pulling everything from the peers', () => {
	it('a sync by state vector never shows the real strings at ids held with junk', async () => {
		const { victim, linked } = await squatted(200);
		linked.syncB.resync();
		await settle();
		expect(reals(victim)).toBe(0);
	});

	it('a pull shows them: the ones select picks are copied whatever the budget, without the junk', async () => {
		const { victim, gate } = await squatted(200);
		expect(gate.pullAll((conflicts) => conflicts.filter((conflict) => conflict.value.startsWith('real')))).toBe(1);
		await settle();
		expect(reals(victim)).toBe(200);
		expect(junks(victim)).toBe(200); // the squat's own items, not copied again
		expect(gate.conflictsPulled).toBe(200);
		expect(gate.conflictsOverBudget).toBe(0);
	});

	it('the ones select leaves go through the copy budget', async () => {
		const { victim, gate } = await squatted(200);
		gate.pullAll(() => []);
		await settle();
		expect(gate.conflictsOverBudget).toBe(200 - CONFLICT_BURST);
		expect(reals(victim)).toBe(CONFLICT_BURST);
	});

	it('an answer we did not ask for as a pull is budgeted', async () => {
		const { honest, victim, gate } = await squatted(200);
		const everything = Y.encodeStateAsUpdate(honest.doc);
		gate.expectSync('honest');
		gate.admit('honest', everything, { step2: true });
		await settle();
		expect(gate.conflictsPulled).toBe(0);
		expect(reals(victim)).toBe(CONFLICT_BURST);
	});
});
