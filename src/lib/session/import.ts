/**
 * Importing an exported game. Every import is a separate, read-only copy: an export is a record
 * of a game, not a seat in it (seat keys are never exported), and the game in it may be live on
 * this device or elsewhere. So the copy shares nothing with that game: its own id in My games,
 * which is also the storage key of its document; a fresh device seed that holds no seat; no
 * transport and no hash board. Nothing here signs or appends: the file's entries are the log.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { parseLogText } from '../engine/index.js';
import { appendEntry, createGameDoc } from '../net/doc.js';
import { isRoomCode, newRoomCode } from '../net/room.js';
import { cleanTitle } from '../net/presence.js';
import { bytesToBase64url, entryId, type Verifier } from '../protocol/index.js';
import { GameSession } from './game-session.js';
import type { GameList, GameRecord } from './game-list.js';
import { newSeed, type RandomBytes } from './keys.js';
import type { DocPersistence } from './storage.js';
import { notALogDetail } from './files.js';
import { genesisPinOf } from './log-file.js';

/** Ids of imported copies start with this; game ids are 22 base64url characters, so never equal. */
export const COPY_PREFIX = 'copy-';

/** What an exported file holds for the copy. */
export interface ExportedGame {
	readonly gameId: string;
	/** Files exported before the room's secret was left out carry the whole code; newer ones `room` (its public part). */
	readonly roomCode: string | null;
	readonly room: string | null;
	readonly title: string;
	/** The signed entries (meta.entries). */
	readonly entries: readonly string[];
	/** The genesis the exporting device held to (meta.genesis, files from session 14 on): the copy pins it. */
	readonly genesis: string | null;
}

export type ImportErrorCode = 'notFnordLog' | 'notPlayable' | 'noGame';

/** A file that cannot become a copy; nothing was stored. */
export class ImportError extends Error {
	constructor(
		readonly code: ImportErrorCode,
		message: string
	) {
		super(message);
		this.name = 'ImportError';
	}
}

/** The game in an exported file, or an ImportError. */
export function readExport(text: string): ExportedGame {
	const parsed = parseLogText(text);
	if (!parsed.ok) throw new ImportError('notFnordLog', notALogDetail(parsed.error));
	const { game, roomCode, room, entries, title } = (parsed.log.meta ?? {}) as Record<string, unknown>;
	if (typeof game !== 'string' || game === '' || (typeof roomCode !== 'string' && typeof room !== 'string') || !Array.isArray(entries) || entries.length === 0 || !entries.every((e) => typeof e === 'string')) {
		throw new ImportError('notPlayable', 'this log has no signed entries (only logs exported by Fnord sessions can be imported)');
	}
	// The title is text from whoever made the file: cleaned and cut like a title from a peer (red team: a 5 MB title filled the games list's storage).
	const pin = genesisPinOf(parsed.log.meta ?? {});
	return { gameId: game, roomCode: typeof roomCode === 'string' ? roomCode : null, room: typeof room === 'string' ? room : null, title: cleanTitle(title) ?? '', entries: entries as string[], genesis: pin };
}

/**
 * The distinct setups (signed `create` or `fork` entries) a file holds for its game. An honest
 * export holds one; a second is a rival setup someone put in the shared document or the file, and
 * the file alone cannot tell which is the game's (a file with meta.genesis says which its
 * exporter held to).
 */
export function setupsIn(file: ExportedGame): number {
	const ids = new Set<string>();
	for (const text of file.entries) {
		let entry: unknown;
		try {
			entry = JSON.parse(text);
		} catch {
			continue;
		}
		const e = entry as { kind?: unknown; game?: unknown };
		if ((e.kind === 'create' || e.kind === 'fork') && e.game === file.gameId) ids.add(entryId(entry as Parameters<typeof entryId>[0]));
	}
	return ids.size;
}

