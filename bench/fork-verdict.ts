/**
 * The fork verdict's cost (docs/protocol.md, "Equivocation"; npm run bench). A 3-seat game in
 * which one seat equivocates early (an `ack` naming its own join); the other two then grow the
 * log with acknowledgements to N entries, the equivocator silent or posting along. Two figures
 * per size:
 *  - a fresh replayer admitting the whole log one entry at a time (signatures checked ahead, not
 *    timed): CPU time and admissions per second, with the equivocator present throughout;
 *  - the verdict alone, asked after every admission into a bare entry graph: the full pass over
 *    the graph (the former algorithm, kept as the tests' oracle) beside the incremental one.
 * Figures are process CPU time (user + system), best of FNORD_BENCH_FORK_RUNS runs (default 2;
 * the replayer gets one more, uncounted, to warm up).
 * FNORD_BENCH_FORK_SIZES overrides the sizes (comma-separated, default 500,2000).
 */
import { cpus, loadavg } from 'node:os';
import { signEntry, parseEntry } from '../src/lib/protocol/entry.js';
import { EntryDag } from '../src/lib/protocol/order/dag.js';
import { forkVerdict } from '../src/lib/protocol/order/fork-verdict.js';
import { GameReplayer } from '../src/lib/protocol/v2/replayer.js';
import { gameIdFor, newGame, playMoves } from '../tests/protocol/v2/table.js';
import { forkVerdictFullPass } from '../tests/protocol/order/fork-verdict-full-pass.js';

const SIZES = (process.env.FNORD_BENCH_FORK_SIZES ?? '500,2000').split(',').map(Number);
const RUNS = Number(process.env.FNORD_BENCH_FORK_RUNS ?? 2);

const authorOf = (text: string) => (JSON.parse(text) as { author: string }).author;

/** CPU milliseconds (user + system) spent by `run`. */
function cpuMs(run: () => void): number {
	const before = process.cpuUsage();
	run();
	const used = process.cpuUsage(before);
	return (used.user + used.system) / 1000;
}

/** The posted log of `size` entries, the equivocator's key and the two other members' keys. */
function equivocatingLog(size: number, cheaterGoesOn: boolean): { game: string; log: string[]; cheater: string; others: Set<string> } {
	const game = gameIdFor(`bench-fork-verdict-${size}`);
	const { net, players } = newGame(game, ['ann', 'bob', 'cyd']);
	playMoves(net, players, 10, 'bench-fork-verdict');
	net.automatic();
	const [ann, bob, cyd] = players as [(typeof players)[0], (typeof players)[0], (typeof players)[0]];
	const cheater = bob.device!.key;
	const join = ann.replay.accepted.find((e) => authorOf(e.text) === cheater)!;
	net.post(signEntry(bob.device!.identity, { game, kind: 'ack', body: {}, last: join.id, deps: [] } as never));
	net.automatic();
	// The two honest seats keep going, and the equivocator too (on its own view) or not.
	const posters = cheaterGoesOn ? [ann, bob, cyd] : [ann, cyd];
	for (let turn = 0; net.posted.length < size; turn++) {
		const peer = posters[turn % posters.length]!;
		net.post(peer.device!.entry(peer.replay, 'ack', {}), posters);
	}
	if (!ann.replay.core.cheaters.has(1)) throw new Error('the bench log must hold a caught equivocator');
	return { game, log: net.posted, cheater, others: new Set([ann.device!.key, cyd.device!.key]) };
}

async function replayerRow(game: string, log: readonly string[]): Promise<string> {
	const times: number[] = [];
	// Run 0 warms the code up and is not counted.
	for (let run = 0; run <= RUNS; run++) {
		const fresh = new GameReplayer(game);
		await fresh.prepare(log);
		const spent = cpuMs(() => {
			for (const text of log) fresh.add([text]);
		});
		if (run > 0) times.push(spent);
		if (fresh.core.cheaters.size !== 1) throw new Error('the replayer must catch the equivocator');
	}
	const best = Math.min(...times);
	return `admit ${log.length} entries one at a time ${best.toFixed(0)} ms CPU (${((log.length / best) * 1000).toFixed(0)} admissions/s; runs ${times.map((t) => t.toFixed(0)).join(', ')} ms)`;
}

function verdictRow(game: string, log: readonly string[], cheater: string, others: ReadonlySet<string>): string {
	const checked = log.map((text) => {
		const parsed = parseEntry(text);
		if (!parsed.ok) throw new Error(parsed.message);
		return { id: parsed.id, entry: parsed.entry, text: parsed.text };
	});
	const timeOf = (verdict: typeof forkVerdict) => {
		const times: number[] = [];
		for (let run = 0; run < RUNS; run++) {
			const dag = new EntryDag(game);
			let spent = 0;
			for (const entry of checked) {
				dag.admit(entry);
				spent += cpuMs(() => verdict(dag, cheater, others));
			}
			times.push(spent);
		}
		return Math.min(...times);
	};
	const full = timeOf(forkVerdictFullPass);
	const incremental = timeOf(forkVerdict);
	return `verdict after every admission: full pass ${full.toFixed(0)} ms, incremental ${incremental.toFixed(0)} ms (${(full / incremental).toFixed(1)}x)`;
}

for (const cheaterGoesOn of [false, true]) {
	const rows: string[] = [];
	for (const size of SIZES) {
		const { game, log, cheater, others } = equivocatingLog(size, cheaterGoesOn);
		rows.push(`${log.length} entries: ${await replayerRow(game, log)}; ${verdictRow(game, log, cheater, others)}`);
	}
	const who = cheaterGoesOn ? 'the equivocator goes on posting' : 'the equivocator stops';
	console.log(`fork verdict (3 seats, one equivocator from early on, ${who}; load ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores): ${rows.join('; ')}`);
}
