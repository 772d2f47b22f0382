/**
 * The seed a seated bot's choices draw from (its noise, its samples of hidden hands). It derives
 * from the bot's own secret seed, held by its device and sealed to each holder of a box, so a
 * reload or a takeover plays on with the same seed, and a peer without the seed cannot rerun the
 * bot's thinking to predict its next move or test guesses of its hidden cards against its moves:
 *
 *   seed = SHA-256(["fnord-bot-choices", secret, game])
 *
 * (Red team, issue 15: it used to be the game id, which every peer knows.)
 */
import { canonicalJson, sha256Hex } from '../../engine/index.js';

export function choiceSeed(secret: string, game: string): string {
	return sha256Hex(canonicalJson(['fnord-bot-choices', secret, game]));
}
