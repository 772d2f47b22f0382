/**
 * What the mesh noticed, as stable codes: links made and lost, relayed connections that
 * failed, and messages it refused. The UI may show the first kinds; the rest are for logs.
 */

export const MESH_REPORT_CODES = [
	'peer-linked', // a link to a peer is up (detail: manual, relay or webrtc)
	'peer-dropped', // a linked peer is gone (left, channel closed, connection failed)
	'relay-failed', // a relayed connection failed (detail: a handshake error code or the rejection)
	'relay-gave-up', // no more retries for that peer
	'duplicate-link', // two links to one peer: the one with the higher key was closed
	'malformed-message', // not a valid control message (or a description WebRTC refused)
	'oversized-message', // above the size cap
	'forged-message', // a signal speaking for someone else, relayed too far, or whose signature or key does not match its sender
	'unsigned-message', // a signal without its sender's signature, or a hello without a key
	'replayed-message', // a signal seen before, or signed too long ago
	'unexpected-message', // valid but out of place (no hello yet, unknown attempt, wrong initiator)
	'no-route', // a signal for a peer this device is not linked to
	'rate-limited', // too many signals to relay from one link
	'wrong-room', // the other end plays another game: link closed
	'identity-mismatch', // a relayed link answered with another peer id: link closed
	'self-link', // linked to itself: link closed
	'incompatible' // another mesh protocol version: link closed
] as const;

export type MeshReportCode = (typeof MESH_REPORT_CODES)[number];

export interface MeshReport {
	code: MeshReportCode;
	/** The peer concerned, when known. */
	peer?: string;
	/** The peer the message came through or the attempt went through. */
	via?: string;
	detail: string;
	at: number;
}

/** The last `limit` reports, and listeners. */
export class MeshReports {
	readonly #list: MeshReport[] = [];
	readonly #listeners = new Set<(report: MeshReport) => void>();
	readonly #limit: number;
	readonly #counts = new Map<MeshReportCode, number>();

	constructor(limit = 200) {
		this.#limit = limit;
	}

	add(report: MeshReport): void {
		this.#counts.set(report.code, (this.#counts.get(report.code) ?? 0) + 1);
		this.#list.push(report);
		if (this.#list.length > this.#limit) this.#list.shift();
		for (const listener of [...this.#listeners]) listener(report);
	}

	list(code?: MeshReportCode): MeshReport[] {
		return this.#list.filter((r) => code === undefined || r.code === code);
	}

	/** How many reports of `code` were made in all (the list keeps only the last ones). */
	count(code: MeshReportCode): number {
		return this.#counts.get(code) ?? 0;
	}

	/** Calls `listener` for each new report. Returns the unsubscribe function. */
	on(listener: (report: MeshReport) => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}
}
