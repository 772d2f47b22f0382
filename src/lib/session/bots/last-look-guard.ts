/**
 * A bot never gives a maker that took a last look at its seat (session/last-look.ts) a second
 * look: an acceptance of that maker's offer whose pick names a card the table has not seen (its
 * session would show it first, session/moves.ts) becomes the seat's decline. A pick of cards
 * already shown, and every other maker's offer, go as the bot chose. So a hostile maker reads at
 * most one of an honest bot's hidden cards this way.
 */
import type { PlayerAction, Seat } from '../../engine/index.js';
import { lastLookers } from '../last-look.js';
import type { DrivenSession } from './driver.js';

/** `action` as the bot chose it, or the seat's decline of a last-looker's offer it would show a hidden card for (null: none listed). */
export function guardPick(session: DrivenSession, seat: Seat, action: PlayerAction | null): PlayerAction | null {
	if (action?.type !== 'acceptOffer' || (action.chosen?.length ?? 0) === 0) return action;
	const state = session.state;
	const offer = state?.offers.find((o) => o.id === action.offer);
	if (state === null || offer === undefined) return action;
	const shown = state.players[seat]?.hand ?? [];
	if (action.chosen!.every((card) => shown.includes(card))) return action;
	if (!lastLookers(session, seat).has(offer.from)) return action;
	return session.legal(seat).find((option) => option.action.type === 'declineOffer' && option.action.offer === offer.id)?.action ?? null;
}
