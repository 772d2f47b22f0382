/**
 * UpdateGate.pullAll: a sync step 1 with an empty state vector to every linked peer, whose answer
 * (everything it holds) shows the strings it has at ids where this doc holds others. Of those, the
 * ones the caller's select picks are copied in whatever the copy budget, alone (not the string held
 * here); the others go through the budget as any conflict (item-conflicts.ts).
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { appendEntry, createGameDoc, readLog, type GameDoc } from '../../src/lib/net/doc.js';
import { CONFLICT_BURST, PULL_COPY_ROOM, UpdateGate, type UpdateLimits } from '../../src/lib/net/update-gate.js';
import type { Conflict } from '../../src/lib/net/update-check.js';
import { link, manualClock } from './gate-helpers.js';

const settle = async () => {
	for (let i = 0; i < 3; i++) await Promise.resolve();
};

/** `victim` and `honest` linked through gates; `victim` holds junk at `count` ids where `honest` holds real strings. */
async function squatted(count: number, limits: Partial<UpdateLimits> = {}) {
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
	const gates = [honestDoc, victimDoc].map((game) => new UpdateGate(game.doc, { now: clock.now, limits })) as [UpdateGate, UpdateGate];
	const linked = link({ doc: honestDoc.doc, gate: gates[0], peer: 'victim' }, { doc: victimDoc.doc, gate: gates[1], peer: 'honest' });
	await settle();
	return { honest: honestDoc, victim: victimDoc, gate: gates[1], linked, clock };
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

	it('a withdrawn pick is never asked (its session is gone): the answer goes through the copy budget', async () => {
		const { honest, victim, gate, linked } = await squatted(200);
		linked.stop();
		// A peer whose answer comes after the session asking was destroyed.
		const answer = Y.encodeStateAsUpdate(honest.doc);
		gate.attach('late', () => {}, () =>
			queueMicrotask(() => {
				if (gate.admit('late', answer, { step2: true }) === 'apply') Y.applyUpdate(victim.doc, answer, 'late');
			}),
		);
		let asked = 0;
		const pick = (conflicts: readonly Conflict[]) => {
			asked++;
			return conflicts.slice();
		};
		expect(gate.pullAll(pick)).toBe(1);
		gate.withdrawPull(pick);
		await settle();
		expect(asked).toBe(0);
		expect(gate.conflictsPulled).toBe(0);
		expect(reals(victim)).toBeLessThan(200);
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

	const all = (conflicts: readonly Conflict[]) => conflicts.filter((conflict) => conflict.value.startsWith('real'));

	it('a pull copies at most PULL_COPY_ROOM picked texts (the others wait for the next pull)', async () => {
		const { victim, gate } = await squatted(PULL_COPY_ROOM + 500);
		gate.pullAll(all);
		await settle();
		expect(gate.conflictsPulled).toBe(PULL_COPY_ROOM);
		expect(reals(victim)).toBe(PULL_COPY_ROOM);
	});

	it('a pull never copies past the log cap (the copies are this device’s own writes, relayed to all)', async () => {
		const { victim, gate } = await squatted(200, { maxLogEntries: 300 });
		expect(readLog(victim).length).toBe(201);
		gate.pullAll(all);
		await settle();
		// 1% of the cap stays free (peers may hold more than this device).
		expect(gate.conflictsPulled).toBe(96);
		expect(readLog(victim).length).toBe(297);
	});

	it('the copies leave room for the new entries the same answer brings (review: the log ended at 350 of 300)', async () => {
		const { honest, victim, gate, linked } = await squatted(200, { maxLogEntries: 300 });
		linked.stop(); // the new entries come only with the pull's answer
		appendEntry(honest, Array.from({ length: 50 }, (_, i) => `new ${i}`));
		const everything = Y.encodeStateAsUpdate(honest.doc);
		gate.attach('answerer', () => {}, () => queueMicrotask(() => {
			if (gate.admit('answerer', everything, { step2: true }) === 'apply') Y.applyUpdate(victim.doc, everything, 'answerer');
		}));
		gate.pullAll(all);
		await settle();
		expect(readLog(victim).filter((value) => value.startsWith('new'))).toHaveLength(50);
		expect(readLog(victim).length).toBeLessThanOrEqual(297);
	});

	it('one pull a minute per doc, whoever asks', async () => {
		const { gate, clock } = await squatted(10);
		expect(gate.pullAll(all)).toBe(1);
		await settle();
		expect(gate.pullAll(all)).toBe(0);
		clock.advance(60_000);
		expect(gate.pullAll(all)).toBe(1);
	});
});
