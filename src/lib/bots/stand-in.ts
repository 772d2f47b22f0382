/**
 * The stand-in (rule option absence 'bot', docs/bots.md "Absence"): what a bot plays for a seat
 * voted absent. Every peer computes it again to check a stand-in entry, so it is a pure function
 * of the state, the seat and a seed every peer derives from the state (protocol/v2/stand-in.ts):
 * a fresh bot for each decision (no memory between decisions), no clock, only the level's entry
 * budget, and only what everyone may know of the seat:
 *
 * - the seat is shown present, so `legalActions` lists its options (the engine takes them while
 *   `standInAwaited`);
 * - with the secret deck its hidden Specials are unknown to the table: the view drops them, so the
 *   stand-in never plays them (other seats' are sampled as for any bot, from public facts);
 * - offers it made or received are left out: a stand-in makes, accepts and answers no deal (a
 *   peer that could compute its answer could search for an offer it accepts against its interest).
 *
 * Determinism across machines: bots use only +, −, ×, ÷, comparisons, Math.min/max/abs/floor (no
 * transcendental functions, no clock), all exact under IEEE 754 on every JavaScript engine. Peers
 * must run the same bot code: a stand-in computed by another version is refused as a mismatch.
 */
import { legalActions, standInAwaited, type GameState, type PlayerAction, type Seat } from '../engine/index.js';
import { createBot } from './bot.js';
import type { Level } from './levels.js';

/** The stand-in's level: the easy bot, whose decision every peer recomputes at little cost. */
export const STAND_IN_LEVEL: Level = 'easy';
/** Engine entries per decision (the easy level's own budget); fixed so every peer agrees. */
export const STAND_IN_NODE_BUDGET = 1_500;

/** Entries a stand-in never makes: deals, gifts, leaving, votes, coming back for the player, and
 * (Hidden Illuminati) statements, accusations and revealing the seat's card: it does not know the
 * seat's face-down card, a false statement would be held against the player at the end, and
 * turning the card face up is the player's choice. */
const NEVER: ReadonlySet<string> = new Set(['offer', 'acceptOffer', 'declineOffer', 'withdrawOffer', 'give', 'leave', 'declareAbsent', 'returnPresent', 'callOff', 'viewSpecials', 'stateIlluminati', 'accuse', 'denyAccusation', 'revealIlluminati']);

/** The state as the stand-in may see it: the seat present, its hidden cards and its deals left out. */
export function standInView(state: GameState, seat: Seat): GameState {
	const players = state.players.map((player) => (player.seat !== seat ? player : { ...player, absent: false, ...(player.hidden === undefined ? {} : { hidden: [] }) }));
	const offers = state.offers.filter((offer) => offer.from !== seat && offer.to !== seat);
	return { ...state, players, offers };
}

/** The plainest entry that keeps the game going for the seat (when the bot offers nothing usable). */
function plainEntry(view: GameState, seat: Seat): PlayerAction | null {
	const options = legalActions(view, seat).map((legal) => legal.action);
	const order = ['passSpending', 'passTurn', 'endActions', 'endTurn'];
	for (const type of order) {
		const found = options.find((action) => action.type === type);
		if (found !== undefined) return found;
	}
	return null;
}

/**
 * What the stand-in plays for absent `seat` in `state`, or null when the game does not wait on its
 * stand-in. The same state, seat and seed give the same entry on every peer.
 */
export function standInChoice(state: GameState, seat: Seat, seed: string): PlayerAction | null {
	if (!standInAwaited(state, seat)) return null;
	const view = standInView(state, seat);
	const bot = createBot({ level: STAND_IN_LEVEL, seed, nodeBudget: STAND_IN_NODE_BUDGET, tune: { offersPerTurn: 0 } });
	const chosen = bot.decide(view, seat);
	if (chosen !== null && !NEVER.has(chosen.type) && chosen.seat === seat) return chosen;
	return plainEntry(view, seat);
}
