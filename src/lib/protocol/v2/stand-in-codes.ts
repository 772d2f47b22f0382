/** Refusal codes of stand-in entries (v2/stand-in.ts; docs/protocol.md, "Stand-ins for absent seats"). */
export const STAND_IN_ERROR_CODES = [
	/** The game's rule option `absence` is not 'bot'. */
	'STAND_IN_OFF',
	/** The seat named is not absent (never voted absent, or it returned). */
	'STAND_IN_NOT_ABSENT',
	/** The game does not wait on that seat's stand-in now (another seat's turn, a window, randomness). */
	'STAND_IN_NOT_AWAITED',
	/** The author's own seat is not present (absent, out, voted out or caught cheating). */
	'STAND_IN_NOT_PRESENT',
	/** Computed for another state than the one at its place: a second device's copy or a race. No blame. */
	'STAND_IN_STALE',
	/** Not what the stand-in bot plays in the state it names: a false stand-in, its author named. */
	'STAND_IN_MISMATCH',
	/** An absent seat's own key posted a move (not its return): under absence 'bot' its stand-in plays it. */
	'PLAYED_BY_STAND_IN',
	/** This client cannot judge stand-ins (no stand-in bot registered): a programming error. */
	'STAND_IN_UNJUDGED',
] as const;

export type StandInCode = (typeof STAND_IN_ERROR_CODES)[number];
