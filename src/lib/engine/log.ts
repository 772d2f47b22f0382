/**
 * The game log file (docs/log-format.md): a versioned JSON document holding the setup options and
 * the ordered entries. Entries are checked one by one during replay; the document itself must be
 * ours, or it is refused with a clear error.
 */
import { LATER_RULE_KEYS, LOG_BASE_RULES, type GameOptions } from './types.js';
import { HIDDEN_ILLUMINATI_RULE_KEYS } from './hidden-illuminati.js';
import { optionsProblem } from './setup.js';

export const LOG_FORMAT = 'fnord-log';
export const LOG_VERSION = 1;
/** Entries beyond this are refused: a game log this long is broken or hostile. */
export const MAX_LOG_ENTRIES = 1_000_000;

export interface GameLog {
	readonly format: typeof LOG_FORMAT;
	readonly version: typeof LOG_VERSION;
	readonly setup: GameOptions;
	/** Actions, oldest first. Each is validated when replayed; a bad one is rejected, not fatal. */
	readonly entries: readonly unknown[];
	/** Free-form notes (who made it, when, from which game); never read by the rules. */
	readonly meta?: Readonly<Record<string, unknown>>;
}

export type ParsedLog = { readonly ok: true; readonly log: GameLog } | { readonly ok: false; readonly error: string };

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unknownKeys(record: Record<string, unknown>, known: readonly string[]): string[] {
	return Object.keys(record).filter((key) => !known.includes(key));
}

/** Checks a parsed JSON value is a Fnord log this version can replay. */
export function parseLog(value: unknown): ParsedLog {
	if (!isRecord(value)) return { ok: false, error: 'not a Fnord game log: the file is not a JSON object' };
	if (value.format !== LOG_FORMAT) {
		return { ok: false, error: `not a Fnord game log: "format" is ${JSON.stringify(value.format)}, expected "${LOG_FORMAT}"` };
	}
	if (value.version !== LOG_VERSION) {
		return { ok: false, error: `unsupported log version ${JSON.stringify(value.version)}; this program reads version ${LOG_VERSION}` };
	}
	if (!isRecord(value.setup)) return { ok: false, error: 'the log has no "setup" object' };
	const raw = value.setup;
	const unknown = unknownKeys(raw, ['players', 'illuminati', 'sandbox', 'rules', 'secretDeck']).concat(
		isRecord(raw.rules) ? unknownKeys(raw.rules, [...Object.keys(LOG_BASE_RULES), ...HIDDEN_ILLUMINATI_RULE_KEYS, ...LATER_RULE_KEYS]).map((key) => `rules.${key}`) : [],
	);
	if (unknown.length > 0) return { ok: false, error: `bad setup: unknown option ${unknown.map((k) => `"${k}"`).join(', ')}` };
	const setup: GameOptions = {
		players: raw.players as number,
		illuminati: raw.illuminati as GameOptions['illuminati'],
		sandbox: raw.sandbox as boolean,
		rules: { ...LOG_BASE_RULES, ...(isRecord(raw.rules) ? raw.rules : {}) } as GameOptions['rules'],
		...(raw.secretDeck === undefined ? {} : { secretDeck: raw.secretDeck as boolean }),
	};
	const problem = optionsProblem(setup);
	if (problem !== null) return { ok: false, error: `bad setup: ${problem}` };
	if (!Array.isArray(value.entries)) return { ok: false, error: 'the log has no "entries" list' };
	if (value.entries.length > MAX_LOG_ENTRIES) return { ok: false, error: `the log has more than ${MAX_LOG_ENTRIES} entries` };
	if (value.meta !== undefined && !isRecord(value.meta)) return { ok: false, error: '"meta" must be an object' };
	return { ok: true, log: { format: LOG_FORMAT, version: LOG_VERSION, setup, entries: value.entries, meta: value.meta } };
}

/** Parses log text: JSON errors and foreign files get a clear message. */
export function parseLogText(text: string): ParsedLog {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (error) {
		return { ok: false, error: `not valid JSON: ${(error as Error).message}` };
	}
	return parseLog(value);
}

export function makeLog(setup: GameOptions, entries: readonly unknown[], meta?: Record<string, unknown>): GameLog {
	return { format: LOG_FORMAT, version: LOG_VERSION, setup, entries, ...(meta ? { meta } : {}) };
}
