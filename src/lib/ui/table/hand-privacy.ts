/**
 * Hot seat on a shared screen (issue 13): with several people playing on one device, a seat's
 * hand, secret goal, private offers and what Computer Espionage showed it are shown only to the
 * seat whose turn or window it is, after a "pass the device to <name>" screen its player clears.
 * Seats played by computer players never need it (they are not among the people's seats). A
 * device setting turns it off for a learning table ("everyone may see every hand").
 */
import type { Seat } from '$lib/engine/index.js';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

const KEY = 'fnord.hotSeat.showAllHands';

/** Whether this device shows every hand of its seats at once (off by default). */
export function readShowAllHands(store: Store): boolean {
	try {
		return store.getItem(KEY) === 'on';
	} catch {
		return false;
	}
}

export function writeShowAllHands(store: Store, on: boolean): void {
	try {
		store.setItem(KEY, on ? 'on' : 'off');
	} catch {
		// Private browsing without storage: the setting lasts for this page only.
	}
}

export interface Privacy {
	/** The seats whose secrets are shown now (the table's and the log's viewer). */
	readonly viewer: readonly Seat[];
	/** The seat the device must be passed to before anything of it is shown (null: none). */
	readonly passTo: Seat | null;
}

/**
 * What a device with people's seats `people` shows while it plays `seat`, the pass screen having
 * been cleared last for `cleared`: one person (or everyone may see every hand) shows all its
 * seats; else only the seat shown, once its player cleared the pass screen.
 */
export function privacy(people: readonly Seat[], seat: Seat | null, cleared: Seat | null, showAll: boolean): Privacy {
	if (showAll || people.length <= 1) return { viewer: people, passTo: null };
	if (seat === null || !people.includes(seat)) return { viewer: [], passTo: null };
	return cleared === seat ? { viewer: [seat], passTo: null } : { viewer: [], passTo: seat };
}
