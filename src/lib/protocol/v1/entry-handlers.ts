/**
 * What each kind of entry does to the protocol's state once its envelope (parse, duplicate,
 * signature, game, author chain) is checked: seats, chains, reveals, the engine, fork frames.
 * A handler either applies the entry or returns a refusal and changes nothing.
 */
import { actionShapeProblem, parseLog, step, initialState, type Action, type GameOptions, type GameState, type Seat } from '../../engine/index.js';
import type { Bodies, Entry, EntryKind } from '../entry.js';
import { deriveSeed, hashLink } from '../randomness.js';

export type { ProtocolCode, ProtocolRefusal } from '../refusal.js';
import type { ProtocolRefusal } from '../refusal.js';

/** A claimed seat: its key and where its hash chain stands. */
export interface SeatState {
	readonly key: string;
	/** The last revealed value (the tip before the first reveal). */
	head: string;
	length: number;
	/** Links revealed from the current chain. */
	used: number;
}

/** A game whose entries are being replayed: the root game, or a parent carried by a fork. */
export interface Frame {
	readonly game: string;
	/** Entries still to come in a carried parent section (Infinity for the root). */
	remaining: number;
	/** Accepted ids in this section, to check against the fork's parentHash. */
	readonly ids: string[];
	readonly parentHash: string | null;
	started: boolean;
}

/** Everything replay tracks besides the append-only lists (cloned at checkpoints). */
export interface Core {
	engine: GameState | null;
	options: GameOptions | null;
	frames: Frame[];
	seats: (SeatState | null)[];
	/** `${game} ${author}` → the author's last entry id in that game. */
	heads: Map<string, string>;
	/** Random events settled so far: the next event's number. */
	event: number;
	/** Reveals for the current event, by seat. */
	reveals: Map<Seat, string>;
	/** Votes to excuse a stalling seat from the current event: target → voters. */
	excuse: Map<Seat, Seat[]>;
	/** Set when a fork's carried entries do not match its parentHash. */
	broken: string | null;
	/** The root's fork entry, if the game is a fork. */
	fork: Bodies['fork'] | null;
}

export function emptyCore(): Core {
	return { engine: null, options: null, frames: [], seats: [], heads: new Map(), event: 0, reveals: new Map(), excuse: new Map(), broken: null, fork: null };
}

export function cloneCore(core: Core): Core {
	const { engine, ...rest } = core;
	return { ...structuredClone(rest), engine };
}

const refuse = (code: ProtocolRefusal['code'], message: string): ProtocolRefusal => ({ code, message });

/** Seats that must reveal for a random event: in the game, present and not excused by a majority. */
export function requiredSeats(core: Core): Seat[] {
	if (core.engine === null) return [];
	const present = core.engine.players.filter((p) => !p.eliminated && !p.absent).map((p) => p.seat);
	return present.filter((seat) => !excused(core, seat, present));
}

function excused(core: Core, seat: Seat, present: readonly Seat[]): boolean {
	const voters = present.filter((other) => other !== seat);
	const votes = (core.excuse.get(seat) ?? []).filter((voter) => voters.includes(voter)).length;
	return voters.length > 0 && votes * 2 > voters.length;
}

/** Randomness is pending and every seat that must reveal has claimed its seat. */
export function revealsOpen(core: Core): boolean {
	return core.engine !== null && core.engine.random !== null && requiredSeats(core).every((seat) => core.seats[seat] !== null);
}

function holder(core: Core, seat: number, author: string): ProtocolRefusal | null {
	if (seat >= core.seats.length) return refuse('UNKNOWN_SEAT', `There is no seat ${seat}.`);
	if (core.seats[seat]?.key !== author) return refuse('NOT_SEAT_HOLDER', `The author does not hold seat ${seat}.`);
	return null;
}

function create(core: Core, body: Bodies['create']): ProtocolRefusal | null {
	const parsed = parseLog({ format: 'fnord-log', version: 1, setup: body.options, entries: [] });
	if (!parsed.ok) return refuse('MALFORMED', parsed.error);
	if (parsed.log.setup.sandbox) return refuse('MALFORMED', 'A peer-to-peer game takes its randomness from the players, not a sandbox.');
	core.options = parsed.log.setup;
	core.engine = initialState(parsed.log.setup);
	core.seats = Array.from({ length: parsed.log.setup.players }, () => null);
	return null;
}

function join(core: Core, entry: Entry<'join'>): ProtocolRefusal | null {
	const { seat } = entry.body;
	const chain = entry.body.chain!;
	if (core.engine === null || seat >= core.seats.length) return refuse('UNKNOWN_SEAT', `There is no seat ${seat}.`);
	if (core.seats[seat] !== null) return refuse('SEAT_TAKEN', `Seat ${seat} is already claimed.`);
	core.seats[seat] = { key: entry.author, head: chain.tip, length: chain.length, used: 0 };
	return null;
}

function commit(core: Core, entry: Entry<'commit'>): ProtocolRefusal | null {
	const { seat, chain } = entry.body;
	const problem = holder(core, seat, entry.author);
	if (problem !== null) return problem;
	if (core.engine!.random !== null) return refuse('BAD_COMMIT', 'A chain is renewed only while no randomness is pending.');
	core.seats[seat] = { key: entry.author, head: chain.tip, length: chain.length, used: 0 };
	return null;
}

