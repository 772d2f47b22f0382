/**
 * Undo (docs/protocol.md, "Undo"): a `takeback` entry names its seat's last move. Judged at its
 * place in the final order: when nothing public landed since the move (no other entry but
 * acknowledgements and undo votes, no randomness open or settled, no secret-deck or protocol
 * change), the move is taken back at once: the engine returns to the state before it. Otherwise,
 * if the takeback asks (`ask: true`), it is a request the other present seats vote on with
 * `undoVote` entries: every one of them accepting rewinds the game to before the move (everything
 * since is void, a roll since is rolled again); one refusal ends it, and it expires (lapses) as
 * soon as any seat makes a move other than a window pass, or a change a rewind cannot follow lands.
 *
 * Only unanimity may rewind past randomness: a re-roll is a bias avenue (the requester asks only
 * when the roll went against it), so every seat the re-roll could harm must agree to it.
 */
import type { Action, GameState, Seat } from '../../engine/index.js';
import { hiddenIlluminatiHolds } from '../../engine/hidden-illuminati-deal.js';
import type { Entry } from '../entry.js';
import type { ProtocolRefusal } from '../refusal.js';
import type { CoreV2 } from './core.js';

/** A seat's move, as the replay saw it: enough to return to the state before it. */
export interface MoveMark {
	readonly id: string;
	readonly seat: Seat;
	/** A pass of a window (the window clock passes by itself): the move before it still counts as the seat's last. */
	readonly pass: boolean;
	/** The engine state before the move, and the exported list's length then. */
	readonly before: GameState;
	readonly exported: number;
	/** The counters right after the move: any change since means something landed. */
	readonly publicAt: number;
	readonly protocolAt: number;
	readonly settledAt: number;
	/** Moves in replay order (a rewind voids the marks of every later move). */
	readonly order: number;
}

export interface UndoRequest {
	/** The takeback entry's id (votes name it). */
	readonly id: string;
	readonly seat: Seat;
	readonly move: string;
	readonly answers: Map<Seat, boolean>;
}

export type UndoOutcome = 'atOnce' | 'granted' | 'refused' | 'lapsed';

export interface UndoCore {
	/** Accepted entries that change what the table sees (all but acknowledgements and votes), plus rewinds. */
	public: number;
	/** Changes a rewind cannot undo: seats, keys, absence votes, penalties, the secret deck. */
	protocol: number;
	/** Rewinds so far (the replayer's lists follow them). */
	rewinds: number;
	moves: number;
	/** Each seat's latest moves, oldest first (at most MOVES_KEPT). */
	readonly marks: Map<Seat, readonly MoveMark[]>;
	/** Moves taken back, and takeback entries (an undo of an undo is refused). */
	readonly undone: Set<string>;
	readonly takebacks: Set<string>;
	/** Open requests by takeback id. */
	readonly requests: Map<string, UndoRequest>;
	/** The latest requests that ended, newest last (a few, for the table to show). */
	readonly ended: { readonly id: string; readonly seat: Seat; readonly move: string; readonly outcome: UndoOutcome; readonly action: Action | null }[];
	/** Moves taken back, oldest first (the latest LOG_KEPT): `position` is the engine entries the game returned to (the log in words). */
	readonly log: TookBack[];
}

export interface TookBack {
	readonly position: number;
	readonly seat: Seat;
	readonly move: string;
	readonly outcome: 'atOnce' | 'granted';
	readonly action: Action | null;
}
const LOG_KEPT = 256;

/** Moves kept per seat: a seat's last move is its latest that is not a window pass, passes after it included. */
const MOVES_KEPT = 8;
const PASSES = new Set(['passWindow', 'passSpending']);

/**
 * Seat's last move: its latest move that is not a window pass (passes after it, the window
 * clock's or its own, go with it), or its latest pass when it made nothing else lately.
 */
export function lastMove(undo: UndoCore, seat: Seat): MoveMark | null {
	const moves = undo.marks.get(seat) ?? [];
	for (let i = moves.length - 1; i >= 0; i--) if (!moves[i]!.pass) return moves[i]!;
	return moves[moves.length - 1] ?? null;
}

/** Seat's latest move of any kind (what may be taken back at once). */
export function latestMove(undo: UndoCore, seat: Seat): MoveMark | null {
	const moves = undo.marks.get(seat) ?? [];
	return moves[moves.length - 1] ?? null;
}

