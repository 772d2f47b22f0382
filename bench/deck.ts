/**
 * Benchmark of the cryptographic deck (src/lib/protocol/deck, docs/deck.md) in Node, for a
 * 106-card deck at n = 2, 4, 6, 8 seats (threshold t = max(2, n − 1), a real DKG from the coin
 * module): one seat's shuffle step (re-mask and permute every card), the whole shuffle (every seat
 * in turn, sequential, as at a table), the immediate check of a step and its audit at game end;
 * one draw (t − 1 partial decryptions sealed to the drawer, the drawer's own, opening and checking
 * every seal, combining); and the bytes a masked deck, a shuffle step, a draw and a public reveal
 * add to a log (base64url in JSON). Prints plain lines, never asserts.
 * Usage: node --import tsx bench/deck.ts   Env: FNORD_BENCH_RUNS (default 5).
 */
import { webcrypto } from 'node:crypto';
import os from 'node:os';
import { ristretto255 } from '@noble/curves/ed25519.js';
import { boxKeyPair, deal, groupKey, openShare, secretShare } from '../src/lib/protocol/coin/index.js';
import {
	auditShuffle,
	checkShuffle,
	combine,
	openDeck,
	openSealed,
	partialDecryption,
	sealPartial,
	shuffle,
	type MaskedCard,
	type PartialDecryption,
	type Result,
	type Seal
} from '../src/lib/protocol/deck/index.js';
import { percentile } from './support.js';
import { benchDeckGame } from './deck-game.js';

const RUNS = Number(process.env.FNORD_BENCH_RUNS ?? 5);
const CARDS = 106;
const random = (n: number) => webcrypto.getRandomValues(new Uint8Array(n));

function value<T>(result: Result<T>): T {
	if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
	return result.value;
}

/** CPU milliseconds (user + system) of this process: the work done, whatever else the machine runs. */
function cpuNow(): number {
	const { user, system } = process.cpuUsage();
	return (user + system) / 1000;
}

/** Wall-clock milliseconds of `f`; its CPU milliseconds are added to `cpu` when given. */
function time<T>(f: () => T, cpu?: number[]): [T, number] {
	const startCpu = cpuNow();
	const start = performance.now();
	const out = f();
	const wall = performance.now() - start;
	cpu?.push(cpuNow() - startCpu);
	return [out, wall];
}

const ms = (x: number) => `${x.toFixed(1)} ms`;

console.log(`cryptographic deck, ${CARDS} cards, ${RUNS} runs per figure, medians (Node ${process.version}, ${process.arch}; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores: CPU time is the work, wall time includes waiting for a core)`);

// Once per page load: the card table (128 hashes to the curve) and G's window-8 table, built on first use.
{
	const [, cold] = time(() => value(openDeck(Array.from({ length: CARDS }, (_, i) => i))));
	console.log(`once per device: card table and tables built by the first open deck: ${ms(cold)}`);
	const y = ristretto255.Point.BASE.multiply(12345n);
	const [, table] = time(() => ristretto255.Point.fromBytes(y.toBytes()).precompute(8, false));
	console.log(`once per device per game: the group key's window-8 table: ${ms(table)} (included in the first shuffle step below)`);
}

