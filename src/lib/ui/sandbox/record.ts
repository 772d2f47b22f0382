/**
 * A sandbox game as kept on this device: a hot-seat game run by the engine alone, whose options
 * have `sandbox: true` so dice and draws may be stated outright (log format: `fixed` entries). It
 * is its engine log plus a title, where it came from and the players' secret goals, and exports
 * as a version-1 log that `fnord replay` reads.
 */
import { NEW_GAME_RULES, makeLog, parseLog, step, initialState, type Action, type CardId, type GameLog, type GameOptions, type RuleOptions, type Seat } from '../../engine/index.js';

export type SandboxOrigin =
	| { readonly kind: 'new' }
	| { readonly kind: 'import'; readonly file: string | null }
	/** "What if?" from entry `position` of another game (a peer-to-peer game or a sandbox game). */
	| { readonly kind: 'whatIf'; readonly parent: string; readonly parentKind: 'p2p' | 'sandbox'; readonly parentTitle: string; readonly position: number };

/** A secret goal chosen on this device (the UFOs; every player with hidden goals). */
export interface SandboxSecret {
	readonly goal: CardId;
	readonly salt: string;
}

export interface SandboxRecord {
	readonly id: string;
	readonly title: string;
	/** Milliseconds since the epoch (the caller's clock). */
	readonly created: number;
	readonly updated: number;
	readonly setup: GameOptions;
	/** Accepted engine entries, oldest first. */
	readonly entries: readonly Action[];
	readonly origin: SandboxOrigin;
	readonly secrets: Readonly<Record<number, SandboxSecret>>;
	/** Pass by itself for a seat that has nothing but a pass in a Specials window. */
	readonly autoPass: boolean;
	/** Settle every random request with a fresh seed, without asking. */
	readonly autoRoll: boolean;
}

/** What the list shows without replaying a game. */
export interface SandboxSummary {
	readonly id: string;
	readonly title: string;
	readonly updated: number;
	readonly players: number;
	readonly entries: number;
	readonly origin: SandboxOrigin;
}

export function summaryOf(record: SandboxRecord): SandboxSummary {
	return { id: record.id, title: record.title, updated: record.updated, players: record.setup.players, entries: record.entries.length, origin: record.origin };
}

/** A sandbox game's options: the given options with the sandbox flag set. */
export function sandboxSetup(setup: GameOptions): GameOptions {
	return { ...setup, sandbox: true };
}

export function newSetup(players: number, illuminati: GameOptions['illuminati'], rules: Partial<RuleOptions> = {}): GameOptions {
	return { players, illuminati, sandbox: true, rules: { ...NEW_GAME_RULES, ...rules } };
}

export interface NewRecord {
	readonly id: string;
	readonly title: string;
	readonly now: number;
	readonly origin: SandboxOrigin;
}

/** The accepted entries of a log replayed as a sandbox game, and how many were refused. */
export function acceptedEntries(setup: GameOptions, entries: readonly unknown[]): { entries: Action[]; refused: number } {
	let state = initialState(setup);
	const kept: Action[] = [];
	let refused = 0;
	for (const entry of entries) {
		const result = step(state, entry as Action);
		if (!result.ok) {
			refused++;
			continue;
		}
		kept.push(entry as Action);
		state = result.state;
	}
	return { entries: kept, refused };
}

/** A sandbox game from an engine log (a file, or the prefix of another game): refused entries are dropped. */
export function recordFromLog(log: GameLog, options: NewRecord): { record: SandboxRecord; refused: number } {
	const setup = sandboxSetup(log.setup);
	const { entries, refused } = acceptedEntries(setup, log.entries);
	return { record: blankRecord(setup, options, entries), refused };
}

export function blankRecord(setup: GameOptions, options: NewRecord, entries: readonly Action[] = []): SandboxRecord {
	return {
		id: options.id,
		title: options.title,
		created: options.now,
		updated: options.now,
		setup: sandboxSetup(setup),
		entries,
		origin: options.origin,
		secrets: {},
		autoPass: true,
		autoRoll: false,
	};
}

/** The engine log `fnord replay` reads (title and origin in `meta`, never read by the rules). */
export function exportLog(record: SandboxRecord): GameLog {
	return makeLog(record.setup, record.entries, { title: record.title, source: 'fnord-sandbox', origin: record.origin });
}

export function exportText(record: SandboxRecord): string {
	return JSON.stringify(exportLog(record), null, 1);
}

export function withSecret(record: SandboxRecord, seat: Seat, secret: SandboxSecret): SandboxRecord {
	return { ...record, secrets: { ...record.secrets, [seat]: secret } };
}

const isRecordObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function readOrigin(value: unknown): SandboxOrigin {
	if (!isRecordObject(value)) return { kind: 'new' };
	if (value.kind === 'import') return { kind: 'import', file: typeof value.file === 'string' ? value.file : null };
	if (value.kind === 'whatIf' && typeof value.parent === 'string' && (value.parentKind === 'p2p' || value.parentKind === 'sandbox') && typeof value.position === 'number') {
		return { kind: 'whatIf', parent: value.parent, parentKind: value.parentKind, parentTitle: typeof value.parentTitle === 'string' ? value.parentTitle : '', position: value.position };
	}
	return { kind: 'new' };
}

function readSecrets(value: unknown): Record<number, SandboxSecret> {
	const out: Record<number, SandboxSecret> = {};
	if (!isRecordObject(value)) return out;
	for (const [seat, secret] of Object.entries(value)) {
		if (/^\d+$/.test(seat) && isRecordObject(secret) && typeof secret.goal === 'string' && typeof secret.salt === 'string') out[Number(seat)] = { goal: secret.goal, salt: secret.salt };
	}
	return out;
}

/** A stored record read back; null when it is not one (its setup is checked as a log's would be). */
export function readRecord(text: string): SandboxRecord | null {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (_error) {
		return null;
	}
	if (!isRecordObject(value) || typeof value.id !== 'string' || typeof value.title !== 'string') return null;
	if (typeof value.created !== 'number' || typeof value.updated !== 'number' || !Array.isArray(value.entries)) return null;
	const parsed = parseLog({ format: 'fnord-log', version: 1, setup: value.setup, entries: value.entries });
	if (!parsed.ok || !parsed.log.setup.sandbox) return null;
	return {
		id: value.id,
		title: value.title,
		created: value.created,
		updated: value.updated,
		setup: parsed.log.setup,
		entries: parsed.log.entries as Action[],
		origin: readOrigin(value.origin),
		secrets: readSecrets(value.secrets),
		autoPass: value.autoPass !== false,
		autoRoll: value.autoRoll === true,
	};
}
