/**
 * The table chat of one game on this device (docs/session.md, "Chat"): messages live in the game
 * document's `chat` array (net/chat-doc.ts), stored and synced with the game, and are judged by
 * the protocol's ChatBook (protocol/chat) against the session's seat table; private ones this
 * device is a party to are opened with its seat's box secret (derived from the game's seed, as
 * for the key generation). The rules replayer never sees any of it.
 *
 * Peers' messages are checked in batches by a ChatChecker (chat-check.ts): in the browser a Web
 * Worker, so a flood of chat does not take the page's frames; what arrives while a batch is being
 * checked makes the next batch, judged once. Without a checker (Node, tests) they are checked at
 * once on this thread, as they arrive. `settled()` waits until every message received is judged.
 *
 * `send(text, { to, from })` signs and appends a message from one of this device's seats (after
 * the same checks peers make, so an honest device never posts what they would refuse);
 * `lines` are the accepted messages this device may read, oldest first; `refusals` every message
 * refused here (peers' forgeries, copies, floods, seals that do not open). Framework-free:
 * `subscribe` is what a UI adapter needs.
 */
import type { Seat } from '../engine/index.js';
import { ChatBook, CHAT_RATE, checkChatText, openChat, readChatMessage, sealChat, signChat, type ChatCode, type ChatRefusalRecord, type ChatResult, type ParsedChat, type VerifiedChat } from '../protocol/chat/index.js';
import { boxKeyPair } from '../protocol/coin/keys.js';
import { GameReplayer, Verifier } from '../protocol/index.js';
import { appendChat, observeChat, readChat } from '../net/chat-doc.js';
import { inThreadChatChecker, workerChatChecker, type ChatChecker } from './chat-check.js';
import type { GameSession } from './game-session.js';
import { boxSecret, type RandomBytes } from './keys.js';

/** The longest wait before the chat is judged again (it is judged again on every change anyway). */
const MAX_WAKE_MS = 3_600_000;

/** One message this device may read. */
export interface ChatLine {
	readonly id: string;
	/** The seat that wrote it. */
	readonly from: Seat;
	/** null: to the whole table; else the one seat it is for. */
	readonly to: Seat | null;
	/** The time its writer states (ms since 1970): a claim, not a proof. */
	readonly at: number;
	readonly text: string;
	/** Written by a seat of this device. */
	readonly mine: boolean;
}

export type ChatSendCode = ChatCode | 'READ_ONLY' | 'NOT_READY';
export type ChatSendResult = { readonly ok: true; readonly id: string } | { readonly ok: false; readonly error: { readonly code: ChatSendCode; readonly message: string } };

export interface ChatOptions {
	/** Clock for stated times and for messages stated ahead of it (Date.now by default). */
	now?: () => number;
	randomBytes?: RandomBytes;
	/** Wakes the chat when a message stated ahead becomes due (setTimeout by default). Returns a cancel function. */
	schedule?: (ms: number, wake: () => void) => () => void;
	/** Checks peers' messages in batches (chat-check.ts); by default a Web Worker where there is one,
	 * null: each message checked on this thread as it arrives. */
	checker?: ChatChecker | null;
}

/** What the chat panel shows of the text rules. */
export { MAX_CHAT_CHARS, chatLength } from '../protocol/chat/index.js';

const refused = (code: ChatSendCode, message: string): ChatSendResult => ({ ok: false, error: { code, message } });
/** How long a batch may wait for the worker before this thread checks it. */
const CHECK_TIMEOUT_MS = 15_000;

export class ChatLog {
	readonly session: GameSession;
	readonly #book: ChatBook;
	readonly #now: () => number;
	readonly #random: RandomBytes;
	readonly #schedule: (ms: number, wake: () => void) => () => void;
	readonly #listeners = new Set<(chat: ChatLog) => void>();
	readonly #off: (() => void)[] = [];
	/** Opened private messages by id: the text, or the refusal. */
	readonly #opened = new Map<string, { text: string } | { refusal: ChatRefusalRecord }>();
	#lines: readonly ChatLine[] = [];
	#refusals: readonly ChatRefusalRecord[] = [];
	#accepted: readonly VerifiedChat[] = [];
	#waiting = 0;
	#seatsSeen = '';
	#cancelWake: (() => void) | null = null;
	#destroyed = false;
	readonly #checker: ChatChecker | null;
	/** Used when the checker fails (the worker died): the same verdicts on this thread. */
	#fallback: ChatChecker | null = null;
	/** Values received and not yet checked (the next batch). */
	#pending: unknown[] = [];
	/** A batch is being checked. */
	#checking = false;
	#settledWaiters: (() => void)[] = [];
	/** Messages this device just signed (send): taken at once, their signature is its own. */
	readonly #ownSent = new Set<string>();
	/** Whether the chat stored before this device opened it has been checked: until then this
	 * device's own earlier messages are not in the book, so a message sent would reuse a number. */
	#loaded = false;

