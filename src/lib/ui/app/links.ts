/**
 * The app's addresses: a game is /game?id=<game id>, an invitation is /join?room=<room code>
 * (query parameters, because the static build prerenders no dynamic paths). The lab's older
 * "#/join/<code>" links and bare codes are understood too.
 */
import { parseInvite, parseRoomCode } from '../../net/room.js';

export function gamePath(gameId: string): string {
	return `/game?id=${encodeURIComponent(gameId)}`;
}

export function joinPath(roomCode: string): string {
	return `/join?room=${encodeURIComponent(roomCode)}`;
}

/** The share link of a room, on this app's origin. */
export function joinLink(origin: string, roomCode: string): string {
	return origin.replace(/\/+$/, '') + joinPath(roomCode);
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
