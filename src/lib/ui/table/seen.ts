/**
 * The state as the seats shown on this device may know it, under the secret deck (issue 13;
 * docs/deck.md; engine/knowledge.ts). Each shown seat's own hidden Specials that its device opened
 * become ordinary cards in its hand (viewFor), and what Computer Espionage showed it of another
 * hand (the cards sealed to it, a `tell`) is added to its grant. Every other hidden card stays a
 * position: the table shows it face down, counted. Without the secret deck the state is returned
 * as it is. Pure: the table, the action panel and the Specials hand all read this one view.
 */
import type { GameState, Grant, Seat } from '$lib/engine/index.js';
import { viewFor, type Knowledge } from '$lib/engine/knowledge.js';

/** This device's knowledge, by seat it holds (LiveGame.knowledge). */
export type SeatKnowledge = Readonly<Record<number, Knowledge>>;

/** `seats`: the seats whose secrets are shown now (the hand privacy's viewer). */
export function seenBy(state: GameState, seats: readonly Seat[], knowledge: SeatKnowledge): GameState {
	if (state.options.secretDeck !== true) return state;
	let view = state;
	for (const seat of seats) view = viewFor(view, seat, knowledge[seat] ?? {});
	if (!view.grants.some((grant) => seats.includes(grant.viewer) && grant.subject.kind === 'hand' && (grant.subject.positions?.length ?? 0) > 0)) return view;
	return { ...view, grants: view.grants.map((grant) => (seats.includes(grant.viewer) ? toldGrant(grant, knowledge[grant.viewer] ?? {}) : grant)) };
}

/** A hand grant with the hidden cards the spy's device opened from their seals (the others stay unnamed). */
function toldGrant(grant: Grant, knowledge: Knowledge): Grant {
	const subject = grant.subject;
	if (subject.kind !== 'hand' || subject.positions === undefined || subject.positions.length === 0) return grant;
	const told = subject.positions.flatMap((position) => (knowledge[position] === undefined ? [] : [knowledge[position]]));
	const unknown = subject.positions.filter((position) => knowledge[position] === undefined);
	return { ...grant, subject: { ...subject, cards: [...subject.cards, ...told], positions: unknown } };
}