function reveal(core: Core, entry: Entry<'reveal'>): ProtocolRefusal | null {
	const { seat, event, value } = entry.body;
	const problem = holder(core, seat, entry.author);
	if (problem !== null) return problem;
	if (!revealsOpen(core)) return refuse('BAD_REVEAL', 'No random event is open for reveals.');
	if (!requiredSeats(core).includes(seat)) return refuse('BAD_REVEAL', `Seat ${seat} does not take part in this random event.`);
	if (event !== core.event) return refuse('BAD_REVEAL', `The open random event is ${core.event}, not ${event}.`);
	if (core.reveals.has(seat)) return refuse('BAD_REVEAL', `Seat ${seat} already revealed for event ${event}.`);
	const state = core.seats[seat]!;
	if (state.used >= state.length) return refuse('BAD_REVEAL', `Seat ${seat}'s chain is used up.`);
	if (hashLink(value) !== state.head) return refuse('BAD_REVEAL', 'The value does not hash to the previous one.');
	state.head = value;
	state.used += 1;
	core.reveals.set(seat, value);
	return null;
}

/** A player action. The engine takes no declareAbsent while randomness waits, so then it is a
 * protocol vote: a majority of the other seats taking part excuses a seat that stalls its reveal. */
function action(core: Core, entry: Entry<'action'>, exported: Action[]): ProtocolRefusal | null {
	const body = entry.body;
	const problem = holder(core, body.seat, entry.author);
	if (problem !== null) return problem;
	const engine = core.engine!;
	const shape = actionShapeProblem(body, engine.players.length);
	if (shape !== null) return refuse('MALFORMED_ACTION', shape);
	if (body.type === 'declareAbsent' && engine.random !== null) {
		const present = requiredSeats(core);
		if (!present.includes(body.seat) || !present.includes(body.target) || body.target === body.seat || core.reveals.has(body.target)) {
			return refuse('NOT_APPLICABLE', 'Only a seat that has not revealed can be excused, by another seat taking part.');
		}
		const votes = core.excuse.get(body.target) ?? [];
		if (votes.includes(body.seat)) return refuse('ALREADY_VOTED', `Seat ${body.seat} already voted.`);
		core.excuse.set(body.target, [...votes, body.seat]);
		// Excused: the others reveal anew for a new event number, so no voter knew the outcome.
		if (!requiredSeats(core).includes(body.target)) {
			core.reveals = new Map();
			core.event += 1;
		}
		return null;
	}
	const result = step(engine, body);
	if (!result.ok) return refuse(result.error.code, result.error.message);
	core.engine = result.state;
	exported.push(body);
	return null;
}

/** Applies an entry's kind. `top` is the frame it belongs to. */
export function applyKind(core: Core, entry: Entry, top: Frame, exported: Action[]): ProtocolRefusal | null {
	const kind: EntryKind = entry.kind;
	const genesis = kind === 'create' || kind === 'fork';
	if (genesis !== !top.started) {
		return refuse('NO_GAME', genesis ? 'The game has already begun.' : 'A game begins with a create or fork entry.');
	}
	if (!genesis && core.engine === null) return refuse('NO_GAME', 'The game has no setup yet.');
	switch (kind) {
		case 'create': {
			const problem = create(core, (entry as Entry<'create'>).body);
			if (problem === null) top.started = true;
			return problem;
		}
		case 'fork': {
			const body = (entry as Entry<'fork'>).body;
			top.started = true;
			if (core.frames.length === 1) core.fork = body;
			core.frames.push({ game: body.parent, remaining: body.index + 1, ids: [], parentHash: body.parentHash, started: false });
			return null;
		}
		case 'join':
			return join(core, entry as Entry<'join'>);
		case 'commit':
			return commit(core, entry as Entry<'commit'>);
		case 'reveal':
			return reveal(core, entry as Entry<'reveal'>);
		case 'action':
			return action(core, entry as Entry<'action'>, exported);
		default:
			return refuse('MALFORMED', `A version-1 game has no ${kind} entries.`);
	}
}

/** Settles every random request whose reveals are all in; the synthesized entries go to `exported`. */
export function settleRandomness(core: Core, exported: Action[]): void {
	while (revealsOpen(core)) {
		const seats = requiredSeats(core);
		if (seats.length === 0 || !seats.every((seat) => core.reveals.has(seat))) return;
		const game = core.frames[core.frames.length - 1]!.game;
		const seed = deriveSeed(game, core.event, seats.map((seat) => [seat, core.reveals.get(seat)!] as const));
		const entry: Action = { type: 'random', seed };
		const result = step(core.engine!, entry);
		if (!result.ok) throw new Error(`protocol bug: the engine refused a synthesized seed: ${result.error.code}`);
		core.engine = result.state;
		exported.push(entry);
		core.event += 1;
		core.reveals = new Map();
		core.excuse = new Map();
	}
}

/** Every seat unclaimed: after a fork's carried section, seats are claimed anew with fresh chains. */
export function resetSeats(core: Core): void {
	core.seats = core.seats.map(() => null);
	core.reveals = new Map();
	core.excuse = new Map();
}
