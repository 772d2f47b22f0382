/**
 * A seated computer player's seed boxes (protocol/bot-claim.ts): the seating player seals the
 * bot's seed to each other seat, and nothing in the log can prove a box holds it. Each holder's
 * device checks its own: a box that does not open, or opens to a seed whose key is not the bot's
 * (a hostile seating player's decoy), or whose box key is not the bot's (its join's `box` then holds
 * another secret: nothing sealed to the bot would open), means this device can never take the bot over.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Seat } from '../../engine/index.js';
import { GameReplayer } from '../../protocol/index.js';
import type { BotClaim } from '../../protocol/bot-claim.js';
import { boxKeyPair } from '../../protocol/coin/keys.js';
import { openSealBytes } from '../../protocol/deck/seal.js';
import type { GameSession } from '../game-session.js';
import { boxSecret, gameIdentity } from '../keys.js';

/** Whether `session`'s box for holder seat `holder` opens to the seed of the bot at `seat`. */
export function seedBoxOpens(session: GameSession, seat: Seat, claim: BotClaim, holder: Seat): boolean {
	const box = claim.seeds.find((b) => b.seat === holder);
	const replayer = session.replayer;
	const holderBox = replayer instanceof GameReplayer ? replayer.core.seats[holder]?.box : undefined;
	if (box === undefined || holderBox === undefined) return false;
	const opened = openSealBytes({ game: session.gameId, seal: { kind: 'bot', from: seat, to: holder, position: 0, box: box.box }, boxSecret: boxKeyPair(boxSecret(session.seed, session.gameId, holder)).secret, boxKey: holderBox });
	if (!opened.ok || opened.value.plaintext.length !== 32) return false;
	const seed = bytesToHex(opened.value.plaintext);
	// The seed must give both of the bot's keys: its signing key and the box key its join names (red
	// team, session 16: a join whose box key was another secret's passed the first check, and a holder
	// that took the bot over could open nothing sealed to it, its coin share included: the game stopped).
	const botBox = replayer instanceof GameReplayer ? replayer.core.seats[seat]?.box : undefined;
	return gameIdentity(seed, session.gameId).publicKey === session.seats[seat] && boxKeyPair(boxSecret(seed, session.gameId, seat)).publicKey === botBox;
}