	constructor(session: GameSession, options: ChatOptions = {}) {
		this.session = session;
		this.#book = new ChatBook(session.gameId, new Verifier());
		this.#now = options.now ?? (() => Date.now());
		this.#random = options.randomBytes ?? ((n) => crypto.getRandomValues(new Uint8Array(n)));
		this.#schedule =
			options.schedule ??
			((ms, wake) => {
				const timer = setTimeout(wake, ms);
				return () => clearTimeout(timer);
			});
		this.#checker = options.checker === undefined ? workerChatChecker() : options.checker;
		this.#receive(readChat(session.game));
		this.#loaded = !this.#checking && this.#pending.length === 0;
		this.#off.push(
			observeChat(session.game, (added) => this.#receive(added)),
			session.subscribe(() => {
				if (this.session.seats.join() !== this.#seatsSeen) this.#judge();
			})
		);
		const destroyed = () => this.destroy();
		session.game.doc.on('destroy', destroyed);
		this.#off.push(() => session.game.doc.off('destroy', destroyed));
		this.#judge();
	}

	/** Accepted messages this device may read (table ones, and private ones to or from its seats), oldest first. */
	get lines(): readonly ChatLine[] {
		return this.#lines;
	}

	/** The lines a player at `seat` may see on this device: the table's, and their own private ones (hot seat shows one seat at a time). */
	linesFor(seat: Seat | null): readonly ChatLine[] {
		return this.#lines.filter((l) => l.to === null || (seat !== null && (l.from === seat || l.to === seat)));
	}

	/** Every message refused here, with its code. */
	get refusals(): readonly ChatRefusalRecord[] {
		return this.#refusals;
	}

	/** Refusals by code. */
	get refusalCounts(): Partial<Record<ChatCode, number>> {
		const counts: Partial<Record<ChatCode, number>> = {};
		for (const r of this.#refusals) counts[r.code] = (counts[r.code] ?? 0) + 1;
		return counts;
	}

	/** Messages this device holds with a valid signature (its own, others', private ones it cannot read). */
	get held(): number {
		return this.#book.size;
	}

	/** Messages held back: a gap in their writer's sequence, a seat not held yet, a time still ahead. */
	get waiting(): number {
		return this.#waiting;
	}

	/** Seats that can receive a private message: seated, with a box key (version 2). */
	get seated(): Seat[] {
		return this.#boxKeys().flatMap((key, seat) => (key !== null ? [seat] : []));
	}

	/** Resolves once every message received so far is checked and judged (at once without a checker). */
	settled(): Promise<void> {
		if (!this.#checking && this.#pending.length === 0) return Promise.resolve();
		return new Promise((resolve) => this.#settledWaiters.push(resolve));
	}

	subscribe(listener: (chat: ChatLog) => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	/**
	 * Signs and appends a message from seat `from` (by default this device's first seat) to the
	 * table or to seat `to`. Refused without appending: READ_ONLY (a version-1 game),
	 * NOT_SEAT_HOLDER (this device does not hold `from`), UNKNOWN_SEAT (no such recipient, or it has
	 * no box key yet, or it is `from`), MALFORMED / TOO_LONG (the text), TOO_FAST (over the rate).
	 */
	send(text: string, options: { to?: Seat | null; from?: Seat } = {}): ChatSendResult {
		const session = this.session;
		if (session.readOnly || !(session.replayer instanceof GameReplayer)) return refused('READ_ONLY', 'This game can be watched, not written in.');
		// After a reload the stored chat is checked first (found by a red-team pass: a message sent
		// meanwhile took number 0 again, and every peer then refused both as SEQ_REUSED).
		if (!this.#loaded) return refused('NOT_READY', 'The chat is still being read: try again in a moment.');
		const from = options.from ?? session.mySeats[0];
		if (from === undefined || session.seats[from] !== session.key) return refused('NOT_SEAT_HOLDER', 'This device holds no seat to write from.');
		const to = options.to ?? null;
		const checked = checkChatText(text);
		if (!checked.ok) return { ok: false, error: checked.error };
		const boxes = this.#boxKeys();
		if (to !== null && (to === from || !boxes[to])) return refused('UNKNOWN_SEAT', `Seat ${to} cannot receive a private message.`);
		const author = session.key;
		const mine = this.#accepted.filter((a) => a.message.author === author);
		const lastAt = mine.reduce((max, a) => Math.max(max, a.message.at), 0);
		const at = Math.max(Math.floor(this.#now()), lastAt);
		if (!this.#hasToken(mine, at)) return refused('TOO_FAST', `At most ${CHAT_RATE.burst} messages at once, then one every ${CHAT_RATE.intervalMs / 1000} seconds.`);
		const seq = this.#book.nextSeq(author);
		const game = session.gameId;
		let message: string;
		if (to === null) message = signChat(session.identity, { game, seat: from, to: null, seq, at, text });
		else {
			const sealed = sealChat({ address: { game, author, seat: from, to, seq, at }, text, fromBox: boxes[from]!, toBox: boxes[to]!, random: this.#random });
			if (!sealed.ok) return { ok: false, error: sealed.error };
			message = signChat(session.identity, { game, seat: from, to, seq, at, box: sealed.value });
		}
		this.#ownSent.add(message);
		appendChat(session.game, message); // the observer adds it to the book and judges
		const line = this.#accepted.find((a) => a.message.author === author && a.message.seq === seq);
		return { ok: true, id: line?.id ?? '' };
	}

	destroy(): void {
		if (this.#destroyed) return;
		this.#destroyed = true;
		for (const off of this.#off) off();
		this.#cancelWake?.();
		this.#listeners.clear();
		this.#pending = [];
		this.#wakeSettled();
	}

	/** Values from the chat array: this device's own at once, the rest checked (in batches with a checker). */
	#receive(values: readonly unknown[]): void {
		if (this.#destroyed) return;
		const own = values.filter((value) => typeof value === 'string' && this.#ownSent.delete(value));
		const others = own.length === 0 ? values : values.filter((value) => !own.includes(value));
		// Signed here a moment ago: parsed to fill the book, the signature not checked again.
		if (own.length > 0) this.#book.addParsed(own, (value) => readChatMessage(value, this.#book.game));
		if (this.#checker === null) this.#book.add(others);
		else if (others.length > 0) {
			this.#pending.push(...others);
			void this.#checkNext();
		}
		if (own.length > 0 || this.#checker === null) this.#judge();
	}

	/** Checks the pending values as one batch, then the ones that came meanwhile, and so on. */
	async #checkNext(): Promise<void> {
		if (this.#checking) return;
		while (this.#pending.length > 0 && !this.#destroyed) {
			this.#checking = true;
			const batch = this.#pending;
			this.#pending = [];
			// Strings not held yet go to the checker (each once); copies and non-strings need no check.
			const unseen = [...new Set(batch.filter((value): value is string => typeof value === 'string' && !this.#book.has(value)))];
			const verdicts = await this.#check(unseen);
			if (this.#destroyed) break;
			const byValue = new Map(unseen.map((value, i) => [value, verdicts[i]!]));
			this.#book.addParsed(batch, (value) => (typeof value === 'string' ? byValue.get(value) : undefined) ?? readChatMessage(value, this.#book.game));
			// The first batch held the stored chat: this device's own messages are in the book now
			// (later messages arriving meanwhile must not keep sends refused).
			this.#loaded = true;
			this.#judge();
		}
		this.#checking = false;
		this.#wakeSettled();
	}

	async #check(values: readonly string[]): Promise<readonly ChatResult<ParsedChat>[]> {
		if (values.length === 0) return [];
		const game = this.session.gameId;
		try {
			// A worker that never answers must not hold the chat (and sends) forever: this thread checks then.
			const results = await new Promise<readonly ChatResult<ParsedChat>[] | null>((resolve, reject) => {
				const cancel = this.#schedule(CHECK_TIMEOUT_MS, () => resolve(null));
				this.#checker!(game, values).then(
					(answer) => {
						cancel();
						resolve(answer);
					},
					(error: unknown) => {
						cancel();
						reject(error);
					},
				);
			});
			if (results !== null && results.length === values.length) return results;
		} catch {
			// the worker failed: this thread checks from now on
		}
		this.#fallback ??= inThreadChatChecker();
		return this.#fallback(game, values);
	}

	#wakeSettled(): void {
		if (this.#checking || this.#pending.length > 0) return;
		this.#loaded = true;
		for (const wake of this.#settledWaiters.splice(0)) wake();
	}

	/** The bucket of CHAT_RATE replayed over this author's accepted messages: is there a token at `at`? */
	#hasToken(mine: readonly VerifiedChat[], at: number): boolean {
		const full = CHAT_RATE.burst * CHAT_RATE.intervalMs;
		let tokens = full;
		let last: number | null = null;
		for (const { message } of [...mine].sort((a, b) => a.message.seq - b.message.seq)) {
			if (last !== null) tokens = Math.min(full, tokens + (message.at - last));
			tokens -= CHAT_RATE.intervalMs;
			last = message.at;
		}
		if (last !== null) tokens = Math.min(full, tokens + (at - last));
		return tokens >= CHAT_RATE.intervalMs;
	}

	/** Seat → its box key (null: free, or a version-1 game). */
	#boxKeys(): (string | null)[] {
		const replayer = this.session.replayer;
		return replayer instanceof GameReplayer ? replayer.core.seats.map((holder) => holder?.box ?? null) : [];
	}

	#judge(): void {
		if (this.#destroyed) return;
		const session = this.session;
		const seats = session.replayer instanceof GameReplayer ? session.seats : [];
		this.#seatsSeen = session.seats.join();
		const now = this.#now();
		const verdicts = this.#book.verdicts(seats, now);
		this.#accepted = verdicts.accepted;
		this.#waiting = verdicts.waiting;
		const mySeats = new Set(session.mySeats);
		const lines: ChatLine[] = [];
		const refusals = [...verdicts.refused];
		for (const { id, message } of verdicts.accepted) {
			const mine = mySeats.has(message.seat);
			if (message.to === null) {
				lines.push({ id, from: message.seat, to: null, at: message.at, text: message.text, mine });
				continue;
			}
			const reader = mine ? message.seat : mySeats.has(message.to) ? message.to : null;
			if (reader === null) continue; // not a party: this device sees only that it exists
			const opened = this.#open(id, message, reader);
			if ('text' in opened) lines.push({ id, from: message.seat, to: message.to, at: message.at, text: opened.text, mine });
			else refusals.push(opened.refusal);
		}
		this.#lines = lines;
		this.#refusals = refusals;
		this.#cancelWake?.();
		// At most an hour ahead: a timer past 2^31 − 1 ms fires at once, so a message dated a month
		// ahead (red team) kept every device re-judging the chat in a loop.
		this.#cancelWake = verdicts.nextDue === null ? null : this.#schedule(Math.min(MAX_WAKE_MS, Math.max(0, verdicts.nextDue - now)), () => this.#judge());
		for (const listener of [...this.#listeners]) listener(this);
	}

	#open(id: string, message: VerifiedChat['message'] & { to: number }, seat: Seat) {
		let opened = this.#opened.get(id);
		if (opened === undefined) {
			const secret = boxKeyPair(boxSecret(this.session.seed, this.session.gameId, seat)).secret;
			const result = openChat({ message: message as Parameters<typeof openChat>[0]['message'], seat, boxSecret: secret });
			opened = result.ok ? { text: result.value } : { refusal: { ...result.error, id, author: message.author, seq: message.seq } };
			this.#opened.set(id, opened);
		}
		return opened;
	}
}

const chats = new WeakMap<GameSession, ChatLog>();

/** The chat of `session`, made on first use (one per session). */
export function chatOf(session: GameSession, options: ChatOptions = {}): ChatLog {
	let chat = chats.get(session);
	if (chat === undefined) {
		chat = new ChatLog(session, options);
		chats.set(session, chat);
	}
	return chat;
}
