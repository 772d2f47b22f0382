/**
 * The cryptographic deck (issue 13, "a deck no one can read"; protocol version 2), wired into
 * games with the engine option secretDeck by ../v2/deck/. Mental poker after Barnett–Smart ("Mental poker revisited", 2003):
 * ElGamal masking under the DKG group key of ../coin (cards.ts, masking.ts), a re-mask-and-permute
 * shuffle by every seat with an audit of revealed seeds at game end instead of shuffle proofs
 * (shuffle.ts), threshold partial decryptions with Chaum–Pedersen proofs (partial.ts) sealed to
 * the drawer (seal.ts, sealed.ts) with publicly verifiable complaints (complaint.ts), and reveals
 * with proofs. Pure functions over plain data; randomness only from the caller's `random(n)` or
 * seeds. Bad input gives a typed error (errors.ts), never an exception. See docs/deck.md.
 */
export { type DeckError, type DeckErrorCode, type Result } from './errors.js';
export { cardOf, cardPoint, isCardNumber, MAX_CARDS } from './cards.js';
export { encodeMasked, maskCard, MASKED_CARD_CHARS, openDeck, parseDeck, parseMasked, type Masked, type MaskedCard } from './masking.js';
export {
	auditShuffle,
	auditShuffles,
	checkShuffle,
	SEED_BYTES,
	shuffle,
	shuffleCommitment,
	shufflePermutation,
	type RevealedStep,
	type ShuffleStep
} from './shuffle.js';
export { combine, partialDecryption, PARTIAL_BYTES, verifyPartial, verifyReveal, type PartialDecryption } from './partial.js';
export { parseSeal, type Seal, type SealKind } from './seal.js';
export { openReveal, openSealed, revealTo, sealPartial, type ContentCheck } from './sealed.js';
export { complainSeal, judgeSealComplaint, openedByComplaint, type SealComplaint, type SealVerdict } from './complaint.js';
