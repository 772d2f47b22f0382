// Undo on a device (session/undo.ts): hot seat takes back the shown seat's last move at once,
// or through the table it holds entirely, but never past randomness; two devices: one asks, the
// other accepts, both end in the same state, and a reload replays to it.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { legalActions, type PlayerAction, type Seat } from '../../src/lib/engine/index.js';
import { GameSession } from '../../src/lib/session/index.js';
import { sessionTimeline, stateAt } from '../../src/lib/ui/history/timeline.js';
import { options, randomBytesFor, seedOf } from './helpers.js';

/** A hot-seat game at a turn's start window, found from a fixed label (its Illuminati are dealt at random). */
function hotSeatAtTurnStart(): GameSession {
	for (let i = 0; i < 20; i++) {
		const session = GameSession.create({ options: options(3), seats: [0, 1, 2], seed: seedOf(`undo-hot-${i}`), randomBytes: randomBytesFor(`undo-hot-${i}`), title: 'undo' });
		if (session.state?.phase.kind === 'turnStart') return session;
		session.destroy();
	}
	throw new Error('no label gave a turn start');
}

/** Every seat held by these sessions passes every window until none is open (the window clock would). */
function passAll(sessions: readonly GameSession[]): void {
	for (let round = 0; round < 30; round++) {
		let passed = false;
		for (const session of sessions) {
			for (const seat of session.mySeats) {
				const passing = legalActions(session.state!, seat).find((l) => l.action.type === 'passWindow' || l.action.type === 'passSpending');
				if (passing && session.act(seat, passing.action as PlayerAction).ok) passed = true;
			}
		}
		if (!passed) return;
	}
}

const endActions = (seat: Seat): PlayerAction => ({ type: 'endActions', seat }) as PlayerAction;

describe('Undo on one device (hot seat)', () => {
	it('takes back the seat’s last move at once, then through the table it holds when another seat moved since', () => {
		const session = hotSeatAtTurnStart();
		passAll([session]);
		const turn = session.state!.turn!.seat;
		expect(session.state!.turn!.step).toBe('actions');
		// Only the start window's passes, and the income roll since: nothing to take back.
		expect(session.undo.option(turn)).toMatchObject({ kind: 'none', code: 'NO_MOVE' });
		const atActions = session.stateHash;
		expect(session.act(turn, endActions(turn)).ok).toBe(true);
		expect(session.undo.option(turn)).toMatchObject({ kind: 'atOnce', action: endActions(turn) });
		expect(session.undo.takeBack(turn).ok).toBe(true);
		expect(session.stateHash).toBe(atActions);
		expect(session.undo.ended().at(-1)).toMatchObject({ seat: turn, outcome: 'atOnce' });
		// The log in words tells it after the line the game returned to.
		expect(session.undo.tookBack().at(-1)).toMatchObject({ position: session.state!.accepted, seat: turn, outcome: 'atOnce', action: endActions(turn) });
		// The seat ends its actions again, another seat makes a gift: every voter is here, so the table grants at once.
		expect(session.act(turn, endActions(turn)).ok).toBe(true);
		const giver = [0, 1, 2].find((seat) => seat !== turn && legalActions(session.state!, seat).some((l) => l.action.type === 'give'))!;
		const gift = legalActions(session.state!, giver).find((l) => l.action.type === 'give')!.action as PlayerAction;
		expect(session.act(giver, gift).ok).toBe(true);
		expect(session.undo.option(turn)).toMatchObject({ kind: 'ask', here: true, code: 'OTHERS_SINCE' });
		expect(session.undo.takeBack(turn).ok).toBe(true);
		expect(session.stateHash).toBe(atActions);
		expect(session.undo.ended().at(-1)).toMatchObject({ seat: turn, outcome: 'granted' });
		expect(session.rejections).toEqual([]);
		// The history (log in words, end screen) drops the voided steps: it ends at the state shown.
		const timeline = sessionTimeline(session.replayer)!;
		expect(timeline.steps.length).toBe(session.state!.accepted);
		expect(stateAt(timeline, timeline.steps.length)).toBe(session.state);
		// A reload (the same log) replays to the same state.
		const reloaded = GameSession.fromUpdate(Y.encodeStateAsUpdate(session.game.doc), { gameId: session.gameId, roomCode: session.roomCode, seed: session.seed, randomBytes: randomBytesFor('reload') });
		expect(reloaded.stateHash).toBe(atActions);
		reloaded.destroy();
		session.destroy();
	});

	it('never past randomness: once an attack’s dice are rolled, undo is refused RANDOMNESS_SINCE', () => {
		const session = hotSeatAtTurnStart();
		passAll([session]);
		const turn = session.state!.turn!.seat;
		const attack = legalActions(session.state!, turn).find((l) => l.action.type === 'attack')!.action as PlayerAction;
		const events = session.replayer.event;
		expect(session.act(turn, attack).ok).toBe(true);
		passAll([session]);
		expect(session.replayer.event).toBeGreaterThan(events);
		expect(session.undo.option(turn)).toMatchObject({ kind: 'none', code: 'RANDOMNESS_SINCE' });
		const length = session.game.log.length;
		expect(session.undo.takeBack(turn)).toMatchObject({ ok: false, error: { code: 'RANDOMNESS_SINCE' } });
		expect(session.game.log.length).toBe(length);
		session.destroy();
	});
});

