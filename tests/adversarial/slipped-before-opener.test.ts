/**
 * Attack 3: an entry slipped before an opener. The rogue's entry opened a random event, it became
 * final, the others gave their shares and the rogue learned the roll; the only way to put something
 * before its own entry is to sign another one naming the same `last` (an equivocation), to void
 * the opener and have the die rolled again. The opener was final without the slipped entry, so it
 * stays and the slipped entry is refused (docs/protocol.md, "Equivocation"); the rogue's seat is
 * named a cheater and penalised ('forfeit': it leaves; 'frozen': it stays absent), and the roll is
 * not made again: the replay keeps the coin it had, never a new value. Every honest entry that was
 * final stays final, in its place.
 */
import { describe, expect, it } from 'vitest';
import { Chooser } from '../../src/lib/bots/random-player.js';
import type { GameState } from '../../src/lib/engine/index.js';
import type { Entry, ProtocolRules } from '../../src/lib/protocol/entry.js';
import { expectConverged, expectFreshAgrees, finalOf, opensEvent, play, randomMove, Rng, rogueTable, seeds, snapshot, type Table } from './harness.js';

type Opener = 'any' | 'its own attack' | 'the last pass in another seat\u2019s attack';

function attackOf(state: GameState): { seat: number } | null {
	return state.phase.kind === 'attack' ? (state.phase as { attack: { seat: number } }).attack : null;
}

/** Plays until the rogue makes a move that opens a random event of the wanted sort; returns its entry. */
function rogueOpener(table: Table, seed: string, wanted: Opener): string | null {
	const chooser = new Chooser(seed);
	const secrets = new Map();
	const rogueSeat = table.rogue.seat!;
	for (let i = 0; i < 2_000; i++) {
		table.settle({ rogue: true });
		const state = table.view.state!;
		const move = randomMove(state, chooser, secrets);
		if (move === null) break;
		const peer = table.peerOfSeat(move.seat);
		const attack = attackOf(state);
		const fits = wanted === 'any' || (attack !== null && (wanted === 'its own attack') === (attack.seat === rogueSeat));
		const entry = table.act(peer, move);
		if (peer === table.rogue && fits && opensEvent(state, move)) return entry;
	}
	return null;
}

/**
 * A table whose rogue has just made an opener of the wanted sort: seeded games are tried in turn
 * (label, label#1, …) until one has it, so the test does not hang on one game's course.
 */
function tableWithOpener(label: string, wanted: Opener, options: Parameters<typeof rogueTable>[1]): { table: Table; opener: string; label: string } {
	for (let attempt = 0; attempt < 8; attempt++) {
		const tried = attempt === 0 ? label : `${label}#${attempt}`;
		const table = rogueTable(tried, options);
		const opener = rogueOpener(table, tried, wanted);
		if (opener !== null) return { table, opener, label: tried };
	}
	throw new Error(`no rogue opener of the sort "${wanted}" in 8 seeded games of 2,000 moves (seed ${label})`);
}


describe('attack 3: an entry slipped before an opener', () => {
	it.each<[ProtocolRules['equivocation'], Opener]>([
		['forfeit', 'any'],
		['forfeit', 'its own attack'],
		['forfeit', 'the last pass in another seat\u2019s attack'],
		['frozen', 'its own attack'],
		['frozen', 'the last pass in another seat\u2019s attack'],
	])('rule %s, opener: %s \u2014 the rogue is caught, honest final entries stay, the die is not rolled again', (rule, wanted) => {
		const label = `slip:${rule}:${wanted}`;
		const rules: ProtocolRules = { equivocation: rule, countdown: 60 };
		// Under 'frozen' the engine's absence rule must keep an absent seat in the game.
		const { table, opener } = tableWithOpener(label, wanted, { honest: 3, rules, gameRules: rule === 'frozen' ? { absence: 'passTurns' } : {} });
		const rogueSeat = table.rogue.seat!;
		table.settle(); // the honest peers acknowledge, the opener becomes final, they give their shares
		const openerId = table.view.accepted.find((entry) => entry.text === opener)!.id;
		for (const peer of table.honest) expect(peer.replay.isFinal(openerId), `${peer.name}: the opener is final`).toBe(true);
		expect(table.view.core.event?.opener, 'the event was settled').not.toBe(openerId);
		const seedsBefore = seeds(table.view);
		const before = snapshot(table.honest);

		// The rogue knows the roll. It signs another entry after the opener's `last`, naming what the opener named.
		const parsed = JSON.parse(opener) as Entry;
		const slipped = table.rogueEntry('action', { type: 'passTurn', seat: rogueSeat }, { last: parsed.last, deps: parsed.deps! });
		const rng = new Rng(`${label}:delivery`);
		const [first, ...rest] = rng.shuffle(table.honest);
		table.send(slipped, [first!]);
		table.deliver(first!);
		for (const peer of rest) table.send(slipped, [peer]);
		table.settle();

		const slippedId = table.view.rejections.find((r) => r.code === 'EQUIVOCATION' && r.id !== openerId)?.id;
		const voided = new Set(table.view.rejections.filter((r) => r.code === 'EQUIVOCATION').map((r) => r.id));
		for (const peer of table.honest) {
			const replay = peer.replay;
			expect([...replay.core.cheaters], `${peer.name}: cheaters`).toEqual([rogueSeat]);
			const player = replay.state!.players[rogueSeat]!;
			if (rule === 'forfeit') expect(player.left, `${peer.name}: the rogue left`).toBe(true);
			else expect(player.absent && !player.eliminated, `${peer.name}: the rogue is frozen`).toBe(true);
			// The opener was final everywhere before the slipped entry came: final without it, it stays (docs/protocol.md, "Equivocation").
			expect(replay.rejections.find((r) => r.id === openerId)?.code, `${peer.name}: the opener stays`).toBeUndefined();
			expect(replay.rejections.find((r) => r.id === slippedId)?.code, `${peer.name}: the slipped entry is refused`).toBe('EQUIVOCATION');
			expect(slippedId, 'the slipped entry is refused').toBeDefined();
			// No new roll: the coins applied are those applied before, or fewer (the voided entry's roll dropped).
			const seedsAfter = seeds(replay);
			expect(seedsAfter, `${peer.name}: the coins applied`).toEqual(seedsBefore.slice(0, seedsAfter.length));
			expect(seedsAfter.length, `${peer.name}: at most the voided opener's roll is dropped`).toBeGreaterThanOrEqual(seedsBefore.length - 1);
		}
		// Only the rogue's own entries from the fork on leave the final order; every other final entry keeps its place.
		table.honest.forEach((peer, i) => {
			const kept = before[i]!.ids.filter((id) => !voided.has(id));
			expect(finalOf(peer.replay).ids.slice(0, kept.length), `${peer.name}: final entries`).toEqual(kept);
		});
		expectConverged(table.honest);
		expectFreshAgrees(table, rng);

		// The table plays on without the cheater, and its entries stay refused.
		play(table, 20, `${label}:after`, { rogueAutomatic: false });
		table.broadcast(table.rogueEntry('action', { type: 'passTurn', seat: rogueSeat }));
		table.settle();
		expectConverged(table.honest);
		expect(table.view.accepted.some((entry) => entry.text === table.rogueEntries.at(-1))).toBe(false);
	});
});
