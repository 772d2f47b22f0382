/**
 * A computer player's seat claim (docs/protocol.md, "Computer players"): a version-2 `join` whose
 * body also carries `bot`. The seat is held by the bot's own key (derived from a seed of its own,
 * not the device's); `by` names the seat of the player who seated it, and `seeds` hold that seed
 * sealed (protocol/deck/seal.ts, kind "bot", from the bot's seat to each recipient seat) to the box
 * key of every player seated then, so any of them can go on playing the bot. Parsing checks only
 * the shape; what a box holds is the recipients' business.
 *
 * `auth` is seat `by`'s consent: an Ed25519 signature (RFC 8032, @noble/curves via crypto.ts) by the
 * key holding seat `by`, over `botSeatMessage(game, bot key, seat, level)`. The join itself is
 * signed by the bot's key, so the pair binds who seated the bot to this bot, seat and level in this
 * game: nobody else can seat a bot in another player's name, and a copied `auth` fits no other
 * bot key. Every peer checks it when the join takes its place in the order (v2/entry-handlers.ts);
 * a join whose `auth` does not verify against the key that holds seat `by` then is refused as
 * BOT_NOT_AUTHORIZED, its author named.
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson } from '../engine/index.js';
import { isSignature, sign, Verifier } from './crypto.js';

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
	/** Seat `by`'s signature over botSeatMessage(game, bot key, seat, level). */
	readonly auth: string;
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
	if (Object.keys(claim).sort().join() !== 'auth,by,level,seeds') return 'join: bot is { level, by, seeds, auth }';
	if (!LEVELS.includes(claim.level)) return 'join: bot level is easy, normal or hard';
	if (!isIndex(claim.by)) return 'join: bot by must be a seat';
	if (!Array.isArray(claim.seeds) || claim.seeds.length > MAX_BOXES) return `join: bot seeds are at most ${MAX_BOXES} boxes`;
	for (const box of claim.seeds as unknown[]) {
		const b = box as Record<string, unknown> | null;
		if (typeof b !== 'object' || b === null || Object.keys(b).sort().join() !== 'box,seat' || !isIndex(b.seat) || typeof b.box !== 'string' || b.box.length > MAX_BOX_CHARS) return 'join: a bot seed box is { seat, box }';
	}
	if (!isSignature(claim.auth)) return 'join: bot auth must be a signature (64 bytes in base64url)';
	return null;
}

/** What seat `by` signs to seat the bot with public key `botKey` at `seat` at `level` in `game`. */
export function botSeatMessage(game: string, botKey: string, seat: number, level: BotLevelName): Uint8Array {
	return utf8ToBytes(canonicalJson(['fnord-bot-seat', game, botKey, seat, level]));
}

/** Seat `by`'s consent to seat the bot (the `auth` of its claim), signed with that seat's secret key. */
export function botSeatAuth(bySecretKey: Uint8Array, game: string, botKey: string, seat: number, level: BotLevelName): string {
	return sign(bySecretKey, botSeatMessage(game, botKey, seat, level));
}

const verifier = new Verifier();
const checked = new Map<string, boolean>();
const CHECKED_LIMIT = 1_000;

/** Whether `claim.auth` is a signature by `byKey` (the key holding seat `by`) seating bot `botKey` at `seat`. Deterministic; remembered. */
export function botSeatAuthorized(game: string, botKey: string, seat: number, claim: BotClaim, byKey: string): boolean {
	const memo = `${game} ${botKey} ${seat} ${claim.level} ${byKey} ${claim.auth}`;
	let verdict = checked.get(memo);
	if (verdict === undefined) {
		if (checked.size >= CHECKED_LIMIT) checked.clear();
		verdict = verifier.verifySync(byKey, claim.auth, botSeatMessage(game, botKey, seat, claim.level));
		checked.set(memo, verdict);
	}
	return verdict;
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
