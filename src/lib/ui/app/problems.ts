/**
 * Refused entries as the Problems panel counts them. A refusal is someone's entry the rules did
 * not take; most mean a faulty or hostile client. Some are the normal outcome of a race between
 * honest devices and blame nobody: those are kept apart (shown as diagnostics, not counted).
 *
 * - STAND_IN_STALE: two present devices posted the same stand-in bot's move for an absent seat (the
 *   backup device after 8 s, or a stand-in racing the absent player's return); the later copy names
 *   a state already past (docs/protocol.md, "Stand-ins for absent seats": "no blame").
 * - STAND_IN_NOT_AWAITED / STAND_IN_NOT_ABSENT: the same race when the first copy ended what the
 *   stand-in was waited for (the turn is over), or when the absent player's return was placed
 *   first; the protocol checks these before the state's hash, so an honest late copy gets them.
 * Each is refused with no effect; a device posting such entries on purpose gains nothing but is
 * still listed here, and the update gate caps its rate. A stand-in that is not the bot's move
 * (STAND_IN_MISMATCH) is always counted.
 */
export const EXPECTED_REFUSALS: ReadonlySet<string> = new Set(['STAND_IN_STALE', 'STAND_IN_NOT_AWAITED', 'STAND_IN_NOT_ABSENT']);

/** The refusals split into those that may be hostile (counted) and the expected races (diagnostics). */
export function splitRefusals<T extends { readonly code: string }>(all: readonly T[]): { hostile: T[]; expected: T[] } {
	const hostile: T[] = [];
	const expected: T[] = [];
	for (const refusal of all) (EXPECTED_REFUSALS.has(refusal.code) ? expected : hostile).push(refusal);
	return { hostile, expected };
}
