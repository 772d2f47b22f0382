/**
 * The app's addresses: a game is /game?id=<game id>, an invitation is /join?room=<room code>
 * (query parameters, because the static build prerenders no dynamic paths). The lab's older
 * "#/join/<code>" links and bare codes are understood too.
 */
import { INVITE_PREFIX, ROOM_CODE_ALPHABET, parseInvite, parseRoomCode, readRoomCode, type RoomCodeProblem } from '../../session/for-ui.js';

export function gamePath(gameId: string): string {
	return `/game?id=${encodeURIComponent(gameId)}`;
}

/** Characters of the genesis id an invitation carries (96 bits: no rival `create` can be ground to match). */
export const GENESIS_PIN_LENGTH = 16;

/** `genesis`: the game's genesis id, whose first 16 characters pin it for whoever joins by this link. */
export function joinPath(roomCode: string, genesis?: string | null): string {
	const pin = genesis ? `&g=${genesis.slice(0, GENESIS_PIN_LENGTH)}` : '';
	return `/join?room=${encodeURIComponent(roomCode)}${pin}`;
}

/** The share link of a room, on this app's origin. */
export function joinLink(origin: string, roomCode: string, genesis?: string | null): string {
	return origin.replace(/\/+$/, '') + joinPath(roomCode, genesis);
}

/** The genesis pin in a /join link (16 to 43 base64url characters), or null (a typed code has none). */
export function genesisPinFromInput(input: string): string | null {
	return /[?&]g=([A-Za-z0-9_-]{16,43})(?:[&#]|$)/.exec(input.trim())?.[1] ?? null;
}

/** The room code in what a player typed or pasted: a code, a /join?room= link or a #/join/ link; else null. */
export function roomCodeFromInput(input: string): string | null {
	const query = /[?&]room=([^&#]*)/.exec(input)?.[1];
	if (query !== undefined) {
		try {
			return parseRoomCode(decodeURIComponent(query));
		} catch (_error) {
			return null;
		}
	}
	return parseInvite(input) ?? parseRoomCode(input.trim());
}

/**
 * A handshake invitation (text starting "FI1", or a /link#FI1… link) in what a player pasted, for
 * the /link page; else null. Only the shape is checked here: /link decodes it strictly.
 */
export function invitationFromInput(input: string): string | null {
	const text = input.trim();
	const code = (/\/link#(.+)$/.exec(text)?.[1] ?? text).trim();
	return /^FI1[0-9A-Z.:$*-]+$/i.test(code) ? code : null;
}

/** Why what a player typed is no room code: the problem, the characters counted, a character no code has. */
export interface CodeProblem {
	readonly problem: RoomCodeProblem;
	/** Characters of the code typed, spaces and dashes left out. */
	readonly count: number;
	/** The first character no room code has ('' if none). */
	readonly character: string;
}

/**
 * What is wrong with the room code in an input (a code, a /join?room= link or a #/join/ link), or
 * null if it reads as a room code. A version-2 code's check character catches one wrong character
 * and two swapped ones ('typo'); a character missing or added changes its length ('length').
 */
export function roomCodeProblem(input: string): CodeProblem | null {
	let text = input.trim();
	const query = /[?&]room=([^&#]*)/.exec(text)?.[1];
	const invite = text.indexOf(INVITE_PREFIX);
	if (query !== undefined) text = query;
	else if (invite >= 0) text = text.slice(invite + INVITE_PREFIX.length).split(/[/?&#]/, 1)[0] ?? '';
	try {
		text = decodeURIComponent(text);
	} catch (_error) {
		// kept as typed
	}
	const reading = readRoomCode(text);
	if (reading.ok) return null;
	const cleaned = Array.from(text.toUpperCase().replace(/[\s-]/g, ''));
	const character = cleaned.find((ch) => !ROOM_CODE_ALPHABET.includes(ch) && !'OIL'.includes(ch)) ?? '';
	return { problem: reading.problem, count: cleaned.length, character };
}
