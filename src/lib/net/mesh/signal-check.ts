/**
 * Signs the signals this device sends and checks the ones addressed to it: a signal must carry
 * its sender's key, that key must be the one its `from` peer id is bound to, the signature must
 * verify, and it must be new: signed within `windowMs` of this device's clock and not seen before
 * (sender, attempt, kind). Anything else is refused with a report code.
 */
import { peerIdMatchesKey, signalSignedBy, signSignal, type MeshIdentity } from './identity.js';
import type { SignalMessage } from './messages.js';
import type { MeshReportCode } from './reports.js';

/** Clocks of phones differ; a signal older (or newer) than this is a replay. */
export const SIGNAL_WINDOW_MS = 10 * 60_000;

export type SignalRefusal = { code: Extract<MeshReportCode, 'unsigned-message' | 'forged-message' | 'replayed-message'>; detail: string };

export class SignalCheck {
	readonly #room: string;
	readonly #identity: MeshIdentity;
	readonly #now: () => number;
	readonly #windowMs: number;
	/** Signals accepted, by sender/attempt/kind, with when they were signed. */
	readonly #seen = new Map<string, number>();
	#prunedAt = -Infinity;

	constructor(room: string, identity: MeshIdentity, now: () => number, windowMs = SIGNAL_WINDOW_MS) {
		this.#room = room;
		this.#identity = identity;
		this.#now = now;
		this.#windowMs = windowMs;
	}

	sign(m: Omit<SignalMessage, 'key' | 'sig' | 'at'>): SignalMessage {
		return signSignal(this.#identity, this.#room, { ...m, at: this.#now() });
	}

	/** Null when `m` (addressed to this device) may be acted on; else why not. */
	check(m: SignalMessage): SignalRefusal | null {
		const what = `${m.kind} ${m.sid} from ${m.from}`;
		if (m.key === undefined || m.sig === undefined || m.at === undefined) return { code: 'unsigned-message', detail: what };
		if (!peerIdMatchesKey(m.from, m.key)) return { code: 'forged-message', detail: `${what}: key not bound to the sender` };
		if (!signalSignedBy(this.#room, m)) return { code: 'forged-message', detail: `${what}: bad signature` };
		const now = this.#now();
		if (Math.abs(now - m.at) > this.#windowMs) return { code: 'replayed-message', detail: `${what}: signed ${Math.round((now - m.at) / 1000)} s ago` };
		const id = `${m.from} ${m.sid} ${m.kind}`;
		if (this.#seen.has(id)) return { code: 'replayed-message', detail: `${what}: seen before` };
		// Old entries are dropped at most once a minute (a walk per check made a flood cost its square).
		if (now - this.#prunedAt > 60_000) {
			this.#prunedAt = now;
			for (const [key, at] of this.#seen) if (Math.abs(now - at) > 2 * this.#windowMs) this.#seen.delete(key);
		}
		this.#seen.set(id, m.at);
		return null;
	}
}
