/**
 * The entries a session posts by itself (key generation, coin share, acknowledgement), and a
 * guard for a stuck chain: after 3 automatic entries refused in a row it posts no more.
 */
import { parseEntry, type ProtocolRejection } from '../protocol/index.js';
import type { ProtocolDriver } from './protocol-driver.js';

export class AutomaticEntries {
	/** The last automatic entry posted, and how many in a row were refused (a stuck chain stops). */
	#last: string | null = null;
	#refused = 0;

	/** Automatic entries refused in a row (3 stop them: the UI should show it). */
	get refused(): number {
		return this.#refused;
	}

	/** Counts the last automatic entry as refused (or resets the count) once its replay is done. */
	check(rejections: readonly ProtocolRejection[]): void {
		if (this.#last === null) return;
		const id = this.#last;
		this.#last = null;
		this.#refused = rejections.some((r) => r.id === id) ? this.#refused + 1 : 0;
	}

	/** The automatic entry due now, if any (none once 3 were refused in a row). */
	next(protocol: ProtocolDriver): string | null {
		if (this.#refused >= 3) return null;
		const entry = protocol.nextAutomatic();
		if (entry === null) return null;
		const parsed = parseEntry(entry);
		this.#last = parsed.ok ? parsed.id : null;
		return entry;
	}
}
