/**
 * The guest's side of linking by hand: an invitation names its game, so the game is opened (or
 * joined, the first time) on this device, then the invitation is answered through that game's
 * mesh. Loaded lazily by the /link page.
 */
import type { Refusal, Refused, Result } from '../../engine/index.js';
import { readInvitation } from '../../net/handshake/handshake.js';
import { hub } from '../app/hub.svelte.js';
import { problemOf, type LinkProblem } from './advice.js';
import { meshOf } from '../../session/game-transport.js';
import { linkingFor, type GuestLinking } from './linking.svelte.js';

type LinkRefusal = LinkProblem & Refusal<LinkProblem['code']>;

/** The game opened and the guest's linking, or the problem (its `detail` is also the refusal's message). */
export type JoinResult = Result<{ gameId: string; guest: GuestLinking }, LinkProblem['code'], LinkRefusal>;

const refused = (problem: LinkProblem): Refused<LinkProblem['code'], LinkRefusal> => ({ ok: false, error: { ...problem, message: problem.detail } });

/** Opens the invitation's game and starts answering it; bad codes change nothing. */
export async function joinByInvitation(text: string, title: (roomCode: string) => string): Promise<JoinResult> {
	let room: string;
	try {
		room = readInvitation(text).room;
	} catch (error) {
		return refused(problemOf(error));
	}
	try {
		const gameId = await hub.join(room, title);
		const live = gameId === null ? null : await hub.open(gameId);
		if (gameId === null || live === null) return refused({ code: 'wrong-room', detail: room });
		if (live.status === 'local' || live.status === 'offline') live.goOnline();
		const mesh = meshOf(live.link.transport);
		if (mesh === null) return refused({ code: 'unknown', detail: 'no mesh' });
		const guest = linkingFor(mesh).guest;
		void guest.accept(text);
		return { ok: true, gameId, guest };
	} catch (error) {
		return refused(problemOf(error));
	}
}
