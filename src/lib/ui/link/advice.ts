/**
 * What to tell a player when linking by hand fails: the net layer's HandshakeError code becomes
 * one sentence saying what went wrong and one saying what to do (its advice category), as
 * message keys of the `link` area. Pure: no Svelte, no WebRTC.
 */
import { HANDSHAKE_ADVICE, HANDSHAKE_ERROR_CODES, type HandshakeAdvice, type HandshakeErrorCode } from '../../net/handshake/errors.js';

/** Which code the player was handling when it failed. */
export type CodeRole = 'invitation' | 'answer';

/** A failure as shown: a stable code, and the technical detail for the curious. */
export interface LinkProblem {
	readonly code: HandshakeErrorCode | 'unknown';
	readonly detail: string;
}

export interface ProblemText {
	/** Message key: what went wrong. */
	readonly what: string;
	/** Message key: what to do (null when the first sentence says it). */
	readonly todo: string | null;
	/** The advice category (networking advice gets a list of steps). */
	readonly advice: HandshakeAdvice | null;
}

const CODES: ReadonlySet<string> = new Set(HANDSHAKE_ERROR_CODES);

/** Any thrown value as a LinkProblem (HandshakeErrors keep their code). */
export function problemOf(error: unknown): LinkProblem {
	const code = (error as { code?: unknown } | null)?.code;
	const detail = error instanceof Error ? error.message : String(error);
	return typeof code === 'string' && CODES.has(code) ? { code: code as HandshakeErrorCode, detail } : { code: 'unknown', detail };
}

/**
 * The keys for a problem. `role` says which code was pasted or waited on: a wrong kind of code
 * is explained the other way round, and an expired invitation on the guest's side may also be
 * a wrong clock.
 */
export function problemText(problem: LinkProblem, role: CodeRole): ProblemText {
	if (problem.code === 'unknown') return { what: 'link.error.unknown', todo: 'link.advice.retry', advice: 'retry' };
	const advice = HANDSHAKE_ADVICE[problem.code];
	if (problem.code === 'wrong-kind') return { what: `link.error.wrong-kind.${role}`, todo: null, advice };
	if (problem.code === 'expired' && role === 'invitation') return { what: 'link.error.expired.guest', todo: 'link.advice.new-invitation', advice };
	return { what: `link.error.${problem.code}`, todo: `link.advice.${advice}`, advice };
}

/** Every message key problemText can give (for the messages test). */
export function allProblemKeys(): string[] {
	const keys = new Set<string>(['link.error.unknown', 'link.advice.retry', 'link.error.expired.guest']);
	for (const code of HANDSHAKE_ERROR_CODES) {
		for (const role of ['invitation', 'answer'] as const) {
			const text = problemText({ code, detail: '' }, role);
			keys.add(text.what);
			if (text.todo) keys.add(text.todo);
		}
	}
	return [...keys].sort();
}
