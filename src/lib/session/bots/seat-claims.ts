/**
 * The seated bots of a version-2 game, read from the log: each accepted join that carries a bot claim.
 */
import { GameReplayer } from '../../protocol/index.js';
import type { BotClaim } from '../../protocol/bot-claim.js';
import type { Seat } from '../../engine/index.js';
import type { GameSession } from '../game-session.js';

/**
 * The accepted bot claims of a version-2 game: seat, claim (the seat still held by the claim's author).
 * Accepted means seat `by` signed the claim's `auth` (every peer refuses it otherwise: bot-claim.ts),
 * so `by` names who seated the bot.
 */
export function readClaims(session: GameSession): { seat: Seat; claim: BotClaim }[] {
	const replayer = session.replayer;
	if (!(replayer instanceof GameReplayer)) return [];
	const out: { seat: Seat; claim: BotClaim }[] = [];
	for (const entry of replayer.accepted) {
		if (entry.kind !== 'join') continue;
		const parsed = JSON.parse(entry.text) as { author: string; body: { seat: number; bot?: BotClaim } };
		if (parsed.body.bot === undefined || session.seats[parsed.body.seat] !== parsed.author) continue;
		out.push({ seat: parsed.body.seat, claim: parsed.body.bot });
	}
	return out;
}
