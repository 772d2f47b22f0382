/**
 * One step per local action: a device checks its action with the engine before posting it, and
 * the replay of that entry reuses the result when it applies it to the very state the device
 * checked (GameReplayer.expectStep); on any other state it steps again, so nothing is taken on trust.
 */
import { describe, expect, it } from 'vitest';
import { step, type GameState } from '../../../src/lib/engine/index.js';
import { GameReplayer, parseEntry } from '../../../src/lib/protocol/index.js';
import { GameSession } from '../../../src/lib/session/index.js';
import { options, Player, randomBytesFor, seedOf } from '../../session/helpers.js';

function hotSeatAtAMove(label: string) {
	const session = GameSession.create({ options: options(3), seats: [0, 1, 2], seed: seedOf(label), randomBytes: randomBytesFor(label), title: label });
	const player = new Player(label);
	for (let i = 0; i < 12; i++) player.move(session);
	const replayer = session.replayer as GameReplayer;
	const before = replayer.state!;
	const move = [0, 1, 2].flatMap((seat) => session.legal(seat).map((l) => ({ seat, action: l.action }))).find((m) => step(before, m.action).ok)!;
	const entry = session.protocol.entry('action', move.action);
	const parsed = parseEntry(entry);
	if (!parsed.ok) throw new Error('entry');
	return { replayer, before, action: move.action, entry, id: parsed.id };
}

describe('one step per local action', () => {
	it('the replay of an entry takes the result the device already stepped, for the state it stepped from', () => {
		const { replayer, before, action, entry, id } = hotSeatAtAMove('one-step');
		const checked = step(before, action);
		if (!checked.ok) throw new Error('legal');
		// A marked copy: only a reused result can be this very object.
		const marked = { ...checked.state } as GameState;
		replayer.expectStep(id, before, marked);
		replayer.add([entry]);
		expect(replayer.state).toBe(marked);
	});

	it('from any other state object it steps again (the result is never taken on trust)', () => {
		const { replayer, before, action, entry, id } = hotSeatAtAMove('one-step-other');
		const checked = step(before, action);
		if (!checked.ok) throw new Error('legal');
		const marked = { ...checked.state } as GameState;
		replayer.expectStep(id, { ...before }, marked);
		replayer.add([entry]);
		expect(replayer.state).not.toBe(marked);
		expect(replayer.state).toEqual(checked.state);
	});
});