/** The seat's move `id` if only window passes of the seat followed it (it is then the seat's last move, or its latest). */
function moveStanding(undo: UndoCore, seat: Seat, id: string): MoveMark | null {
	const moves = undo.marks.get(seat) ?? [];
	const at = moves.findIndex((mark) => mark.id === id);
	if (at < 0 || !moves.slice(at + 1).every((mark) => mark.pass)) return null;
	return moves[at]!;
}

export function emptyUndo(): UndoCore {
	return { public: 0, protocol: 0, rewinds: 0, moves: 0, marks: new Map(), undone: new Set(), takebacks: new Set(), requests: new Map(), ended: [], log: [] };
}

/** A copy for the provisional tail (engine states are immutable and shared). */
export function cloneUndo(undo: UndoCore): UndoCore {
	const requests = new Map([...undo.requests].map(([id, request]) => [id, { ...request, answers: new Map(request.answers) }]));
	return { ...undo, marks: new Map(undo.marks), undone: new Set(undo.undone), takebacks: new Set(undo.takebacks), requests, ended: [...undo.ended], log: [...undo.log] };
}

/** What an entry found before it was applied. */
export interface UndoSnapshot {
	readonly engine: GameState | null;
	readonly exported: number;
	readonly cheaters: number;
	readonly deck: string;
	readonly settled: number;
}

/** The secret deck's progress in a few numbers (any change: a rewind cannot follow). */
function deckMark(core: CoreV2): string {
	const deck = core.deck;
	if (deck === null) return '';
	return `${deck.steps.length} ${deck.final?.length ?? -1} ${deck.draw?.opener ?? ''} ${deck.draw?.results.size ?? -1} ${deck.shown.size} ${deck.kept.size} ${deck.tells.size} ${deck.seeds.size}`;
}

export function undoBefore(core: CoreV2, exported: readonly Action[]): UndoSnapshot {
	return { engine: core.engine, exported: exported.length, cheaters: core.cheaters.size, deck: deckMark(core), settled: core.settled };
}

const QUIET_KINDS = new Set(['ack', 'undoVote', 'takeback']);
const PROTOCOL_KINDS = new Set(['create', 'fork', 'carry', 'join', 'deal', 'keys', 'absent', 'deck', 'illuminati']);

/** After an entry (accepted or not): counts what landed and marks a seat's new last move. */
export function undoAfter(core: CoreV2, before: UndoSnapshot, id: string, entry: Entry, accepted: boolean): void {
	const undo = core.undo;
	const protocolBefore = undo.protocol;
	if (before.cheaters !== core.cheaters.size || before.deck !== deckMark(core)) undo.protocol++;
	if (before.settled !== core.settled) undo.public++;
	if (accepted && !QUIET_KINDS.has(entry.kind)) undo.public++;
	if (accepted && PROTOCOL_KINDS.has(entry.kind)) undo.protocol++;
	// A change a rewind cannot follow ends every open request at once (it could never be granted).
	if (undo.protocol !== protocolBefore) lapseAll(core);
	// An absent seat's stand-in moving on (other than a window pass) ends them too, as any seat's move.
	if (accepted && entry.kind === 'standIn' && !PASSES.has((entry as Entry<'standIn'>).body.action.type)) lapseAll(core);
	if (!accepted || entry.kind !== 'action' || before.engine === null) return;
	const { seat, type } = (entry as Entry<'action'>).body;
	const pass = PASSES.has(type);
	// Requests expire: any seat's move other than a window pass ends every open request (the
	// requester moved on, or the game went on past what the table was asked about). A grant that
	// came later would void moves whose players never agreed to lose them (a stale request granted
	// out of context). Window passes (the window clock's) and the roll they lead to do not.
	if (!pass) lapseAll(core);
	const mark: MoveMark = { id, seat, pass, before: before.engine, exported: before.exported, publicAt: undo.public, protocolAt: undo.protocol, settledAt: core.settled, order: undo.moves++ };
	undo.marks.set(seat, [...(undo.marks.get(seat) ?? []), mark].slice(-MOVES_KEPT));
}

const refuse = (code: ProtocolRefusal['code'], message: string): ProtocolRefusal => ({ code, message });

