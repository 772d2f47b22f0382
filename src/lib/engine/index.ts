/**
 * Fnord's rules engine: the classic Illuminati rules as a pure, deterministic function of a log.
 * It imports nothing outside this folder: no UI, network, clock or platform randomness.
 */
export type * from './actions.js';
export type * from './types.js';
export { DEFAULT_RULES, LOG_BASE_RULES, NEW_GAME_RULES } from './types.js';
export * from './errors.js';
export * from './result.js';
export { step } from './step.js';
export { legalActions, seatsToAct, type LegalAction } from './legal.js';
export { attackOdds, attackModifiers, alignmentsOf, powerIn, successOutcomes, type AttackOdds, type AttackQuery, type Modifier } from './odds.js';
export { replay, Replayer, type Rejection, type ReplayResult } from './replay.js';
export { stateHash, canonicalJson, sha256Hex } from './hash.js';
export { initialState, withDefaults, goalCommitment, optionsProblem } from './setup.js';
export { parseLog, parseLogText, makeLog, LOG_FORMAT, LOG_VERSION, type GameLog, type ParsedLog } from './log.js';
export { actionShapeProblem, ACTION_TYPES } from './schema.js';
export { arrowStatus, openArrows, depth, positionBonus, facing, inSide, outSides, type ArrowStatus } from './structure.js';
export { basicGoal, hasSecretGoal, hasWon, knownGoal, meetsSpecialGoal, winnersNow } from './victory.js';
export { ByteStream, isValidSeed } from './random.js';
export { ownerOf, totalMoney } from './state.js';
export { waitingCards } from './placement.js';
export { windowSeats } from './window-state.js';
export { standInAwaited } from './absence.js';
export { chainOutcome, visibleGrants } from './specials.js';
export { isPrivileged, spendingSeats } from './privilege.js';
export { answeredOffer, DEAL_ACTIONS, MAX_OPEN_OFFERS, offerDigest, openOffers, privilegedAttackUnderWay, visibleOffers } from './deals.js';
export { anySpecialsOf, choicesFor, MAX_ANY_SPECIALS } from './offer-choice.js';