/** Two documents kept in step both ways (what the transport does). */
function link(a: Y.Doc, b: Y.Doc): void {
	Y.applyUpdate(b, Y.encodeStateAsUpdate(a), 'remote');
	Y.applyUpdate(a, Y.encodeStateAsUpdate(b), 'remote');
	a.on('update', (update: Uint8Array, origin: unknown) => origin !== 'remote' && Y.applyUpdate(b, update, 'remote'));
	b.on('update', (update: Uint8Array, origin: unknown) => origin !== 'remote' && Y.applyUpdate(a, update, 'remote'));
}

describe('Undo between two devices', () => {
	it('a request past the roll is granted by the other device’s answer; both devices end equal', () => {
		for (let i = 0; i < 20; i++) {
			const host = GameSession.create({ options: options(2), seats: [0], seed: seedOf(`undo-two-${i}`), randomBytes: randomBytesFor(`undo-two-${i}`), title: 'two' });
			const guest = GameSession.fromUpdate(Y.encodeStateAsUpdate(host.game.doc), { gameId: host.gameId, roomCode: host.roomCode, seed: seedOf(`undo-guest-${i}`), randomBytes: randomBytesFor(`undo-guest-${i}`) });
			link(host.game.doc, guest.game.doc);
			expect(guest.claim(1).ok).toBe(true);
			const state = host.state!;
			if (state.phase.kind !== 'turnStart') {
				host.destroy();
				guest.destroy();
				continue;
			}
			passAll([host, guest]);
			const turn = host.state!.turn!.seat;
			const mover = turn === 0 ? host : guest;
			const other = turn === 0 ? guest : host;
			const otherSeat = 1 - turn;
			const before = mover.stateHash;
			const attack = legalActions(mover.state!, turn).find((l) => l.action.type === 'attack')!.action as PlayerAction;
			const events = host.replayer.event;
			expect(mover.act(turn, attack).ok).toBe(true);
			passAll([host, guest]);
			expect(host.replayer.event).toBeGreaterThan(events);
			expect(mover.undo.option(turn)).toMatchObject({ kind: 'ask', here: false, code: 'RANDOMNESS_SINCE' });
			const asked = mover.undo.takeBack(turn);
			expect(asked.ok).toBe(true);
			expect(mover.undo.option(turn)).toMatchObject({ kind: 'asked', waiting: [otherSeat] });
			const [request] = other.undo.toAnswer(otherSeat);
			expect(request).toMatchObject({ seat: turn, action: attack });
			expect(other.undo.answer(otherSeat, request!.id, true).ok).toBe(true);
			expect(host.stateHash).toBe(before);
			expect(guest.stateHash).toBe(before);
			expect(host.desyncs).toEqual([]);
			host.destroy();
			guest.destroy();
			return;
		}
		throw new Error('no label gave a turn start');
	});
});