/** Seats whose vote a request needs: held, in the game, present, not voted out or caught cheating; not the requester. */
export function undoVoters(core: CoreV2, requester: Seat): Seat[] {
	return core.seats.flatMap((holder, seat) => {
		const player = core.engine?.players[seat];
		if (holder === null || seat === requester || !player || player.eliminated || player.absent || core.votedOut.has(seat) || core.cheaters.has(seat)) return [];
		return [seat];
	});
}

/** Whether seat's last move `mark` may be taken back at once now (nothing public since). */
/** Hidden Illuminati: an accusation waits for its answer, or an attack for its defender's card.
 * Nothing is taken back then: a takeback placed before the answer voided the move that asked for
 * it, and its asker read the answer for free (red team, session 14: seven accusations in a turn,
 * no action spent; and an honest "no" landing on a second accusation, its seat named a liar). */
function answerPending(core: CoreV2): ProtocolRefusal | null {
	return core.engine !== null && hiddenIlluminatiHolds(core.engine) ? refuse('ANSWER_PENDING', 'A face-down Illuminati is asked for its answer: nothing is taken back until it comes.') : null;
}

export function atOnceProblem(core: CoreV2, mark: MoveMark): ProtocolRefusal | null {
	const pending = answerPending(core);
	if (pending !== null) return pending;
	const undo = core.undo;
	if (core.engine?.random !== null || core.event !== null || core.settled !== mark.settledAt) {
		return refuse('RANDOMNESS_SINCE', 'Randomness was asked for or revealed since this move: only the table may undo it.');
	}
	if (undo.public !== mark.publicAt || undo.protocol !== mark.protocolAt) return refuse('OTHERS_SINCE', 'Other entries landed since this move: only the table may undo it.');
	return null;
}

/** The table is asked only about a move of the turn under way (a rewind never crosses a turn). */
function earlierTurn(core: CoreV2, mark: MoveMark): ProtocolRefusal | null {
	return mark.before.turnCount === core.engine!.turnCount ? null : refuse('EARLIER_TURN', 'This move was made in an earlier turn: only moves of the turn under way can be undone.');
}

/** What stops an at-once takeback of a move followed by other entries: randomness, or the entries. */
function sinceProblem(core: CoreV2, mark: MoveMark): ProtocolRefusal {
	if (core.engine?.random !== null || core.event !== null || core.settled !== mark.settledAt) return refuse('RANDOMNESS_SINCE', 'Randomness was asked for or revealed since this move: only the table may undo it.');
	return refuse('OTHERS_SINCE', 'Other entries landed since this move: only the table may undo it.');
}

function rewindProblem(core: CoreV2, mark: MoveMark): ProtocolRefusal | null {
	if (core.undo.protocol !== mark.protocolAt) return refuse('CANNOT_REWIND', 'A seat, key, absence vote, penalty or secret-deck step landed since this move: it cannot be rewound.');
	return null;
}

/** Returns the game to the state before `mark`'s move; every later move is void. */
function rewind(core: CoreV2, mark: MoveMark, exported: Action[], outcome: 'atOnce' | 'granted', id: string): void {
	const undo = core.undo;
	const action = moveAction(mark, exported);
	core.engine = mark.before;
	if (exported.length > mark.exported) exported.length = mark.exported;
	core.event = null;
	for (const [seat, moves] of undo.marks) undo.marks.set(seat, moves.filter((other) => other.order < mark.order));
	undo.undone.add(mark.id);
	for (const request of [...undo.requests.values()]) close(core, request, request.move === mark.id ? outcome : 'lapsed');
	if (outcome === 'atOnce') remember(core, { id, seat: mark.seat, move: mark.id, outcome, action });
	else {
		const last = undo.ended[undo.ended.length - 1];
		if (last && last.move === mark.id) undo.ended[undo.ended.length - 1] = { ...last, action };
	}
	undo.log.push({ position: mark.before.accepted, seat: mark.seat, move: mark.id, outcome, action });
	if (undo.log.length > LOG_KEPT) undo.log.shift();
	undo.rewinds++;
	undo.public++;
}

/** The move's own engine action (the first exported after the mark), for the words "took back". */
function moveAction(mark: MoveMark, exported: readonly Action[]): Action | null {
	return exported[mark.exported] ?? null;
}

