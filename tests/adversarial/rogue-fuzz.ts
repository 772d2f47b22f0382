/**
 * The seeded rogue fuzz (attack 9): games of four seats, three honest peers (each a PlayerDevice
 * with its own GameReplayer) and one rogue seat, played with random legal moves. Between moves,
 * and during every network round, the rogue picks at random among: inserting (back-dated entries
 * of its own, a stranger's back-dated join, shares of old events), copying (re-spelled copies of
 * fresh entries sent ahead of their originals), deleting (holding back everything that reaches an
 * honest peer for a few steps), reordering (every delivery is shuffled and batched), withholding
 * its shares and acknowledgements (stalling: the honest peers' countdown votes it absent),
 * equivocating (two entries after one `last`, sent to different peers) and flooding (junk from
 * fresh keys, orphans, malformed strings).
 *
 * It steers: whenever a random event is open and it holds two honest shares and its own, it
 * knows the coin before anyone else; if the coin's first byte is odd (the outcome it does not
 * want) it tries a steering tactic (withhold and vote a sharer absent, slip an entry before its
 * own opener, equivocate, post bogus shares, delete the last shares on their way, flood).
 *
 * Checked: at every checkpoint (every entry delivered everywhere) the honest peers are equal
 * (state hash, accepted ids, final count, refusals) and each peer's earlier final entries are a
 * prefix of its final entries now (but for the rogue's entries refused as an equivocation); at
 * each game's end a fresh replayer fed every entry, shuffled, agrees; and the rate at which the
 * applied coins came out the way the rogue wanted stays within noise of the fair rate 1/2.
 */
import { expect } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { Chooser } from '../../src/lib/bots/random-player.js';
import type { CardId, PlayerAction, Seat } from '../../src/lib/engine/index.js';
import { bytesToBase64url } from '../../src/lib/protocol/base64url.js';
import { combineCoin } from '../../src/lib/protocol/coin/index.js';
import type { Entry } from '../../src/lib/protocol/entry.js';
import { awaitedSeats } from '../../src/lib/protocol/v2/awaited.js';
import type { GameReplayer } from '../../src/lib/protocol/v2/replayer.js';
import { coinMessage } from '../../src/lib/protocol/v2/entry-handlers.js';
import { fastIdentity, fastSignEntry, finalOf, freshReplay, randomMove, Rng, rogueTable, seeds, summary, type FinalSnapshot, type Table } from './harness.js';

export const TACTICS = ['insert', 'copy', 'delete', 'withhold', 'equivocate', 'flood', 'vote', 'bogus shares', 'slip before opener'] as const;
export type Tactic = (typeof TACTICS)[number];

export interface Figures {
	seed: string;
	games: number;
	/** Coins applied in the games' final replays. */
	events: number;
	/** Of those, the ones whose first byte is even (what the rogue wants). */
	wanted: number;
	/** Coins the rogue computed before they were applied (two honest shares and its own). */
	predicted: number;
	/** Predicted coins it did not want: it tried to steer each. */
	steered: number;
	/** Steered coins applied all the same (the value never changes: a coin is fixed by its event). */
	steeredApplied: number;
	/** Steered coins whose event was voided (the rogue's own opener refused as an equivocation). */
	steeredVoided: number;
	tactics: Record<Tactic, number>;
	caught: number;
	votedOut: number;
	checkpoints: number;
	rebuilds: number;
	steps: number;
}

const bytes = (text: string) => new TextEncoder().encode(text);
const wantedCoin = (seed: string) => parseInt(seed.slice(0, 2), 16) % 2 === 0;
const parse = (text: string) => JSON.parse(text) as Entry;
/** Most events per game (a new game, new keys, after that). */
const EVENTS_PER_GAME = 70;
const MAX_STEPS = 1_500;
const CHECK_EVERY = 40;
/** Events a game goes on for once the rogue is out (caught, voted out, eliminated). */
const EVENTS_AFTER_OUT = 25;
const DEBUG = process.env.FNORD_ROGUE_DEBUG === '1';

