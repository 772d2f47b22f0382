/**
 * Attack 1: copies of entries inserted before their originals. Anyone can copy an entry, in any
 * spelling that parses to the same canonical JSON, put copies before the original in the shared
 * array, reverse or shuffle them: an entry's place comes from what entries name, so the replay does
 * not change and no copy is refused in a way that changes anything.
 */
import { describe, expect, it } from 'vitest';
import { expectConverged, expectFinalKept, play, replayer, Rng, rogueTable, snapshot, summary, type Table } from './harness.js';

/** The same entry spelled differently: indented, and with its keys in reverse order. */
const indented = (text: string) => JSON.stringify(JSON.parse(text), null, 2);
function reversedKeys(text: string): string {
	const reorder = (value: unknown): unknown => {
		if (Array.isArray(value)) return value.map(reorder);
		if (typeof value !== 'object' || value === null) return value;
		return Object.fromEntries(Object.entries(value).reverse().map(([key, v]) => [key, reorder(v)]));
	};
	return JSON.stringify(reorder(JSON.parse(text)));
}

describe('attack 1: copies inserted before originals', () => {
	it('copies of every entry, exact or re-spelled, reversed and shuffled, before and after the originals, change no peer\u2019s replay', () => {
		const table = rogueTable('copies');
		play(table, 60, 'copies');
		const every = table.sent.slice();
		const before = snapshot(table.honest);
		const expected = summary(table.view);
		const rejectionsBefore = table.honest.map((peer) => peer.replay.rejections.length);
		expect(expected.finalCount).toBeGreaterThan(20);

		// Each honest peer gets the copies arranged another way.
		const rng = new Rng('copies:arrangements');
		const arrangements = [
			every.slice().reverse(),
			rng.shuffle(every.map(indented)),
			rng.shuffle([...every.map(reversedKeys), ...every.map(indented)]),
		];
		table.honest.forEach((peer, i) => {
			for (const batch of rng.batches(arrangements[i % arrangements.length]!, 16)) peer.replay.add(batch);
		});
		for (const peer of table.honest) expect(summary(peer.replay), peer.name).toEqual(expected);
		expect(table.honest.map((peer) => peer.replay.rejections.length)).toEqual(rejectionsBefore);
		expectFinalKept(before, table.honest);

		// The table plays on after the copies, and still agrees.
		play(table, 20, 'copies:after');
		expectConverged(table.honest);
		expectFinalKept(before, table.honest);
	});

	let played: Table | null = null;
	const playedTable = () => {
		if (played === null) {
			played = rogueTable('copies-fresh');
			play(played, 40, 'copies-fresh');
		}
		return played;
	};

	it.each([
		['re-spelled copies, shuffled, then the originals reversed', (every: string[], rng: Rng) => [...rng.shuffle(every.map(indented)), ...every.slice().reverse()]],
		['originals shuffled with re-spelled copies interleaved before each', (every: string[], rng: Rng) => rng.shuffle(every).flatMap((entry) => [reversedKeys(entry), entry])],
		['copies only (never the original text), reversed', (every: string[]) => every.map(indented).reverse()],
		['the originals reversed, then copies of each twice', (every: string[]) => [...every.slice().reverse(), ...every.map(indented), ...every.map(reversedKeys)]],
	])('a fresh peer given %s replays the same game', (_name, arrange) => {
		const table = playedTable();
		const every = table.sent.slice();
		const rng = new Rng(`copies-fresh:${_name}`);
		const fresh = replayer(table.game);
		for (const batch of rng.batches(arrange(every, rng), 24)) fresh.add(batch);
		expect(summary(fresh)).toEqual(summary(table.view));
		expect(fresh.rejections.filter((r) => r.code === 'DUPLICATE')).toEqual([]);
	});
});
