/**
 * Unbiasable shared randomness (protocol version 2): a Joint-Feldman DKG at game start
 * (Pedersen '91; Gennaro–Jarecki–Krawczyk–Rabin '99) with shares encrypted in the public log and
 * publicly verifiable complaints (Chaum–Pedersen '92), then one Cachin–Kursawe–Shoup threshold
 * coin per random event (PODC 2000 / J. Cryptology 2005). Pure functions over plain data;
 * randomness only from the caller's `random(n)`. See docs in each file.
 */
export { boxKeyPair, type BoxKeyPair } from './keys.js';
export {
	deal,
	dealingProblem,
	groupKey,
	openShare,
	secretShare,
	type Dealing,
	type GroupKey,
	type OpenedShare
} from './dkg.js';
export { complain, judgeComplaint, type Complaint, type Verdict } from './complaint.js';
export { coinShare, combineCoin, verifyCoinShare, COIN_SHARE_BYTES } from './coin.js';
export type { Random } from './group.js';