class Rogue {
	readonly table: Table;
	readonly rng: Rng;
	readonly figures: Figures;
	readonly seat: Seat;
	/** Gives its shares and acknowledgements (false: stalling). */
	automatic = true;
	/** Steps left of the current stall (it also withholds its moves). */
	stall = 0;
	/** Steps left before isolated honest peers are released. */
	isolation = 0;
	/** Events it decided on: `${opener} ${request}`. */
	readonly decided = new Set<string>();
	/** Coins it predicted and did not want. */
	readonly steeredCoins: string[] = [];
	/** Fresh keys made so far (strangers' joins, junk). */
	#strangers = 0;

	constructor(table: Table, rng: Rng, figures: Figures) {
		this.table = table;
		this.rng = rng;
		this.figures = figures;
		this.seat = table.rogue.seat!;
	}

	get key(): string {
		return this.table.rogue.device!.key;
	}

	get caught(): boolean {
		return this.table.view.dag.equivocators.has(this.key);
	}

	use(tactic: Tactic): void {
		this.figures.tactics[tactic]++;
	}

	/**
	 * After each network round: the rogue reads what reached it one entry at a time, reacting to
	 * each, then does its automatic part (unless stalling), holding back its share of an event it
	 * has not decided on yet.
	 */
	round(): void {
		const rogue = this.table.rogue;
		while (rogue.inbox.length > 0) {
			const entry = rogue.inbox.splice(this.rng.int(rogue.inbox.length), 1)[0]!;
			rogue.replay.add([entry]);
			this.react();
		}
		const event = rogue.replay.core.event;
		// Its share waits until it has decided on the event (no need to compute it each round).
		if (event !== null && !this.decided.has(`${event.opener} ${event.request}`) && rogue.replay.isFinal(event.opener) && !event.shares.has(this.seat)) return;
		for (let i = 0; this.automatic && i < 4; i++) {
			const entry = rogue.device!.nextAutomatic(rogue.replay);
			if (entry === null) return;
			const parsed = parse(entry);
			if (parsed.kind === 'share' && !this.decided.has(`${(parsed as Entry<'share'>).body.opener} ${(parsed as Entry<'share'>).body.request}`)) return;
			this.table.rogueEntries.push(entry);
			this.table.post(rogue, entry);
		}
	}

	/** Predicts the open event's coin and steers when it is not the one wanted. */
	react(): void {
		const replay = this.table.rogue.replay;
		const event = replay.core.event;
		const group = replay.core.keygen?.group;
		if (event === null || !group || this.caught) return;
		const id = `${event.opener} ${event.request}`;
		if (this.decided.has(id)) return;
		const t = replay.core.keygen!.t;
		if (event.shares.size !== t - 1 || event.shares.has(this.seat)) return;
		const mine = this.table.rogue.device!.nextAutomatic(replay);
		if (mine === null || parse(mine).kind !== 'share') return;
		this.decided.add(id);
		const shares = new Map(event.shares);
		shares.set(this.seat, (parse(mine) as Entry<'share'>).body.value);
		const coin = combineCoin({ message: coinMessage(this.table.game, event.opener, event.request), shares, t });
		this.figures.predicted++;
		if (wantedCoin(coin)) {
			if (this.automatic) {
				this.table.rogueEntries.push(mine);
				this.table.post(this.table.rogue, mine);
			}
			return;
		}
		this.figures.steered++;
		this.steeredCoins.push(coin);
		const opener = replay.dag.nodes.get(event.opener)!;
		const choices: Tactic[] = ['withhold', 'vote', 'bogus shares', 'delete', 'flood', 'equivocate'];
		if (opener.entry.author === this.key) choices.push('slip before opener', 'slip before opener');
		this.tactic(this.rng.pick(choices), event.opener);
	}

	/** Now and then between moves, a tactic at random. */
	between(): void {
		if (this.isolation > 0 && --this.isolation === 0) this.table.isolated.clear();
		if (this.stall > 0 && --this.stall === 0) this.comeBack();
		if (!this.rng.chance(1, 8)) return;
		// Equivocating gets it caught (and out of the game): rarely, outside steering.
		const tactic = this.rng.chance(1, 80) ? 'equivocate' : this.rng.pick<Tactic>(['insert', 'insert', 'copy', 'copy', 'delete', 'withhold', 'flood', 'vote', 'bogus shares']);
		this.tactic(tactic, null);
	}

