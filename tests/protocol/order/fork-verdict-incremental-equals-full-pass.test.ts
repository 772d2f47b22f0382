/**
 * The fork verdict (docs/protocol.md, "Equivocation") is kept up to date as entries arrive
 * (src/lib/protocol/order/fork-witnesses.ts) instead of a full pass over the graph per admission.
 * Over random entry graphs with forks (one author forking often, the others now and then, forks at
 * first entries and at old entries, several siblings at one point), admitted in random arrival
 * orders, with the verdict asked after random admissions and for random member sets: it must equal
 * the full pass (the former algorithm, tests/protocol/order/fork-verdict-full-pass.ts) every time,
 * and the last verdict must be the same in two arrival orders. FNORD_FORK_VERDICT_SEED=<n> replays a seed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Entry } from '../../../src/lib/protocol/entry.js';
import { EntryDag, type CheckedEntry } from '../../../src/lib/protocol/order/dag.js';
import { forkVerdict, type ForkVerdict } from '../../../src/lib/protocol/order/fork-verdict.js';
import { forkVerdictFullPass } from './fork-verdict-full-pass.js';

const SEED = Number(process.env.FNORD_FORK_VERDICT_SEED ?? 20261126);
const RUNS = Number(process.env.FNORD_FORK_VERDICT_RUNS ?? 250);
const GAME = 'fork-verdict-game';
const AUTHORS = ['ann', 'bob', 'cyd', 'dee'] as const;

/** One entry of the random graph: who writes it, whether it names an old entry of its own (a fork), what else it names. */
const stepArbitrary = fc.record({
	author: fc.nat(AUTHORS.length - 1),
	fork: fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: fc.nat(40), weight: 1 }),
	deps: fc.uniqueArray(fc.nat(500), { maxLength: 3 }),
});
/** When to ask for verdicts, and which members count (a bit per author; the judged author is always left out, as the orderer does). */
const probeArbitrary = fc.record({ ask: fc.boolean(), members: fc.nat(15) });

const logArbitrary = fc.record({
	steps: fc.array(stepArbitrary, { minLength: 8, maxLength: 70, size: 'max' }),
	arrival: fc.array(fc.nat(1000), { maxLength: 70, size: 'max' }),
	probes: fc.array(probeArbitrary, { minLength: 1, maxLength: 20 }),
});

type Step = { author: number; fork: number | null; deps: number[] };

/** The entries of a graph built from the steps: the first is a `create`; an author names its latest entry, or, forking, an older one or none. */
function buildLog(steps: readonly Step[]): CheckedEntry[] {
	const out: CheckedEntry[] = [];
	const chains = new Map<string, string[]>();
	steps.forEach((step, index) => {
		const author = index === 0 ? AUTHORS[0] : AUTHORS[step.author]!;
		const mine = chains.get(author) ?? [];
		let last: string | null = mine.at(-1) ?? null;
		if (step.fork !== null && mine.length > 0) {
			// Any entry of its own but the latest, or none (a second first entry).
			const older = [null, ...mine.slice(0, -1)];
			last = older[step.fork % older.length]!;
		}
		const deps = index === 0 ? [] : [...new Set(step.deps.map((d) => out[d % out.length]!.id))].filter((id) => id !== last);
		if (index > 0 && last === null && deps.length === 0) deps.push(out.at(-1)!.id);
		const id = `e${index}`;
		const entry = { v: 2, game: GAME, kind: index === 0 ? 'create' : 'ack', body: {}, author, last, deps, sig: '' } as unknown as Entry;
		out.push({ id, entry, text: id });
		mine.push(id);
		chains.set(author, mine);
	});
	return out;
}

const view = (verdict: ForkVerdict) => ({ refused: [...verdict.refused].map((node) => node.id).sort(), frontier: verdict.frontier });

function othersFor(author: string, members: number): Set<string> {
	return new Set(AUTHORS.filter((key, bit) => key !== author && (members & (1 << bit)) !== 0));
}

/**
 * Admits the log in the given order, comparing the incremental verdict with the full pass at every
 * probe; returns the last verdicts (every member counted) and how many comparisons were made.
 */
function admitAndCompare(log: readonly CheckedEntry[], order: readonly number[], probes: readonly { ask: boolean; members: number }[]): { last: Map<string, ReturnType<typeof view>>; compared: number } {
	const dag = new EntryDag(GAME);
	let compared = 0;
	const compare = (members: number) => {
		for (const author of dag.equivocators.keys()) {
			const others = othersFor(author, members);
			const incremental = view(forkVerdict(dag, author, others));
			const full = view(forkVerdictFullPass(dag, author, others));
			expect(incremental, `${author}, members ${members.toString(2)}, ${dag.nodes.size} nodes`).toEqual(full);
			compared++;
		}
	};
	order.forEach((index, step) => {
		const admission = dag.admit(log[index]!);
		expect(admission.status).not.toBe('refused');
		const probe = probes[step % probes.length]!;
		if (probe.ask) compare(probe.members);
	});
	expect(dag.nodes.size).toBe(log.length);
	compare(15);
	const last = new Map([...dag.equivocators.keys()].sort().map((author) => [author, view(forkVerdict(dag, author, othersFor(author, 15)))] as const));
	return { last, compared };
}

describe('the incremental fork verdict equals the full pass over the graph', () => {
	it(`random graphs with forks, random arrival orders, random member sets (seed ${SEED}, ${RUNS} runs)`, () => {
		console.log(`fork verdict equivalence seed: ${SEED} (FNORD_FORK_VERDICT_SEED), ${RUNS} runs`);
		let compared = 0;
		let withForks = 0;
		fc.assert(
			fc.property(logArbitrary, ({ steps, arrival, probes }) => {
				const log = buildLog(steps);
				const shuffled = log.map((_, index) => index).sort((a, b) => (arrival[a] ?? a) - (arrival[b] ?? b) || a - b);
				const reversed = log.map((_, index) => log.length - 1 - index);
				const first = admitAndCompare(log, shuffled, probes);
				const second = admitAndCompare(log, reversed, [...probes].reverse());
				expect(second.last, 'the same verdict in two arrival orders').toEqual(first.last);
				compared += first.compared + second.compared;
				if (first.last.size > 0) withForks++;
			}),
			{ seed: SEED, numRuns: RUNS },
		);
		console.log(`fork verdict equivalence: ${compared} verdicts compared, ${withForks} of ${RUNS} graphs with an equivocator`);
		// Guards the generator: most graphs must hold a fork, or the comparison proves little.
		expect(withForks).toBeGreaterThan(RUNS / 2);
	});
});
