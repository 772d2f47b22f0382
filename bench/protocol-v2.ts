/**
 * Protocol version 2 figures (npm run bench):
 *  - the cost of processing one update (one new entry) in a game of 1k, 10k and 50k entries: it
 *    should stay flat, since only open (non-final) entries are walked;
 *  - the cost of randomness per event in a 4-player game: entries, bytes and time per random event;
 *  - the rogue's rate of getting the outcome it wanted, beside the fair rate (the adversarial fuzz's rogue).
 * FNORD_BENCH_V2_SIZES overrides the sizes (comma-separated).
 */
import { webcrypto } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToBase64url, GameReplayer, generateIdentity, PlayerDevice, Verifier } from '../src/lib/protocol/index.js';
import { DEFAULT_RULES } from '../src/lib/engine/index.js';
import { newGame, playMoves, gameIdFor } from '../tests/protocol/v2/table.js';
import { percentile } from './support.js';
import { fairBound, report, rogueFuzz } from '../tests/adversarial/rogue-fuzz.js';

const text = (s: string) => new TextEncoder().encode(s);
const SIZES = (process.env.FNORD_BENCH_V2_SIZES ?? '1000,10000,50000').split(',').map(Number);

function random(label: string): (n: number) => Uint8Array {
	let counter = 0;
	return (n) => {
		const out = new Uint8Array(n);
		for (let i = 0; i < n; i += 32) out.set(sha256(text(`${label}:${counter++}`)).subarray(0, Math.min(32, n - i)), i);
		return out;
	};
}

/** A two-seat game that grows by acknowledgements alternating between its players (every one final after the next). */
async function updateCost(): Promise<void> {
	const game = bytesToBase64url(sha256(text('bench-v2-updates')).subarray(0, 16));
	const verifier = new Verifier(webcrypto.subtle as unknown as SubtleCrypto);
	const replay = new GameReplayer(game, { verifier });
	const players = ['a', 'b'].map((name) => new PlayerDevice(generateIdentity(sha256(text(`bench:${name}`))), { box: (seat) => sha256(text(`box:${name}:${seat}`)), random: random(name) }));
	const add = async (entries: string[]) => {
		await replay.prepare(entries);
		replay.add(entries);
	};
	await add([players[0]!.entry(replay, 'create', { options: { players: 2, illuminati: 'random', sandbox: false, rules: DEFAULT_RULES }, rules: { equivocation: 'forfeit', countdown: 60 } })]);
	await add([players[0]!.join(replay, 0)]);
	await add([players[1]!.join(replay, 1)]);
	const rows: string[] = [];
	let turn = 0;
	for (const size of SIZES) {
		// Grow to the size: each entry names the previous one, so it is added before the next is signed.
		while (replay.length < size) await add([players[turn++ % 2]!.entry(replay, 'ack', {})]);
		const times: number[] = [];
		for (let i = 0; i < 25; i++) {
			const entry = players[turn++ % 2]!.entry(replay, 'ack', {});
			await replay.prepare([entry]);
			const started = performance.now();
			replay.add([entry]);
			times.push(performance.now() - started);
		}
		rows.push(`${replay.length} entries: median ${percentile(times, 50).toFixed(3)} ms, p95 ${percentile(times, 95).toFixed(3)} ms (open ${replay.dag.open.size}, final ${replay.finalCount})`);
	}
	console.log(`v2 update cost (one new entry, signature checked ahead): ${rows.join('; ')}`);
}

/** Entries, bytes and time a random event costs in an honest 4-player game. */
function randomnessCost(): void {
	const started = performance.now();
	const { net, players } = newGame(gameIdFor('bench-randomness'), ['alice', 'bob', 'carol', 'dave']);
	const keygen = net.posted.filter((entry) => ['deal', 'keys'].includes(JSON.parse(entry).kind));
	const keygenMs = performance.now() - started;
	const before = net.posted.length;
	const eventsBefore = players[0]!.replay.core.settled;
	const playStarted = performance.now();
	playMoves(net, players, 120, 'bench-randomness');
	const playMs = performance.now() - playStarted;
	const played = net.posted.slice(before);
	const events = players[0]!.replay.core.settled - eventsBefore;
	const of = (kind: string) => played.filter((entry) => JSON.parse(entry).kind === kind);
	const shares = of('share');
	const acks = of('ack');
	const bytes = (list: string[]) => list.reduce((sum, entry) => sum + new TextEncoder().encode(entry).length, 0);
	console.log(
		`v2 randomness (4 players, t = 3): key generation ${keygen.length} entries, ${(bytes(keygen) / 1024).toFixed(1)} KB, ${keygenMs.toFixed(0)} ms for the whole table in one process; ` +
			`per random event: ${(shares.length / events).toFixed(1)} shares + ${(acks.length / events).toFixed(1)} acknowledgements = ${((bytes(shares) + bytes(acks)) / events).toFixed(0)} bytes ` +
			`(${events} events, ${played.length} entries in ${playMs.toFixed(0)} ms for 4 replayers in one process); ` +
			`mean entry ${(bytes(played) / played.length).toFixed(0)} bytes`
	);
}

/** The adversarial fuzz's rogue: how often it got the coin it wanted, beside the fair rate. */
function rogueRate(): void {
	const figures = rogueFuzz('bench-rogue', Number(process.env.FNORD_BENCH_ROGUE_EVENTS ?? 250));
	const { rate, sigma3 } = fairBound(figures.events);
	console.log(`v2 rogue (one rogue among honest peers, all tactics): wanted ${figures.wanted}/${figures.events} = ${(figures.wanted / figures.events).toFixed(3)} beside the fair rate ${rate} ± ${sigma3.toFixed(3)} (3 sigma); ${report([figures])}`);
}

await updateCost();
randomnessCost();
rogueRate();
