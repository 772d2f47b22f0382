/**
 * Signing a seat's move for GameSession.act: on a secret deck the hidden cards it names are shown
 * first, then the action is checked by one engine step and appended.
 */
import { step, type GameState, type PlayerAction, type Seat } from '../engine/index.js';
import { hiddenOf, isSecretDeck } from '../engine/hidden.js';
import { cardsToShow, viewFor, type Knowledge } from '../engine/knowledge.js';
import { GameReplayer, parseEntry, type ProtocolRejection } from '../protocol/index.js';
import { sessionRefused, type ActResult } from './refusal.js';
import type { GameSession } from './game-session.js';
import { seatBox, unsealOwn } from './sealed-offers.js';

/** Appends an entry (or several) and replays it: the id of the last one. */
export type Append = (entry: string | readonly string[]) => string;

/** The answer for the entry `id` just appended: its id, or the refusal the replay gave it. */
export function appended(rejections: readonly ProtocolRejection[], id: string): ActResult {
	const refused = rejections.find((r) => r.id === id);
	return refused ? sessionRefused(refused.code, refused.message) : { ok: true, id };
}

/**
 * Secret deck: the hidden cards an action names are shown to all, with proofs, before it is
 * signed, and only when the action is legal as this seat knows the game (no card is shown for
 * a move the rules would refuse). A card this device cannot show leaves the engine's refusal.
 */
export function showFirst(session: GameSession, append: Append, state: GameState, seat: Seat, action: PlayerAction): ActResult | null {
	const knowledge = session.knowledge(seat);
	const named = unsealed(session, state, seat, action, knowledge);
	const toShow = cardsToShow(state, seat, named, knowledge);
	if (toShow.length === 0) return null;
	const legal = step(viewFor(state, seat, knowledge), named);
	if (!legal.ok) return sessionRefused(legal.error.code, legal.error.message);
	for (const { position } of toShow) {
		const entry = session.protocol.showEntry(seat, position);
		if (entry === null) return null;
		const id = append(entry);
		const refused = session.rejections.find((r) => r.id === id);
		if (refused) return sessionRefused(refused.code, refused.message);
	}
	return null;
}

/**
 * What an action names: a private offer this device sealed names no card in its entry, so its
 * terms are read back from the maker's box. The hidden Specials it gives are then shown before it
 * is posted, as the exchange, made in the open when it is accepted, needs them in the maker's hand.
 * Read only when the seat holds hidden cards this device knows.
 */
function unsealed(session: GameSession, state: GameState, seat: Seat, action: PlayerAction, knowledge: Knowledge): PlayerAction {
	if (action.type !== 'offer' || action.commitment === undefined || !isSecretDeck(state)) return action;
	if (!hiddenOf(state.players[seat]!).some((position) => knowledge[position] !== undefined)) return action;
	const box = seatBox(session.seed, session.gameId, seat);
	return unsealOwn({ game: session.gameId, made: action, secret: box.secret, boxKey: box.publicKey, players: state.players.length }) ?? action;
}

/** Signs and appends `action` after one engine step on the session's state (its replay reuses the step). */
export function postAction(session: GameSession, append: Append, action: PlayerAction): ActResult {
	const state = session.state!;
	// One step: the replay of the entry reuses this result (the same state in, the same state out).
	const checked = step(state, action);
	if (!checked.ok) return sessionRefused(checked.error.code, checked.error.message);
	const entry = session.protocol.entry('action', action);
	const parsed = parseEntry(entry);
	const replayer = session.replayer;
	if (parsed.ok && replayer instanceof GameReplayer) replayer.expectStep(parsed.id, state, checked.state);
	return appended(session.rejections, append(entry));
}
