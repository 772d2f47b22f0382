/**
 * A computer player's seat claim (docs/protocol.md, "Computer players"): a version-2 `join` whose
 * body also carries `bot`. The seat is held by the bot's own key (derived from a seed of its own,
 * not the device's); `by` names the seat of the player who seated it, and `seeds` hold that seed
 * sealed (protocol/deck/seal.ts, kind "bot", from the bot's seat to each recipient seat) to the box
 * key of every player seated then, so any of them can go on playing the bot. Parsing checks only
 * the shape; what a box holds is the recipients' business.
 */
export type BotLevelName = 'easy' | 'normal' | 'hard';

export interface BotSeedBox {
	readonly seat: number;
	readonly box: string;
}

export interface BotClaim {
	readonly level: BotLevelName;
	/** The seat of the player whose device seated the bot. */
	readonly by: number;
	readonly seeds: readonly BotSeedBox[];
}

const LEVELS: readonly unknown[] = ['easy', 'normal', 'hard'];
/** Most boxes one claim carries (eight seats at most). */
const MAX_BOXES = 8;
/** A box is a sealed 32-byte seed: far less than this. */
const MAX_BOX_CHARS = 512;

const isIndex = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

export function botClaimProblem(value: unknown): string | null {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'join: bot must be an object';
	const claim = value as Record<string, unknown>;
	if (Object.keys(claim).sort().join() !== 'by,level,seeds') return 'join: bot is { level, by, seeds }';
	if (!LEVELS.includes(claim.level)) return 'join: bot level is easy, normal or hard';
	if (!isIndex(claim.by)) return 'join: bot by must be a seat';
	if (!Array.isArray(claim.seeds) || claim.seeds.length > MAX_BOXES) return `join: bot seeds are at most ${MAX_BOXES} boxes`;
	for (const box of claim.seeds as unknown[]) {
		const b = box as Record<string, unknown> | null;
		if (typeof b !== 'object' || b === null || Object.keys(b).sort().join() !== 'box,seat' || !isIndex(b.seat) || typeof b.box !== 'string' || b.box.length > MAX_BOX_CHARS) return 'join: a bot seed box is { seat, box }';
	}
	return null;
}

/**
 * A takeover claim (docs/protocol.md, "Computer players"): a `botDrive` entry, signed by the
 * claimant's own seat key, says that seat `seat` goes on driving bot `bot` from `after`: the id of
 * the bot's latest entry, or of the drive claim that won after it, as the claimant saw them. The
 * protocol checks only that the author holds `seat` (a claim changes no state); which claim wins is
 * read from the replay order by every device alike (session/bots/drive-claims.ts): among the claims
 * naming the same `after`, the first in the order.
 */
export interface BotDriveBody {
	readonly seat: number;
	readonly bot: number;
	readonly after: string;
}
