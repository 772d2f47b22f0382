/**
 * A seat claim in presence, signed (docs/protocol.md, "Presence"). Awareness states are
 * unauthenticated: any peer may publish one naming another's key, or copy another's. A claim
 * therefore counts only with an Ed25519 signature (RFC 8032, protocol/crypto.ts: the key that
 * signs the device's log entries, so the log's seat → key map says which seat it proves) over
 * a domain-separated message binding the game id, the key, the claimant's awareness client id
 * and the signer's clock time `at`:
 *
 *   "fnord-presence-claim-v1" 0x00 JSON([game, key, clientID, at])
 *
 * (No log entry, chat message, bot consent or mesh message starts with these bytes, so a claim
 * signature is never valid as any of those, nor theirs as a claim.) A claim copied into another
 * client's state does not verify there (the client id differs); one copied into another game does
 * not either. Replayed under the claimant's own client id after it left, a claim counts until it
 * is CLAIM_FRESH_MS old by the reader's clock: the honest device signs again every
 * CLAIM_REFRESH_MS. A claim dated more than CLAIM_AHEAD_MS ahead of the reader's clock is refused
 * too (else a device could sign one far in the future and let it be replayed for long). A reader
 * whose clock is more than CLAIM_AHEAD_MS behind the signer's, or more than
 * CLAIM_FRESH_MS − CLAIM_REFRESH_MS ahead, sees its claims as unverified (shown, never counted).
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { isPublicKey, isSignature, sign, Verifier, type Identity } from '../protocol/index.js';

/** A claim counts this long after it was signed (ms, by the reader's clock). */
export const CLAIM_FRESH_MS = 60_000;
/** A claim dated this far ahead of the reader's clock still counts (ms): clocks differ a little. */
export const CLAIM_AHEAD_MS = 30_000;
/** A device signs its claim again this often (ms), well within CLAIM_FRESH_MS. */
export const CLAIM_REFRESH_MS = 15_000;

/** The signature part of a seat claim, as it travels in the awareness state. */
export interface ClaimProof {
	/** The signer's clock when it signed (ms since 1970). */
	readonly at: number;
	/** Ed25519 signature, base64url. */
	readonly sig: string;
}

/** What a device needs to sign its claim: the game and its key in that game. */
export interface ClaimSigner {
	readonly game: string;
	readonly identity: Identity;
	/** ms since 1970 (the app: Date.now). */
	readonly now: () => number;
}

/** What a reader checks claims against: the game and its own clock. */
export interface ClaimCheck {
	readonly game: string;
	/** ms since 1970, now. */
	readonly now: number;
}

function claimBytes(game: string, key: string, clientID: number, at: number): Uint8Array {
	return utf8ToBytes(`fnord-presence-claim-v1\u0000${JSON.stringify([game, key, clientID, at])}`);
}

/** Signs this device's claim to its key for awareness client `clientID`. */
export function signClaim(signer: ClaimSigner, clientID: number): ClaimProof {
	const at = Math.floor(signer.now());
	return { at, sig: sign(signer.identity.secretKey, claimBytes(signer.game, signer.identity.publicKey, clientID, at)) };
}

const verifier = new Verifier();
/**
 * Signature verdicts already reached (a reader lists presence often; the same claim is checked
 * once, about 1 ms). Bounded: a peer publishing more well-formed junk claims than this under as
 * many client ids makes every listing check them again (docs/protocol.md, "Presence claims").
 */
const verdicts = new Map<string, boolean>();
const MAX_VERDICTS = 4096;

function signatureHolds(game: string, key: string, clientID: number, proof: ClaimProof): boolean {
	const id = JSON.stringify([game, key, clientID, proof.at, proof.sig]);
	let verdict = verdicts.get(id);
	if (verdict === undefined) {
		verdict = verifier.verifySync(key, proof.sig, claimBytes(game, key, clientID, proof.at));
		if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
		verdicts.set(id, verdict);
	}
	return verdict;
}

/** The proof a peer sent, if it is shaped as one (anything else: null). */
export function readProof(value: unknown): ClaimProof | null {
	if (typeof value !== 'object' || value === null) return null;
	const { at, sig } = value as Record<string, unknown>;
	if (!Number.isSafeInteger(at) || (at as number) < 0 || !isSignature(sig)) return null;
	return { at: at as number, sig };
}

/**
 * Whether awareness client `clientID` proves it holds `key` in this game now: a signature by
 * `key` over (game, key, clientID, at), `at` neither older than CLAIM_FRESH_MS nor more than
 * CLAIM_AHEAD_MS ahead of the reader's clock.
 */
export function claimHolds(check: ClaimCheck, key: string, clientID: number, proof: unknown): boolean {
	const read = readProof(proof);
	if (read === null || !isPublicKey(key)) return false;
	const age = check.now - read.at;
	if (age > CLAIM_FRESH_MS || age < -CLAIM_AHEAD_MS) return false;
	return signatureHolds(check.game, key, clientID, read);
}
