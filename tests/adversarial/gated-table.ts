// Helpers of the adversarial tests over real game sessions on docs linked through their update
// gates (ChannelSync + UpdateGate with the default limits, on one fake clock).
import { expect } from 'vitest';
import { createGameDoc, type GameDoc } from '../../src/lib/net/doc.js';
import { UpdateGate } from '../../src/lib/net/update-gate.js';
import { gameIdOf, type GameSession } from '../../src/lib/session/index.js';
import { link } from '../net/gate-helpers.js';
import type { FakeClock } from '../session/fake-clock.js';
import { options, Player } from '../session/helpers.js';

/** Lets queued microtasks (copies, replays) run. */
export async function settle(): Promise<void> {
	for (let i = 0; i < 6; i++) await Promise.resolve();
}

/** Three docs of `roomCode`'s game (client ids 1 to 3), each with its gate on `clock`. */
export function gatedDocs(roomCode: string, clock: FakeClock): { docs: GameDoc[]; gates: UpdateGate[] } {
	const docs = [1, 2, 3].map((id) => createGameDoc(gameIdOf(roomCode), { clientID: id }));
	return { docs, gates: docs.map((game) => new UpdateGate(game.doc, { now: () => clock.now() })) };
}

/** Links docs i and j (peers `P${j}` and `P${i}` in each other's gates) for each pair; `drop` loses a pair's messages. */
export function linkPairs(
	{ docs, gates }: { docs: GameDoc[]; gates: UpdateGate[] },
	pairs: readonly (readonly [number, number])[] = [
		[0, 1],
		[0, 2],
		[1, 2],
	],
	drop: (i: number, j: number) => boolean = () => false,
): { resync(): void }[] {
	return pairs.flatMap(([i, j]) => {
		const linked = link({ doc: docs[i]!.doc, gate: gates[i]!, peer: `P${j}` }, { doc: docs[j]!.doc, gate: gates[j]!, peer: `P${i}` }, { drop: () => drop(i, j) });
		return [linked.syncA, linked.syncB];
	});
}

/** A 2-seat game: `host` starts it and takes seat 0, `other` seat 1; `play(rounds)` has both play
 * random legal moves (players `${tag}-0` and `${tag}-2`), a second of the clock a round. */
export async function twoSeatGame(host: GameSession, other: GameSession, tag: string, clock: FakeClock): Promise<(rounds: number) => Promise<void>> {
	host.start(options(2), { equivocation: 'forfeit', countdown: 0 });
	await settle();
	expect(host.claim(0).ok).toBe(true);
	await settle();
	expect(other.claim(1).ok).toBe(true);
	await settle();
	const players = [new Player(`${tag}-0`), new Player(`${tag}-2`)];
	return async (rounds) => {
		for (let round = 0; round < rounds; round++) {
			for (const [p, session] of [host, other].entries()) if (players[p]!.move(session)) await settle();
			clock.advance(1_000);
			await settle();
		}
	};
}
