/** Refusal codes of the takeback and undo-vote entries (v2/takeback.ts; docs/protocol.md, "Undo"). */
export const UNDO_ERROR_CODES = [
	'NO_MOVE',
	'UNKNOWN_MOVE',
	'NOT_YOUR_ENTRY',
	'NOT_LAST_MOVE',
	'ALREADY_UNDONE',
	'UNDO_OF_UNDO',
	'OTHERS_SINCE',
	'RANDOMNESS_SINCE',
	'ANSWER_PENDING',
	'GAME_ENDED',
	'CANNOT_REWIND',
	'EARLIER_TURN',
	'REQUEST_OPEN',
	'NO_REQUEST',
	'OWN_REQUEST',
	'ALREADY_ANSWERED',
] as const;

export type UndoCode = (typeof UNDO_ERROR_CODES)[number];
