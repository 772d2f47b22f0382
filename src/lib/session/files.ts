/**
 * Exported game files: what to call them, and a check of an imported file before anything is
 * stored, so a broken file gets one specific reason and changes nothing.
 */
import { parseLogText } from '../engine/log.js';
import { refuse, type Refused, type Result } from '../engine/result.js';
import { parseRoomCode } from '../net/room.js';

/** Larger files are refused before parsing (a 5,000-entry export is about 1.5 MB). */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;

export type ImportProblem = 'empty' | 'tooLarge' | 'notJson' | 'notFnordLog' | 'notPlayable';

/** A file's check: what it holds, or why it is refused (the code names words home.import.problem.<code>, the message is the detail). */
export type ImportCheck = Result<{ gameId: string; roomCode: string | null; room: string | null; title: string; entries: readonly string[] }, ImportProblem>;

const fail = (problem: ImportProblem, detail = ''): Refused<ImportProblem> => refuse(problem, detail);

/**
 * Why a file is no game log, without the words "not a Fnord game log" the engine's reason starts
 * with: the message that shows it says so already (home.import.problem.notFnordLog).
 */
export function notALogDetail(error: string): string {
	return error.replace(/^not a (Fnord )?game log:\s*/i, '');
}

/**
 * Checks exported text the way GameSession.importLog will read it: a version-1 Fnord log whose
 * meta carries the game id, the room (its public part `room`; files from before carry the whole
 * `roomCode`) and signed entries (`fnord random-game` logs replay but cannot be played on: they
 * have no signed entries).
 */
export function checkImportText(text: string, size = text.length): ImportCheck {
	if (size > MAX_IMPORT_BYTES) return fail('tooLarge', String(size));
	if (text.trim() === '') return fail('empty');
	try {
		JSON.parse(text);
	} catch (error) {
		return fail('notJson', error instanceof Error ? error.message : String(error));
	}
	const parsed = parseLogText(text);
	if (!parsed.ok) return fail('notFnordLog', notALogDetail(parsed.error));
	const meta = parsed.log.meta ?? {};
	const { game, roomCode, room, entries, title } = meta as Record<string, unknown>;
	if (typeof game !== 'string' || !/^[\w-]{16,64}$/.test(game)) return fail('notPlayable', 'meta.game');
	if (roomCode !== undefined && (typeof roomCode !== 'string' || parseRoomCode(roomCode) === null)) return fail('notPlayable', 'meta.roomCode');
	if (room !== undefined && (typeof room !== 'string' || !/^(2:[0-9A-Z]{8}|[0-9A-Z]{8,16})$/.test(room))) return fail('notPlayable', 'meta.room');
	if (roomCode === undefined && room === undefined) return fail('notPlayable', 'meta.room');
	if (!Array.isArray(entries) || entries.length === 0 || !entries.every((e) => typeof e === 'string')) return fail('notPlayable', 'meta.entries');
	return { ok: true, gameId: game, roomCode: typeof roomCode === 'string' ? roomCode : null, room: typeof room === 'string' ? room : null, title: typeof title === 'string' ? title : '', entries: entries as string[] };
}

/** A file name for an exported game: "fnord-<title words>-<id start>.json", ASCII only. */
export function exportFileName(title: string, gameId: string): string {
	const words = title
		.normalize('NFKD')
		.replace(/[^\w\s-]/g, '')
		.trim()
		.toLowerCase()
		.replace(/[\s_-]+/g, '-')
		.slice(0, 40)
		.replace(/-+$/, '');
	return `fnord-${words ? `${words}-` : ''}${gameId.slice(0, 8)}.json`;
}
