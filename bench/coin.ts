/**
 * Micro benchmark of the threshold coin (src/lib/protocol/coin): for n = 2, 4, 6, 8 seats and
 * threshold t = max(2, n − 1), the median time of one deal, checking one dealing (dealingProblem,
 * with its proof), one seat opening the n shares sent to it (one per dealer), the group key (which
 * re-checks every dealing), one coin share, one coin-share verification and combining t shares;
 * and the size of a dealing and a coin share as base64url text. Prints, never asserts.
 * Usage: node --import tsx bench/coin.ts   Env: FNORD_BENCH_RUNS (default 30).
 */
import { webcrypto } from 'node:crypto';
import {
	boxKeyPair,
	coinShare,
	combineCoin,
	deal,
	dealingProblem,
	groupKey,
	openShare,
	secretShare,
	verifyCoinShare
} from '../src/lib/protocol/coin/index.js';
import { percentile } from './support.js';

const RUNS = Number(process.env.FNORD_BENCH_RUNS ?? 30);
const random = (n: number) => webcrypto.getRandomValues(new Uint8Array(n));

/** Median milliseconds of `RUNS` calls after two warm-up calls. */
function median(f: () => unknown): number {
	f();
	f();
	const times: number[] = [];
	for (let i = 0; i < RUNS; i++) {
		const start = performance.now();
		f();
		times.push(performance.now() - start);
	}
	return percentile(times, 50);
}

const rows: Record<string, string | number>[] = [];
for (const n of [2, 4, 6, 8]) {
	const t = Math.max(2, n - 1);
	const context = `bench ${n}`;
	const boxes = Array.from({ length: n }, () => boxKeyPair(random(32)));
	const boxKeys = boxes.map((b) => b.publicKey);
	const dealings = boxes.map((_, dealer) => deal({ context, dealer, t, boxKeys, random }));
	const qualified = new Map(dealings.map((d, i) => [i, d]));
	const openAll = (seat: number) =>
		new Map(
			dealings.map((dealing, dealer) => {
				const r = openShare({ context, dealer, dealing, seat, boxSecret: boxes[seat]!.secret });
				if (!r.ok) throw new Error(r.reason);
				return [dealer, r.share];
			})
		);
	const secrets = boxes.map((_, seat) => secretShare(openAll(seat)));
	const group = groupKey(qualified, n, context);
	const message = new TextEncoder().encode(`${context} event 1`);
	const shares = new Map(secrets.map((secret, seat) => [seat, coinShare({ message, seat, secret, random })]));
	const subset = new Map([...shares].slice(0, t));

	rows.push({
		n,
		t,
		'deal ms': median(() => deal({ context, dealer: 0, t, boxKeys, random })).toFixed(2),
		'check 1 dealing ms': median(() => dealingProblem(dealings[0], n, t, { context, dealer: 0 })).toFixed(2),
		'open n shares ms': median(() => openAll(n - 1)).toFixed(2),
		'group key ms': median(() => groupKey(qualified, n, context)).toFixed(2),
		'coinShare ms': median(() => coinShare({ message, seat: 0, secret: secrets[0]!, random })).toFixed(2),
		'verifyCoinShare ms': median(() => verifyCoinShare({ message, seat: 1, share: shares.get(1)!, shareKey: group.shareKeys[1]! })).toFixed(2),
		'combine t ms': median(() => combineCoin({ message, shares: subset, t })).toFixed(2),
		'dealing chars (JSON)': JSON.stringify(dealings[0]).length,
		'dealing chars (values)': [dealings[0]!.ephemeral, ...dealings[0]!.commitments, ...dealings[0]!.shares, dealings[0]!.proof].join('').length,
		'coin share chars': shares.get(0)!.length
	});
}
console.log(`threshold coin, median of ${RUNS} runs (Node ${process.version})`);
console.table(rows);