/** The copy's id, from the file's content: the same file imported twice is one copy. */
export function copyIdOf(file: ExportedGame): string {
	const digest = sha256(utf8ToBytes(JSON.stringify(['fnord-copy-v1', file.gameId, file.roomCode ?? file.room, file.title, file.entries, ...(file.genesis === null ? [] : [file.genesis])])));
	return COPY_PREFIX + bytesToBase64url(digest.subarray(0, 16));
}

export const isCopy = (record: GameRecord): boolean => record.copyOf !== undefined;

/** `persistence` keeping any document attached to it under `key`, whatever game id it is given. */
export function storedUnder(persistence: DocPersistence, key: string): DocPersistence {
	return {
		attach: (_gameId, doc) => persistence.attach(key, doc),
		remove: () => persistence.remove(key)
	};
}

export interface CopyOptions {
	list: GameList;
	persistence: DocPersistence;
	randomBytes: RandomBytes;
	/** Milliseconds since the epoch. */
	now: () => number;
	verifier?: Verifier;
}

export interface ImportedCopy {
	/** The copy in My games: open it with openCopy (its id is its storage key). */
	readonly record: GameRecord;
	/** The same file was imported before: that copy is kept as it was. */
	readonly existed: boolean;
	/** This device also has the game itself in My games (left untouched). */
	readonly known: boolean;
	/** Entries of the file its game refuses (e.g. edited ones): the copy shows the game without them. */
	readonly refused: number;
	readonly accepted: number;
	/** Distinct setups in the file (setupsIn): more than one, and the copy may not show the real game. */
	readonly setups: number;
}

/**
 * Stores an exported game as a read-only copy and lists it. A file whose entries start no game is
 * refused (ImportError 'noGame') with nothing stored.
 */
export async function importCopy(text: string, options: CopyOptions): Promise<ImportedCopy> {
	const file = readExport(text);
	const id = copyIdOf(file);
	const known = (await options.list.get(file.gameId)) !== null;
	// Replayed in memory first: nothing is stored for a file that makes no game.
	const game = createGameDoc(file.gameId);
	appendEntry(game, file.entries);
	const seed = newSeed(options.randomBytes);
	// A copy never connects: a file without the room's code (it holds no secret) gets a room of its own.
	const roomCode = file.roomCode !== null && isRoomCode(file.roomCode) ? file.roomCode : newRoomCode(options.randomBytes);
	// Pinned to the exporter's genesis: a rival setup in the file is refused, not taken for the game's.
	const probe = new GameSession({ game, roomCode, title: file.title, seed, randomBytes: options.randomBytes, verifier: options.verifier, genesis: file.genesis });
	const facts = { known, refused: probe.rejections.length, accepted: probe.accepted, setups: setupsIn(file) };
	const playable = probe.state !== null;
	probe.destroy();
	if (!playable) throw new ImportError('noGame', 'none of the entries starts a game');

	const before = await options.list.get(id);
	if (before?.copyOf === file.gameId) return { record: before, existed: true, ...facts };
	await options.persistence.remove(id); // leftovers of a copy deleted half-way
	await options.persistence.attach(id, game.doc).destroy(); // resolves once stored
	const record: GameRecord = { id, copyOf: file.gameId, roomCode, title: file.title, seats: [], lastPlayed: options.now(), seed, ...(file.genesis === null ? {} : { genesis: file.genesis }) };
	await options.list.add(record);
	return { record, existed: false, ...facts };
}

/**
 * A stored copy's session: its own document and storage key, the copy's seed (it holds no seat,
 * so it posts nothing by itself), no transport, no hash board. The app must never connect it.
 */
export function openCopy(record: GameRecord, options: Pick<CopyOptions, 'persistence' | 'randomBytes' | 'verifier'>): Promise<GameSession> {
	if (record.copyOf === undefined) throw new Error(`${record.id} is not an imported copy`);
	return GameSession.open({
		gameId: record.copyOf,
		roomCode: record.roomCode,
		title: record.title,
		seed: record.seed,
		randomBytes: options.randomBytes,
		verifier: options.verifier,
		genesis: record.genesis ?? null,
		persistence: storedUnder(options.persistence, record.id)
	});
}