function remember(core: CoreV2, ended: UndoCore['ended'][number]): void {
	const list = core.undo.ended;
	list.push(ended);
	if (list.length > 8) list.shift();
}

/** Ends every open request as lapsed. */
function lapseAll(core: CoreV2): void {
	for (const request of [...core.undo.requests.values()]) close(core, request, 'lapsed');
}

function close(core: CoreV2, request: UndoRequest, outcome: UndoOutcome): void {
	core.undo.requests.delete(request.id);
	remember(core, { id: request.id, seat: request.seat, move: request.move, outcome, action: null });
}

/** Looks up an entry of the game by id (the replayer's graph). */
export type EntryLookup = (id: string) => Entry | null;

function common(core: CoreV2, entry: Entry<'takeback' | 'undoVote'>): ProtocolRefusal | null {
	if (core.engine === null) return refuse('NO_GAME', 'The game has no setup yet.');
	if (core.forfeit !== null) return refuse('GAME_FORFEITED', `The game ended: seat ${core.forfeit.seat} forfeited.`);
	if (core.broken !== null) return refuse('BROKEN', core.broken);
	const seat = entry.body.seat;
	if (seat >= core.seats.length) return refuse('UNKNOWN_SEAT', `There is no seat ${seat}.`);
	if (core.seats[seat]?.key !== entry.author) return refuse('NOT_SEAT_HOLDER', `Key ${entry.author.slice(0, 8)}… signed this ${entry.kind} but does not hold seat ${seat}.`);
	if (core.cheaters.has(seat)) return refuse('CHEATER', `Seat ${seat} was caught equivocating.`);
	if (core.engine.phase.kind === 'over') return refuse('GAME_ENDED', 'The game is over: nothing can be taken back.');
	return null;
}

function takeback(core: CoreV2, id: string, entry: Entry<'takeback'>, exported: Action[], lookup: EntryLookup | null): ProtocolRefusal | null {
	const { seat, move, ask } = entry.body;
	const undo = core.undo;
	if (undo.takebacks.has(move)) return refuse('UNDO_OF_UNDO', 'A takeback cannot itself be taken back.');
	if (undo.undone.has(move)) return refuse('ALREADY_UNDONE', `Move ${move} was already taken back.`);
	const mark = moveStanding(undo, seat, move);
	if (mark === null) {
		const named = lookup?.(move) ?? null;
		if (named !== null && (named.kind === 'takeback' || named.kind === 'undoVote')) return refuse('UNDO_OF_UNDO', 'A takeback cannot itself be taken back.');
		if (named !== null && named.kind === 'action' && (named as Entry<'action'>).body.seat !== seat) {
			return refuse('NOT_YOUR_ENTRY', `Move ${move} is seat ${(named as Entry<'action'>).body.seat}'s, not seat ${seat}'s.`);
		}
		if (named === null || named.kind !== 'action') return refuse('UNKNOWN_MOVE', `Entry ${move} is no move of this game.`);
		return refuse('NOT_LAST_MOVE', `Move ${move} is not seat ${seat}'s last move.`);
	}
	const notAtOnce = latestMove(undo, seat) === mark ? atOnceProblem(core, mark) : sinceProblem(core, mark);
	if (notAtOnce === null) {
		undo.takebacks.add(id);
		rewind(core, mark, exported, 'atOnce', id);
		return null;
	}
	if (!ask) return notAtOnce;
	const cannot = answerPending(core) ?? rewindProblem(core, mark) ?? earlierTurn(core, mark);
	if (cannot !== null) return cannot;
	for (const request of undo.requests.values()) if (request.seat === seat) return refuse('REQUEST_OPEN', `Seat ${seat} already asked the table (request ${request.id}).`);
	undo.takebacks.add(id);
	const request: UndoRequest = { id, seat, move, answers: new Map() };
	undo.requests.set(id, request);
	decide(core, request, exported);
	return null;
}

/** Grants a request once every voter accepted (a voter gone since no longer counts). */
function decide(core: CoreV2, request: UndoRequest, exported: Action[]): void {
	const voters = undoVoters(core, request.seat);
	if (!voters.every((seat) => request.answers.get(seat) === true) || answerPending(core) !== null) return;
	const mark = moveStanding(core.undo, request.seat, request.move);
	if (mark === null || rewindProblem(core, mark) !== null) return close(core, request, 'lapsed');
	// Recorded first so the rewind names the move's action on this line.
	remember(core, { id: request.id, seat: request.seat, move: request.move, outcome: 'granted', action: null });
	core.undo.requests.delete(request.id);
	rewind(core, mark, exported, 'granted', request.id);
}

