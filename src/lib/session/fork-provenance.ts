/**
 * Whether a fork this device opens continues its parent as it was (docs/protocol.md, "Forks"). A
 * fork entry names its parent game, the entry it forks at and the hash of the parent's accepted
 * ids up to there; the carried section only has to match that hash, which the forker computes.
 * So a device that holds the parent checks the claim against its own copy (forkMatchesParent):
 * before, nothing did, and a fork carrying a move the parent never had replayed as a fork of the
 * parent (found by a red-team pass). A device without the parent, or behind it, cannot tell.
 */
import { forkMatchesParent, GameReplayer } from '../protocol/index.js';
import type { GameSession } from './game-session.js';
import type { SessionReplayer } from './protocol-driver.js';

export interface ForkProvenance {
	readonly parent: string;
	/** The parent's accepted entry the fork goes on from. */
	readonly index: number;
	/** 'unknown': the parent is not on this device, or this device has not reached that entry. */
	readonly verdict: 'matches' | 'differs' | 'unknown';
}

/** The fork this session's game claims to be, once its genesis arrived; null if none (yet). */
export function forkClaim(session: GameSession): { parent: string; index: number; entry: string } | null {
	const replayer = session.replayer;
	if (!(replayer instanceof GameReplayer)) return null;
	const fork = replayer.core.fork;
	const genesis = replayer.accepted[0];
	if (fork === null || genesis === undefined) return null;
	return { parent: fork.parent, index: fork.index, entry: genesis.text };
}

/** The claim checked against the parent's replay `replayParent` finds on this device (read only: MyGames.peekReplay). */
export async function checkFork(session: GameSession, replayParent: (id: string) => Promise<SessionReplayer | null>): Promise<ForkProvenance | null> {
	const claim = forkClaim(session);
	if (claim === null) return null;
	const { parent: id, index } = claim;
	const parent = await replayParent(id).catch(() => null);
	if (parent === null || parent.accepted.length <= index) return { parent: id, index, verdict: 'unknown' };
	return { parent: id, index, verdict: forkMatchesParent(claim.entry, parent) ? 'matches' : 'differs' };
}

/** Checks once the fork's genesis is in (at once for a stored fork, on arrival for a joined one);
 * `done` hears the verdict. Returns the function that stops waiting. */
export function watchFork(session: GameSession, replayParent: (id: string) => Promise<SessionReplayer | null>, done: (provenance: ForkProvenance) => void): () => void {
	let started = false;
	const attempt = () => {
		if (started || forkClaim(session) === null) return;
		started = true;
		void checkFork(session, replayParent).then((provenance) => {
			if (provenance !== null) done(provenance);
		});
	};
	const off = session.subscribe(() => attempt());
	attempt();
	return off;
}
