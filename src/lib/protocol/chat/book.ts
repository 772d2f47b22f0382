/**
 * ChatBook: every chat message a peer holds, and the verdict on each (docs/protocol.md, "Chat").
 *
 * `add` takes values as they come from the document, in any order, copies included: each is
 * parsed and its signature checked once (message.ts). A value that fails is refused for good
 * (MALFORMED, OVERSIZED, TOO_LONG, WRONG_GAME, BAD_SIGNATURE); a second copy of a message already
 * held is DUPLICATE and changes nothing. `addParsed` takes values parsed and checked elsewhere
 * (the chat's worker: session/chat-check.ts) with the same bookkeeping.
 *
 * `verdicts(seats, now)` judges the rest against the game's seat table, author by author, in
 * sequence order from 0 (so a verdict depends only on the author's own messages, never on where
 * Yjs put them or on what other authors did):
 * - a missing sequence number stops that author's queue: later messages wait (not refused) until
 *   it arrives, so an honest author's accepted messages never change;
 * - two different signed messages with one sequence number are both SEQ_REUSED (the author
 *   equivocated: no peer can pick one the others would agree on without being told);
 * - the seat must exist (UNKNOWN_SEAT, the recipient's too) and be held by the author
 *   (NOT_SEAT_HOLDER); a seat nobody holds yet makes the queue wait (its join may not have come);
 * - the stated time never goes back (TIME_BACKWARDS); one stated more than MAX_CLOCK_AHEAD_MS
 *   ahead of `now` waits until then;
 * - a token bucket on stated times (CHAT_RATE) refuses the excess (TOO_FAST).
 * A refused message still fills its place in the sequence, and uses no token.
 */
import type { Verifier } from '../crypto.js';
import { CHAT_RATE, MAX_CLOCK_AHEAD_MS, parseChat, type ChatMessage, type ParsedChat } from './message.js';
import type { ChatCode, ChatResult } from './text.js';

/** A message the book accepted, with its id. */
export interface VerifiedChat {
	readonly id: string;
	readonly message: ChatMessage;
}

/** One refusal: the code, a sentence, and what is known of the message. */
export interface ChatRefusalRecord {
	readonly code: ChatCode;
	readonly message: string;
	readonly id: string | null;
	readonly author: string | null;
	readonly seq: number | null;
}

export interface ChatVerdicts {
	/** Accepted messages, by stated time, then author, then sequence. */
	readonly accepted: readonly VerifiedChat[];
	/** Every refusal, those of `add` first. */
	readonly refused: readonly ChatRefusalRecord[];
	/** Messages that wait: a gap before them, a seat not held yet, a time still ahead. */
	readonly waiting: number;
	/** The earliest clock time at which a message waiting for its stated time may be taken, or null. */
	readonly nextDue: number | null;
}

export class ChatBook {
	readonly game: string;
	readonly #verifier: Verifier;
	/** Every value seen, by its text: the id it parsed to, or null when refused. */
	readonly #seen = new Map<string, string | null>();
	readonly #byId = new Map<string, VerifiedChat>();
	/** Author → sequence number → ids (more than one: the author equivocated). */
	readonly #byAuthor = new Map<string, Map<number, string[]>>();
	readonly #refused: ChatRefusalRecord[] = [];

	constructor(game: string, verifier: Verifier) {
		this.game = game;
		this.#verifier = verifier;
	}

	/** Messages held (valid signatures, each once). */
	get size(): number {
		return this.#byId.size;
	}

	/** Refusals found when values were added (they never change). */
	get addRefusals(): readonly ChatRefusalRecord[] {
		return this.#refused;
	}

	/** The next sequence number for `author`: one past the largest it signed here (0 for none). */
	nextSeq(author: string): number {
		const seqs = this.#byAuthor.get(author);
		let next = 0;
		for (const seq of seqs?.keys() ?? []) next = Math.max(next, seq + 1);
		return next;
	}

	/** Takes values from the document (any order, copies and junk included), each checked here (pure JS). */
	add(values: readonly unknown[]): void {
		for (const value of values) this.#take(value, () => parseChat(value, this.game, this.#verifier));
	}

	/**
	 * Takes values whose parse, signature included, was done elsewhere (a worker: session/chat-check.ts):
	 * `resultOf(value)` is `parseChat`'s verdict on it, asked only for a value not held yet. The
	 * same bookkeeping as `add`.
	 */
	addParsed(values: readonly unknown[], resultOf: (value: unknown) => ChatResult<ParsedChat>): void {
		for (const value of values) this.#take(value, () => resultOf(value));
	}

	/** A value already taken (its copies need no second check). */
	has(value: unknown): boolean {
		return typeof value === 'string' && this.#seen.has(value);
	}