function vote(core: CoreV2, entry: Entry<'undoVote'>, exported: Action[]): ProtocolRefusal | null {
	const { seat, request: id, accept } = entry.body;
	const request = core.undo.requests.get(id);
	if (request === undefined) return refuse('NO_REQUEST', `No open request to undo is entry ${id}.`);
	if (request.seat === seat) return refuse('OWN_REQUEST', `Seat ${seat} cannot answer its own request.`);
	if (request.answers.has(seat)) return refuse('ALREADY_ANSWERED', `Seat ${seat} already answered this request.`);
	if (!undoVoters(core, request.seat).includes(seat)) return refuse('NOT_APPLICABLE', `Seat ${seat} is not in the game: its answer is not needed.`);
	request.answers.set(seat, accept);
	if (!accept) close(core, request, 'refused');
	else decide(core, request, exported);
	return null;
}

/** Applies a `takeback` or `undoVote` entry at its place in the order, or refuses it (changing nothing). */
export function applyUndoEntry(core: CoreV2, id: string, entry: Entry, exported: Action[], lookup: EntryLookup | null): ProtocolRefusal | null {
	const undoEntry = entry as Entry<'takeback' | 'undoVote'>;
	const problem = common(core, undoEntry);
	if (problem !== null) return problem;
	return entry.kind === 'takeback' ? takeback(core, id, entry as Entry<'takeback'>, exported, lookup) : vote(core, entry as Entry<'undoVote'>, exported);
}

/** What seat may do about its last move now (the session asks before signing; the replay judges again where the entry lands). */
export type UndoChoice =
	| { readonly kind: 'atOnce'; readonly mark: MoveMark; readonly voters: readonly Seat[] }
	| { readonly kind: 'ask'; readonly mark: MoveMark; readonly voters: readonly Seat[]; readonly since: ProtocolRefusal }
	| { readonly kind: 'asked'; readonly request: UndoRequest; readonly voters: readonly Seat[]; readonly refusal: ProtocolRefusal }
	| { readonly kind: 'none'; readonly refusal: ProtocolRefusal };

export function undoChoice(core: CoreV2, seat: Seat): UndoChoice {
	if (core.engine === null) return { kind: 'none', refusal: refuse('NO_GAME', 'The game has no setup yet.') };
	if (core.forfeit !== null || core.engine.phase.kind === 'over') return { kind: 'none', refusal: refuse('GAME_ENDED', 'The game is over: nothing can be taken back.') };
	const voters = undoVoters(core, seat);
	for (const request of core.undo.requests.values()) {
		if (request.seat === seat) return { kind: 'asked', request, voters, refusal: refuse('REQUEST_OPEN', `Seat ${seat} already asked the table (request ${request.id}).`) };
	}
	// The seat's last move (window passes after it go with it); a pass alone (made by mistake) only at once.
	const latest = latestMove(core.undo, seat);
	const mark = lastMove(core.undo, seat);
	const noMove = { kind: 'none', refusal: refuse('NO_MOVE', `Seat ${seat} has no move to take back.`) } as const;
	if (latest === null || mark === null) return noMove;
	if (mark.pass) return atOnceProblem(core, latest) === null ? { kind: 'atOnce', mark: latest, voters } : noMove;
	if (mark === latest && atOnceProblem(core, mark) === null) return { kind: 'atOnce', mark, voters };
	const since = sinceProblem(core, mark);
	const cannot = answerPending(core) ?? rewindProblem(core, mark) ?? earlierTurn(core, mark);
	return cannot === null ? { kind: 'ask', mark, voters, since } : { kind: 'none', refusal: cannot };
}

/** The move's engine action (for its words), when the replay still has it. */
export function markAction(mark: MoveMark, exported: readonly Action[]): Action | null {
	return exported[mark.exported] ?? null;
}

export const isUndoKind = (kind: string): kind is 'takeback' | 'undoVote' => kind === 'takeback' || kind === 'undoVote';
