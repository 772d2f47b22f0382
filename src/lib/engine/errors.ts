/**
 * Rule errors: illegal input comes back as data with a stable code. Exceptions are for bugs only.
 */
import { refuse, type Refusal, type Refused, type Result } from './result.js';

export const RULE_ERROR_CODES = [
	'MALFORMED_ACTION',
	'GAME_OVER',
	'NOT_YOUR_TURN',
	'WRONG_PHASE',
	'RANDOMNESS_EXPECTED',
	'RANDOMNESS_NOT_EXPECTED',
	'SANDBOX_ONLY',
	'BAD_RANDOMNESS',
	'NO_ACTIONS_LEFT',
	'NO_FREE_TRANSFERS_LEFT',
	'CANNOT_PASS',
	'UNKNOWN_CARD',
	'NOT_YOUR_GROUP',
	'NOT_IN_PLAY',
	'NO_POWER',
	'ALREADY_PARTICIPATED',
	'BAD_AID',
	'ILLUMINATI_CANNOT_BE_ATTACKED',
	'ALREADY_CONTROLLED',
	'TARGET_NOT_CONTROLLED_BY_OPPONENT',
	'NO_OPEN_ARROW',
	'POWERLESS_TARGET',
	'CANNOT_ATTACK_ITSELF',
	'IMMUNE',
	'NOT_ATTACKER',
	'NOT_ELIGIBLE',
	'ALREADY_COMMITTED',
	'NOT_ENOUGH_MONEY',
	'BAD_AMOUNT',
	'ARROW_NOT_OPEN',
	'NOT_ADJACENT',
	'BAD_MOVE',
	'BAD_LAYOUT',
	'NO_ABILITY',
	'ABILITY_USED',
	'BAD_GOAL',
	'BAD_COMMITMENT',
	'DUPLICATE_COMMITMENT',
	'NOT_APPLICABLE',
	'NOT_IN_HAND',
	'WINDOW_OPEN',
	'BAD_OFFER',
	'NO_SUCH_OFFER',
	'NOT_HELD',
	'CHOICE_NEEDED',
	'TOO_MANY_OFFERS',
	'PRIVILEGED_ATTACK',
	'NOT_IN_GAME',
	'SEAT_ABSENT',
	'ALREADY_VOTED',
	'NAMED_LAST_TIME',
] as const;

export type RuleErrorCode = (typeof RULE_ERROR_CODES)[number];

export type RuleError = Refusal<RuleErrorCode>;

/** What `step` answers: the next state, or a refusal with a rule code (engine/result.ts). */
export type StepResult<S> = Result<{ readonly state: S }, RuleErrorCode>;

export function fail(code: RuleErrorCode, message: string): Refused<RuleErrorCode> {
	return refuse(code, message);
}

export function ok<S>(state: S): { ok: true; state: S } {
	return { ok: true, state };
}

/** Thrown only for states that cannot happen; a rule violation is never an exception. */
export class EngineBug extends Error {
	constructor(message: string) {
		super(`engine bug: ${message}`);
		this.name = 'EngineBug';
	}
}
