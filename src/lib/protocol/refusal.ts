/**
 * A refusal of the protocol layer: its code (owned by this layer, `ProtocolCode`; an illegal
 * action carries the engine's rule code instead) and a sentence saying why.
 */
export type ProtocolCode =
	| 'MALFORMED'
	| 'OVERSIZED'
	| 'BAD_SIGNATURE'
	| 'DUPLICATE'
	| 'NO_GAME'
	| 'WRONG_GAME'
	| 'BAD_CHAIN'
	| 'EQUIVOCATION'
	| 'NOT_SEAT_HOLDER'
	| 'UNKNOWN_SEAT'
	| 'SEAT_TAKEN'
	| 'BAD_REVEAL'
	| 'BAD_COMMIT'
	| 'BAD_FORK'
	| 'WRONG_VERSION'
	| 'BAD_DEAL'
	| 'BAD_KEYS'
	| 'BAD_SHARE'
	| 'CHEATER'
	| 'GAME_FORFEITED'
	| 'BROKEN'
	| 'NOT_FORKER'
	| 'BAD_CARRY'
	| 'VOTE_ANSWERED';

export interface Refusal {
	/** A protocol code, or the engine's rule code for an illegal action. */
	readonly code: string;
	readonly message: string;
}
