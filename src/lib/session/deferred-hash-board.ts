/**
 * A hash board whose awareness comes later (desync.ts). Used by the app's runtime and the /play lab.
 */
import type { Awareness } from 'y-protocols/awareness';
import { AwarenessHashBoard, type HashBoard, type HashReport } from './desync.js';

/**
 * A hash board whose awareness comes later: y-webrtc needs the awareness of the session's own doc
 * (it encodes `doc.clientID`'s state on reconnect), and the session creates that doc itself, so
 * the lab attaches an AwarenessHashBoard once the session exists. Reports published before are kept.
 */
export class DeferredHashBoard implements HashBoard {
	#board: AwarenessHashBoard | null = null;
	#last: HashReport | null = null;
	readonly #listeners = new Set<() => void>();
	#off: (() => void) | null = null;

	attach(awareness: Awareness): void {
		this.#board = new AwarenessHashBoard(awareness);
		this.#off = this.#board.subscribe(() => {
			for (const listener of [...this.#listeners]) listener();
		});
		if (this.#last) this.#board.publish(this.#last);
	}
	publish(report: HashReport): void {
		this.#last = report;
		this.#board?.publish(report);
	}
	others(): HashReport[] {
		return this.#board?.others() ?? [];
	}
	subscribe(listener: () => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}
	destroy(): void {
		this.#off?.();
		this.#listeners.clear();
	}
}
