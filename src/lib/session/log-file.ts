/**
 * A session's game as a file: the version-1 engine log (`fnord replay` accepts it) with the
 * signed entries in `meta.entries` (GameSession.exportLog), and those entries read back from such
 * a file (GameSession.importLog).
 */
import { parseLogText, type GameLog } from '../engine/index.js';
import { GameReplayer } from '../protocol/index.js';
import { isRoomCode, publicRoomId } from '../net/room.js';
import type { SessionReplayer } from './protocol-driver.js';
import { openedIlluminati } from './illuminati-opening.js';

/** The exported log of the game `replayer` replays, titled `title`, in room `roomCode`, with the document's `entries`. */
export function exportedLog(replayer: SessionReplayer, game: { title: string; roomCode: string; entries: unknown[] }): GameLog {
	const log = replayer.exportLog();
	// The room's public part only: a file passed around must not let its readers into the room.
	// Secret deck: hidden cards stay positions (the deals say null) until the audit at the game's
	// end opens the deck; then the file shows every position's card (`meta.deck`).
	const audit = replayer instanceof GameReplayer ? (replayer.core.deck?.audit ?? null) : null;
	const deck = audit === null ? {} : { deck: audit.cards };
	// Hidden Illuminati: every seat's card once the opening at the end ran (`meta.illuminati`), never before.
	const opened = openedIlluminati(replayer);
	const illuminati = opened === null ? {} : { illuminati: opened };
	// The genesis this device holds to: an import pins it, so a rival `create` a peer put in the
	// shared document (it travels in `entries`) is not taken for the game's setup (red team, session 14).
	const genesis = replayer instanceof GameReplayer && replayer.genesisId !== null ? { genesis: replayer.genesisId } : {};
	return { ...log, meta: { ...log.meta, title: game.title, room: publicRoomId(game.roomCode), entries: game.entries, ...genesis, ...deck, ...illuminati } };
}

/** What an exported log holds for a session: its game id and signed entries, and its title and room code if it kept them. Throws on any other text. */
export function signedLog(text: string): { gameId: string; entries: string[]; title: string | undefined; roomCode: string | null; genesis: string | null } {
	const parsed = parseLogText(text);
	if (!parsed.ok) throw new Error(`not a game log: ${parsed.error}`);
	const meta = parsed.log.meta ?? {};
	const entries = meta.entries;
	if (typeof meta.game !== 'string' || !Array.isArray(entries) || !entries.every((e) => typeof e === 'string')) {
		throw new Error('this log has no signed entries (only logs exported by Fnord sessions can be played on)');
	}
	const title = typeof meta.title === 'string' ? meta.title : undefined;
	const roomCode = typeof meta.roomCode === 'string' && isRoomCode(meta.roomCode) ? meta.roomCode : null;
	return { gameId: meta.game, entries: entries as string[], title, roomCode, genesis: genesisPinOf(meta) };
}

/** The genesis an export names (`meta.genesis`: an entry id, or a prefix of at least 16 base64url characters), or null. */
export function genesisPinOf(meta: Readonly<Record<string, unknown>>): string | null {
	const genesis = meta.genesis;
	return typeof genesis === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(genesis) ? genesis : null;
}
