/**
 * The secret deck wired into a version-2 game (docs/deck.md), on loopback in one process: n honest
 * devices, each with its own replayer, every entry delivered to every peer at once. Measures the
 * wall time from the entry that asks for a draw to the draw settled on every peer, with the secret
 * deck (seals to the drawer, the drawer's word) and without it (the threshold coin), the difference
 * being the added latency of one draw; the shuffle at the first draw; and the bytes the deck's
 * entries add to the log over the first turns. Prints plain lines, never asserts.
 */
import { play } from './deck-game-play.js';
import { percentile } from './support.js';

export function benchDeckGame(): void {
	console.log('secret deck in a version-2 game on loopback (every peer in this process, entries delivered at once; wall times include every peer\'s replay)');
	for (const n of [3, 4]) {
		const deck = play(n, true, 6);
		const coin = play(n, false, 6);
		const median = (xs: number[]) => percentile(xs, 50);
		console.log(
			`  ${n} seats: one draw ${median(deck.latencies).toFixed(0)} ms with the secret deck vs ${median(coin.latencies).toFixed(0)} ms with the coin (added ${(median(deck.latencies) - median(coin.latencies)).toFixed(0)} ms, medians of ${deck.latencies.length} and ${coin.latencies.length} draws); ` +
				`the shuffle at the first draw ${deck.shuffle.toFixed(0)} ms; the deck's entries ${deck.deckBytes.toLocaleString('en')} bytes of ${deck.logBytes.toLocaleString('en')} in the log (${(deck.logBytes - coin.logBytes).toLocaleString('en')} more than the coin game's) over the first ${deck.latencies.length + 1} draws`,
		);
	}
}