	#take(value: unknown, parse: () => ChatResult<ParsedChat>): void {
		const key = typeof value === 'string' ? value : null;
		if (key !== null && this.#seen.has(key)) {
			const id = this.#seen.get(key)!;
			if (id !== null) {
				const m = this.#byId.get(id)!.message;
				this.#refused.push({ code: 'DUPLICATE', message: 'a copy of a message already held', id, author: m.author, seq: m.seq });
			}
			return;
		}
		const parsed = parse();
		if (!parsed.ok) {
			if (key !== null) this.#seen.set(key, null);
			this.#refused.push({ ...parsed.error, id: null, author: null, seq: null });
			return;
		}
		const { id, message } = parsed.value;
		if (key !== null) this.#seen.set(key, id);
		if (this.#byId.has(id)) {
			// The same message spelled otherwise (JSON whitespace): the same id, a copy.
			this.#refused.push({ code: 'DUPLICATE', message: 'a copy of a message already held', id, author: message.author, seq: message.seq });
			return;
		}
		this.#byId.set(id, { id, message });
		let seqs = this.#byAuthor.get(message.author);
		if (seqs === undefined) this.#byAuthor.set(message.author, (seqs = new Map()));
		const ids = seqs.get(message.seq);
		if (ids === undefined) seqs.set(message.seq, [id]);
		else ids.push(id);
	}

	/** The verdict on every message held, against `seats` (seat → the key holding it, null: free) at clock time `now`. */
	verdicts(seats: readonly (string | null)[], now: number): ChatVerdicts {
		const accepted: VerifiedChat[] = [];
		const refused: ChatRefusalRecord[] = [...this.#refused];
		let waiting = 0;
		let nextDue: number | null = null;
		for (const [author, seqs] of this.#byAuthor) {
			const queue = judgeAuthor(author, seqs, this.#byId, seats, now);
			accepted.push(...queue.accepted);
			refused.push(...queue.refused);
			waiting += queue.waiting;
			if (queue.due !== null) nextDue = nextDue === null ? queue.due : Math.min(nextDue, queue.due);
		}
		accepted.sort((a, b) => a.message.at - b.message.at || (a.message.author < b.message.author ? -1 : a.message.author > b.message.author ? 1 : a.message.seq - b.message.seq));
		return { accepted, refused, waiting, nextDue };
	}
}

/** One author's queue in sequence order (see the module's comment). */
function judgeAuthor(author: string, seqs: Map<number, string[]>, byId: Map<string, VerifiedChat>, seats: readonly (string | null)[], now: number) {
	const accepted: VerifiedChat[] = [];
	const refused: ChatRefusalRecord[] = [];
	const full = CHAT_RATE.burst * CHAT_RATE.intervalMs;
	let tokens = full;
	let lastAt: number | null = null;
	let due: number | null = null;
	let seq = 0;
	const refuse = (id: string, code: ChatCode, message: string) => refused.push({ code, message, id, author, seq });
	for (; seqs.has(seq); seq++) {
		const ids = seqs.get(seq)!;
		if (ids.length > 1) {
			for (const id of ids) refuse(id, 'SEQ_REUSED', `its author signed ${ids.length} different messages numbered ${seq}`);
			continue;
		}
		const { id, message: m } = byId.get(ids[0]!)!;
		if (seats.length === 0) break; // no game yet: nothing can be judged
		if (m.seat >= seats.length || (m.to !== null && m.to >= seats.length)) {
			refuse(id, 'UNKNOWN_SEAT', `the game has ${seats.length} seats`);
			continue;
		}
		const holder = seats[m.seat];
		if (holder === null || holder === undefined) break; // its join may still come
		if (holder !== author) {
			refuse(id, 'NOT_SEAT_HOLDER', `seat ${m.seat} is held by another key`);
			continue;
		}
		if (m.at > now + MAX_CLOCK_AHEAD_MS) {
			due = m.at - MAX_CLOCK_AHEAD_MS;
			break;
		}
		if (lastAt !== null && m.at < lastAt) {
			refuse(id, 'TIME_BACKWARDS', `stated at ${m.at}, before its author's previous message (${lastAt})`);
			continue;
		}
		if (lastAt !== null) tokens = Math.min(full, tokens + (m.at - lastAt));
		if (tokens < CHAT_RATE.intervalMs) {
			refuse(id, 'TOO_FAST', `more than ${CHAT_RATE.burst} messages at once or one every ${CHAT_RATE.intervalMs / 1000} s`);
			continue;
		}
		tokens -= CHAT_RATE.intervalMs;
		lastAt = m.at;
		accepted.push({ id, message: m });
	}
	let waiting = 0;
	for (const [s, ids] of seqs) if (s >= seq) waiting += ids.length;
	return { accepted, refused, waiting, due };
}
