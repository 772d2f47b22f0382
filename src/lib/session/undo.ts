/**
 * Undo on this device (docs/protocol.md, "Undo"; protocol/v2/takeback.ts): what a seat held here
 * may do about its last move, taking it back (at once, or asking the table), and answering the
 * table's requests. Seats held here answer their own device's request at once (in hot seat every
 * other seat is here, so a request is granted as soon as it is made) — but a hot-seat table never
 * rewinds past randomness: that would let the device roll again until it liked the dice.
 */
import type { PlayerAction, Seat } from '../engine/index.js';
import { GameReplayer, type Entry } from '../protocol/index.js';
import { undoChoice, undoVoters, type TookBack, type UndoChoice, type UndoCore } from '../protocol/v2/takeback.js';
import { sessionRefused, type ActResult, type SessionRefusalCode } from './refusal.js';
import type { GameSession } from './game-session.js';

/** What the Undo button offers a seat. */
export type UndoOption =
	| { readonly kind: 'atOnce'; readonly move: string; readonly action: PlayerAction | null }
	/** `here`: every seat whose answer is needed is on this device (hot seat): granted at once. */
	| { readonly kind: 'ask'; readonly move: string; readonly action: PlayerAction | null; readonly here: boolean; readonly code: string }
	| { readonly kind: 'asked'; readonly request: string; readonly move: string; readonly action: PlayerAction | null; readonly waiting: readonly Seat[]; readonly code: string; readonly message: string }
	| { readonly kind: 'none'; readonly code: string; readonly message: string };

/** An open request to undo, as a seat at the table sees it. */
export interface UndoRequestView {
	readonly id: string;
	readonly seat: Seat;
	readonly move: string;
	readonly action: PlayerAction | null;
	/** Seats whose answer is still needed. */
	readonly waiting: readonly Seat[];
}

/** A request or takeback that ended (newest last). */
export type UndoEnded = UndoCore['ended'][number];

export class UndoDesk {
	readonly #session: GameSession;
	readonly #append: (entry: string) => string;

	constructor(session: GameSession, append: (entry: string) => string) {
		this.#session = session;
		this.#append = append;
	}

	get #replayer(): GameReplayer | null {
		const replayer = this.#session.replayer;
		return replayer instanceof GameReplayer ? replayer : null;
	}

	#action(id: string): PlayerAction | null {
		const entry = this.#replayer?.dag.nodes.get(id)?.entry as Entry<'action'> | undefined;
		return entry?.kind === 'action' ? entry.body : null;
	}

	#here(seats: readonly Seat[]): Seat[] {
		const key = this.#session.key;
		return seats.filter((seat) => this.#session.seats[seat] === key);
	}

	#choice(seat: Seat): UndoChoice | null {
		const replayer = this.#replayer;
		if (replayer === null || this.#session.seats[seat] !== this.#session.key) return null;
		return undoChoice(replayer.core, seat);
	}

	/** What seat (held here) may do about its last move now. */
	option(seat: Seat): UndoOption {
		const choice = this.#choice(seat);
		if (choice === null) return { kind: 'none', code: 'NOT_SEAT_HOLDER', message: `This device does not hold seat ${seat}.` };
		if (this.#session.readOnly) return { kind: 'none', code: 'READ_ONLY', message: 'This game is only watched here.' };
		switch (choice.kind) {
			case 'none':
				return { kind: 'none', code: choice.refusal.code, message: choice.refusal.message };
			case 'atOnce':
				return { kind: 'atOnce', move: choice.mark.id, action: this.#action(choice.mark.id) };
			case 'asked': {
				const request = choice.request;
				const waiting = choice.voters.filter((s) => request.answers.get(s) !== true);
				return { kind: 'asked', request: request.id, move: request.move, action: this.#action(request.move), waiting, code: choice.refusal.code, message: choice.refusal.message };
			}
			case 'ask': {
				const here = this.#here(choice.voters).length === choice.voters.length;
				// Hot seat: no re-roll, whoever holds the device (the table is one person's to ask).
				if (here && choice.since.code === 'RANDOMNESS_SINCE') return { kind: 'none', code: choice.since.code, message: choice.since.message };
				return { kind: 'ask', move: choice.mark.id, action: this.#action(choice.mark.id), here, code: choice.since.code };
			}
		}
	}

	/** Takes back seat's last move: at once when possible, else asks the table (seats held here accept at once). */
	takeBack(seat: Seat): ActResult {
		const option = this.option(seat);
		if (option.kind === 'none' || option.kind === 'asked') return sessionRefused(option.code as SessionRefusalCode, option.message);
		const id = this.#post(this.#session.protocol.entry('takeback', { seat, move: option.move, ask: option.kind === 'ask' }));
		if (!id.ok || option.kind === 'atOnce') return id;
		for (const voter of this.#here(this.#voters(seat))) {
			const answered = this.answer(voter, id.id, true);
			if (!answered.ok) return answered;
		}
		return id;
	}

	#voters(seat: Seat): readonly Seat[] {
		const replayer = this.#replayer;
		return replayer === null ? [] : undoVoters(replayer.core, seat);
	}

	/** Seat (held here) accepts or refuses request `request`. */
	answer(seat: Seat, request: string, accept: boolean): ActResult {
		if (this.#session.seats[seat] !== this.#session.key) return sessionRefused('NOT_SEAT_HOLDER', `This device does not hold seat ${seat}.`);
		if (this.#session.readOnly) return sessionRefused('READ_ONLY', 'This game is only watched here.');
		return this.#post(this.#session.protocol.entry('undoVote', { seat, request, accept }));
	}

	#post(entry: string): ActResult {
		const id = this.#append(entry);
		const refused = this.#session.rejections.find((r) => r.id === id);
		return refused ? sessionRefused(refused.code, refused.message) : { ok: true, id };
	}

	/** The table's open requests. */
	requests(): UndoRequestView[] {
		const replayer = this.#replayer;
		if (replayer === null) return [];
		return [...replayer.core.undo.requests.values()].map((request) => {
			const voters = this.#voters(request.seat);
			return { id: request.id, seat: request.seat, move: request.move, action: this.#action(request.move), waiting: voters.filter((s) => !request.answers.has(s)) };
		});
	}

	/** Open requests a seat held here must still answer. */
	toAnswer(seat: Seat): UndoRequestView[] {
		if (this.#session.seats[seat] !== this.#session.key) return [];
		return this.requests().filter((request) => request.waiting.includes(seat));
	}

	/** Moves taken back, oldest first, with the engine position the game returned to (the log in words). */
	tookBack(): readonly TookBack[] {
		return this.#replayer?.core.undo.log ?? [];
	}

	/** Takebacks and requests that ended, newest last (a few). */
	ended(): readonly UndoEnded[] {
		return this.#replayer?.core.undo.ended ?? [];
	}
}