	/** Its move: honest, or withheld (stalling), or equivocated. */
	move(move: PlayerAction): void {
		if (this.stall > 0) return;
		if (!this.caught && this.rng.chance(1, 300)) {
			this.use('equivocate');
			const last = this.table.rogue.replay.lastOf(this.key);
			const deps = this.table.rogue.replay.depsFor(last);
			const x = this.table.rogueEntry('action', move, { last, deps });
			const other = this.table.rogueEntry('ack', {}, { last, deps });
			this.split(x, other);
			return;
		}
		this.table.broadcast(this.table.rogueEntry('action', move));
	}

	#old(): string {
		const ids = finalOf(this.table.rogue.replay).ids;
		return ids[this.rng.int(Math.max(1, ids.length))]!;
	}

	/** X to some honest peers, X' to the others. */
	split(x: string, other: string): void {
		const order = this.rng.shuffle(this.table.honest);
		const cut = 1 + this.rng.int(order.length - 1);
		this.table.send(x, order.slice(0, cut));
		this.table.send(other, order.slice(cut));
	}

	tactic(tactic: Tactic, opener: string | null): void {
		const table = this.table;
		const replay = table.rogue.replay;
		this.use(tactic);
		switch (tactic) {
			case 'insert': {
				const choice = this.rng.int(3);
				if (choice === 0) {
					// Its own entry, back-dated: continues its chain, names an old final entry only.
					const last = replay.lastOf(this.key);
					const deps = [this.#old()].filter((id) => id !== last);
					if (last === null && deps.length === 0) return;
					table.send(table.rogueEntry('action', { type: 'passTurn', seat: this.seat }, { last, deps }), this.rng.shuffle(table.honest).slice(0, 1 + this.rng.int(3)));
				} else if (choice === 1) {
					// A stranger's back-dated join for a held seat.
					const key = fastIdentity(sha256(bytes(`${this.rng.seed}:joiner:${this.#strangers++}`)));
					const create = finalOf(replay).ids[0]!;
					table.send(fastSignEntry(key, { game: table.game, kind: 'join', body: { seat: this.rng.int(4), box: table.rogue.device!.box(0).publicKey }, last: null, deps: [create] }), table.honest);
				} else {
					// An honest seat's old share, posted as its own for whatever is open.
					const text = table.sent.findLast((e) => e.includes('"kind":"share"'));
					const share = text === undefined ? undefined : (parse(text) as Entry<'share'>);
					if (share !== undefined) table.broadcast(table.rogueEntry('share', { ...share.body, seat: this.seat }));
				}
				return;
			}
			case 'copy': {
				// Re-spelled copies of the latest entries, sent ahead of their originals to whoever has not got them.
				for (const entry of table.sent.slice(-12)) {
					const copy = this.rng.chance(1, 2) ? JSON.stringify(JSON.parse(entry), null, 1) : JSON.stringify(JSON.parse(entry));
					for (const peer of table.honest) if (!peer.has.has(entry) || this.rng.chance(1, 4)) table.send(copy, [peer]);
				}
				return;
			}
			case 'delete': {
				// Holds back everything on its way to one or two honest peers for a few steps.
				for (const peer of this.rng.shuffle(table.honest).slice(0, 1 + this.rng.int(2))) table.isolated.add(peer);
				this.isolation = 1 + this.rng.int(4);
				return;
			}
			case 'withhold':
				this.automatic = false;
				this.stall = 2 + this.rng.int(10);
				return;
			case 'vote': {
				// Votes an honest seat absent, naming only an old entry or the open event's opener.
				const target = this.rng.pick(table.honest.filter((peer) => peer.seat !== null)).seat!;
				const last = replay.lastOf(this.key);
				const deps = [opener ?? this.#old()].filter((id) => id !== last);
				if (last === null && deps.length === 0) return;
				table.broadcast(table.rogueEntry('absent', { seat: this.seat, target }, { last, deps }));
				return;
			}
			case 'bogus shares': {
				const event = replay.core.event;
				if (event === null) return;
				for (const fill of [0x11, 0x22]) {
					table.broadcast(table.rogueEntry('share', { seat: this.seat, opener: event.opener, request: event.request + (fill === 0x22 ? 1 : 0), value: bytesToBase64url(new Uint8Array(96).fill(fill)) }));
				}
				return;
			}
			case 'equivocate': {
				const last = replay.lastOf(this.key);
				const deps = replay.depsFor(last);
				this.split(table.rogueEntry('ack', {}, { last, deps }), table.rogueEntry('absent', { seat: this.seat, target: (this.seat + 1) % 4 }, { last, deps }));
				return;
			}
			case 'slip before opener': {
				const node = opener === null ? null : replay.dag.nodes.get(opener);
				if (!node || node.entry.author !== this.key) return;
				const deps = [...node.entry.deps!];
				if (node.entry.last === null && deps.length === 0) return;
				table.broadcast(table.rogueEntry('action', { type: 'passTurn', seat: this.seat }, { last: node.entry.last, deps }));
				return;
			}
			case 'flood': {
				const count = 20 + this.rng.int(60);
				const heads = replay.depsFor(null);
				for (let i = 0; i < count; i++) {
					const n = this.#strangers++;
					const choice = this.rng.int(3);
					let junk: string;
					if (choice === 0) {
						const key = fastIdentity(sha256(bytes(`${this.rng.seed}:flood:${n}`)));
						junk = fastSignEntry(key, { game: table.game, kind: 'action', body: { type: 'passTurn', seat: n % 4 }, last: null, deps: heads });
					} else if (choice === 1) {
						const key = fastIdentity(sha256(bytes(`${this.rng.seed}:orphan:${n}`)));
						junk = fastSignEntry(key, { game: table.game, kind: 'ack', body: {}, last: null, deps: [bytesToBase64url(sha256(bytes(`missing:${n}`)))] });
					} else junk = `{"v":2,"junk":${n}}`;
					table.send(junk, this.rng.shuffle(table.honest).slice(0, 1 + this.rng.int(3)));
				}
				return;
			}
		}
	}

	/** Back from a stall: its automatic entries again. */
	comeBack(): void {
		this.automatic = true;
	}
}

function emptyFigures(seed: string): Figures {
	return {
		seed,
		games: 0,
		events: 0,
		wanted: 0,
		predicted: 0,
		steered: 0,
		steeredApplied: 0,
		steeredVoided: 0,
		tactics: Object.fromEntries(TACTICS.map((t) => [t, 0])) as Record<Tactic, number>,
		caught: 0,
		votedOut: 0,
		checkpoints: 0,
		rebuilds: 0,
		steps: 0,
	};
}

/** Every entry everywhere (isolation lifted), automatic entries until quiet. */
function flush(table: Table, rogue: Rogue): void {
	// The rogue may hold peers back again while it reacts (once per event): until it no longer does.
	do {
		table.isolated.clear();
		rogue.isolation = 0;
		table.settle({ rogue: false, hook: () => rogue.round() });
	} while (table.isolated.size > 0);
}

/** Honest peers equal, and each one's earlier final entries still a prefix of its final entries (the rogue's equivocated ones aside). */
function check(table: Table, before: readonly FinalSnapshot[], label: string): FinalSnapshot[] {
	const first = summary(table.view);
	for (const peer of table.honest.slice(1)) {
		if (DEBUG) explainDifference(table, peer.replay, `${label} ${peer.name}`);
		expect(summary(peer.replay), `${label}: ${peer.name} vs ${table.honest[0]!.name}`).toEqual(first);
	}
	const voided = new Set(table.view.rejections.filter((r) => r.code === 'EQUIVOCATION').map((r) => r.id));
	return table.honest.map((peer, i) => {
		const now = finalOf(peer.replay);
		const kept = before[i]!.ids.filter((id) => !voided.has(id));
		expect(now.ids.slice(0, kept.length), `${label}: ${peer.name} lost final entries`).toEqual(kept);
		return now;
	});
}

/** The honest countdown: every honest seat votes the rogue absent when the table waits for it and nothing moves. */
function countdown(table: Table, rogue: Rogue): boolean {
	let voted = false;
	for (const peer of table.players) {
		const replay = peer.replay;
		if (!awaitedSeats(replay).some((awaited) => awaited.seat === rogue.seat)) continue;
		const engine = replay.state!;
		const votes = replay.core.votes.get(rogue.seat) ?? [];
		const target = engine.players[rogue.seat]!;
		const engineTakes = engine.random === null && !target.absent && !target.eliminated && !target.absenceVotes.includes(peer.seat!);
		if (votes.includes(peer.seat!) && !engineTakes) continue;
		table.post(peer, peer.device!.entry(replay, 'absent', { seat: peer.seat!, target: rogue.seat }));
		voted = true;
	}
	return voted;
}

function playGame(seed: string, game: number, figures: Figures, rng: Rng): void {
	const label = `${seed}:game${game}`;
	const rule = rng.chance(1, 2) ? 'forfeit' : 'frozen';
	const table = rogueTable(label, { honest: 3, rogueSeat: rng.int(4), rules: { equivocation: rule, countdown: 60 }, gameRules: rule === 'frozen' ? { absence: 'passTurns' } : {} });
	table.signer = fastSignEntry;
	table.rogueReadsItself = true;
	const rogue = new Rogue(table, rng, figures);
	const chooser = new Chooser(`${label}:moves`);
	const secrets = new Map<Seat, { goal: CardId; salt: string }>();
	let finals = table.honest.map((peer) => finalOf(peer.replay));
	let idle = 0;
	let outAt: number | null = null;
	for (let step = 1; step <= MAX_STEPS; step++) {
		figures.steps++;
		table.settle({ rogue: false, hook: () => rogue.round() });
		rogue.between();
		const view = table.view;
		const core = view.core;
		const state = view.state!;
		if (state.phase.kind === 'over' || core.forfeit !== null || core.broken !== null || core.settled >= EVENTS_PER_GAME) break;
		const player = state.players[rogue.seat]!;
		if (outAt === null && (rogue.caught || core.votedOut.has(rogue.seat) || player.eliminated)) outAt = core.settled;
		if (outAt !== null && core.settled >= outAt + EVENTS_AFTER_OUT) break;
		if (step % CHECK_EVERY === 0) {
			flush(table, rogue);
			finals = check(table, finals, `${label} step ${step}`);
			figures.checkpoints++;
		}
		const move = randomMove(state, chooser, secrets);
		let moved = false;
		if (move !== null) {
			if (move.seat === rogue.seat) {
				const before = table.rogueEntries.length;
				rogue.move(move);
				moved = table.rogueEntries.length > before;
			} else {
				table.act(table.peerOfSeat(move.seat), move);
				moved = true;
			}
		}
		idle = moved ? 0 : idle + 1;
		if (idle >= 3) {
			flush(table, rogue);
			if (countdown(table, rogue)) idle = 0;
		}
		if (idle > 40) throw new Error(`${label}: the table is stuck at step ${step} (awaiting ${JSON.stringify(awaitedSeats(table.view))}, phase ${state.phase.kind})`);
	}
	// The game's end: every entry everywhere, the rogue's automatic part too (a staller that comes back).
	rogue.comeBack();
	flush(table, rogue);
	finals = check(table, finals, `${label} end`);
	figures.checkpoints++;
	for (const at of ['once', 'batches'] as const) {
		const fresh = freshReplay(table, new Rng(`${label}:fresh`), at);
		if (DEBUG) explainDifference(table, fresh, `${label} fresh ${at}`);
		expect(summary(fresh), `${label}: a fresh replay of every entry, shuffled, ${at === 'once' ? 'at once' : 'in batches'}`).toEqual(summary(table.view));
	}
	const applied = seeds(table.view);
	figures.games++;
	figures.events += applied.length;
	figures.wanted += applied.filter(wantedCoin).length;
	for (const coin of rogue.steeredCoins) {
		if (applied.includes(coin)) figures.steeredApplied++;
		else figures.steeredVoided++;
	}
	if (rogue.caught) figures.caught++;
	if (table.view.core.votedOut.has(rogue.seat)) figures.votedOut++;
	figures.rebuilds += table.honest.reduce((sum, peer) => sum + peer.replay.rebuilds, 0);
}

/** Plays games from `seed` until `events` coins were applied; returns the figures. */
export function rogueFuzz(seed: string, events: number): Figures {
	const figures = emptyFigures(seed);
	const rng = new Rng(`rogue-fuzz:${seed}`);
	for (let game = 0; figures.events < events; game++) playGame(seed, game, figures, rng);
	return figures;
}

/** The fair rate of wanted coins, and its binomial 3-sigma bound for n coins. */
export function fairBound(n: number): { rate: number; sigma3: number } {
	return { rate: 0.5, sigma3: 3 * Math.sqrt(0.25 / n) };
}

export function report(all: readonly Figures[]): string {
	const sum = (key: keyof Omit<Figures, 'seed' | 'tactics'>) => all.reduce((total, f) => total + (f[key] as number), 0);
	const events = sum('events');
	const wanted = sum('wanted');
	const { rate, sigma3 } = fairBound(events);
	const tactics = Object.fromEntries(TACTICS.map((t) => [t, all.reduce((total, f) => total + f.tactics[t], 0)]));
	return [
		`rogue fuzz, seeds ${all.map((f) => f.seed).join(', ')} (FNORD_ROGUE_SEED=<seed> replays one): ${sum('games')} games, ${events} coins applied, ${sum('steps')} steps, ${sum('checkpoints')} checkpoints`,
		`  wanted (coin's first byte even): ${wanted}/${events} = ${(wanted / events).toFixed(4)}; fair rate ${rate}, 3-sigma bound ±${sigma3.toFixed(4)} → [${(rate - sigma3).toFixed(4)}, ${(rate + sigma3).toFixed(4)}]`,
		`  coins the rogue knew ahead: ${sum('predicted')}; unwanted, steered: ${sum('steered')} (applied all the same: ${sum('steeredApplied')}, event voided with the rogue's opener: ${sum('steeredVoided')})`,
		`  tactics: ${JSON.stringify(tactics)}; rogue caught equivocating in ${sum('caught')} games, voted out in ${sum('votedOut')}; replays rebuilt ${sum('rebuilds')} times`,
	].join('\n');
}


/** FNORD_ROGUE_DEBUG=1: where two replays of one table part ways (printed before the failing expectation). */
function explainDifference(table: Table, other: GameReplayer, label: string): void {
	const a = summary(table.view);
	const b = summary(other);
	if (JSON.stringify(a) === JSON.stringify(b)) return;
	const name = (key: string) => table.everyone.find((peer) => peer.device?.key === key)?.name ?? `stranger ${key.slice(0, 5)}`;
	const show = (replay: GameReplayer, id: string | undefined) => {
		const node = id === undefined ? undefined : replay.dag.nodes.get(id);
		return node === undefined ? '-' : `${name(node.entry.author)} ${node.entry.kind} L${node.lamport}${node.final ? ' final' : ''}${node.postFork ? ' post-fork' : ''}`;
	};
	const at = a.accepted.findIndex((id, i) => b.accepted[i] !== id);
	console.log(`${label}: hashes ${a.hash === b.hash ? 'equal' : 'differ'}, final ${a.finalCount} vs ${b.finalCount}, first accepted difference at ${at}`);
	for (let i = Math.max(0, at - 2); i < at + 3; i++) console.log(`  ${i}: ${show(table.view, a.accepted[i])} | ${show(other, b.accepted[i])}`);
	for (const [replay, side] of [[table.view, 'first peer'], [other, 'other']] as const) {
		console.log(`  ${side}: members ${[...replay.orderer.members].map(name)}, cut ${[...replay.orderer.cut.keys()].map(name)}, equivocators ${[...replay.dag.equivocators.keys()].map(name)}, rebuilds ${replay.rebuilds}`);
	}
}