for (const n of [2, 4, 6, 8]) {
	const t = Math.max(2, n - 1);
	const game = `bench deck ${n}`;
	const boxes = Array.from({ length: n }, () => boxKeyPair(random(32)));
	const boxKeys = boxes.map((b) => b.publicKey);
	const dealings = boxes.map((_, dealer) => deal({ context: game, dealer, t, boxKeys, random }));
	const group = groupKey(new Map(dealings.map((d, i) => [i, d])), n, game);
	const secrets = boxes.map((box, seat) =>
		secretShare(
			new Map(
				dealings.map((dealing, dealer) => {
					const r = openShare({ context: game, dealer, dealing, seat, boxSecret: box.secret });
					if (!r.ok) throw new Error(r.reason);
					return [dealer, r.share];
				})
			)
		)
	);
	const open = value(openDeck(Array.from({ length: CARDS }, (_, i) => i)));

	// Whole shuffles, every seat in turn; the first step of the first run also builds the group key's table.
	const wholes: number[] = [];
	const steps: number[] = [];
	const stepsCpu: number[] = [];
	const wholesCpu: number[] = [];
	const checks: number[] = [];
	const audits: number[] = [];
	let first = 0;
	let deck: readonly MaskedCard[] = open;
	let stepBytes = 0;
	for (let run = 0; run < RUNS; run++) {
		deck = open;
		let whole = 0;
		let wholeCpu = 0;
		for (let seat = 0; seat < n; seat++) {
			const seed = random(32);
			const before = deck;
			const cpu: number[] = [];
			const [step, took] = time(() => value(shuffle({ game, seat, deck: before, groupKey: group.publicKey, seed })), cpu);
			if (run === 0 && seat === 0) first = took;
			else {
				steps.push(took);
				stepsCpu.push(cpu[0]!);
			}
			whole += took;
			wholeCpu += cpu[0]!;
			checks.push(time(() => value(checkShuffle({ seat, before, after: step.deck })))[1]);
			if (run === 0) audits.push(time(() => value(auditShuffle({ game, seat, before, after: step.deck, groupKey: group.publicKey, seed, commitment: step.commitment })))[1]);
			stepBytes = JSON.stringify({ deck: step.deck, commitment: step.commitment }).length;
			deck = step.deck;
		}
		wholes.push(whole);
		wholesCpu.push(wholeCpu);
	}

	// Draws: the drawer is the last seat; the t − 1 lowest other seats seal their partials to it.
	const drawer = n - 1;
	const senders = Array.from({ length: t - 1 }, (_, i) => i);
	const draws: number[] = [];
	const drawsCpu: number[] = [];
	const senderTimes: number[] = [];
	const drawerTimes: number[] = [];
	let drawBytes = 0;
	let revealBytes = 0;
	for (let run = 0; run < RUNS + 1; run++) {
		const position = run;
		const card = deck[position]!;
		let seals: Seal[] = [];
		const cpu: number[] = [];
		const [, sending] = time(() => {
			seals = senders.map((seat) => value(sealPartial({ game, position, card, seat, secret: secrets[seat]!, to: drawer, boxKey: boxKeys[drawer]!, random })));
		}, cpu);
		let partials: PartialDecryption[] = [];
		const [, receiving] = time(() => {
			const own = value(partialDecryption({ game, position, card, seat: drawer, secret: secrets[drawer]!, random }));
			partials = [own, ...seals.map((seal) => value(openSealed({ game, position, card, seal, seat: drawer, boxSecret: boxes[drawer]!.secret, boxKey: boxKeys[drawer]!, shareKeys: group.shareKeys, t })))];
			value(combine({ card, partials, t, position }));
		}, cpu);
		if (run === 0) continue; // warm-up
		draws.push(sending + receiving);
		drawsCpu.push(cpu[0]! + cpu[1]!);
		senderTimes.push(sending / senders.length);
		drawerTimes.push(receiving);
		drawBytes = JSON.stringify(seals).length;
		revealBytes = JSON.stringify(partials).length;
	}

	const deckBytes = JSON.stringify(deck).length;
	console.log(`n = ${n}, t = ${t}:`);
	console.log(`  shuffle step per seat: ${ms(percentile(steps, 50))} wall, ${ms(percentile(stepsCpu, 50))} CPU (max ${ms(Math.max(...steps))} wall; first step with the group key's table: ${ms(first)})`);
	console.log(`  whole shuffle, ${n} seats in turn (sequential work): ${ms(percentile(wholes, 50))} wall, ${ms(percentile(wholesCpu, 50))} CPU`);
	console.log(`  immediate check of one step: ${ms(percentile(checks, 50))} wall; audit of one step at game end: ${ms(percentile(audits, 50))} wall; audit of all ${n}: ${ms(audits.reduce((a, b) => a + b, 0))} wall`);
	console.log(`  one draw (${t - 1} sealed partials + the drawer's own + open and check ${t - 1} seals + combine), sequential work: ${ms(percentile(draws, 50))} wall, ${ms(percentile(drawsCpu, 50))} CPU`);
	console.log(`    per sending seat (partial + proof + seal): ${ms(percentile(senderTimes, 50))} wall; drawer (own partial, open and check, combine): ${ms(percentile(drawerTimes, 50))} wall`);
	console.log(`  log bytes: one masked deck ${deckBytes} (JSON array of ${CARDS} × 86 characters); one shuffle step ${stepBytes}; one draw ${drawBytes} (${t - 1} seals); one public reveal ${revealBytes} (${t} partials)`);
}

// The deck wired into a game: the added latency of one draw on loopback and the bytes a game's secrets add.
benchDeckGame();
