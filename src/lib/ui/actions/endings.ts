/**
 * The buttons that end the actions or the turn: what each looks like and when one asks first.
 * "Done with actions" goes on to the free transfers; "End the turn" ends it. Either one, pressed
 * while actions are left, gives those actions up, so it asks for a confirmation first (the engine
 * allows it either way: this is the player's safety, not a rule).
 */
import type { PlayerAction, TurnState } from '$lib/engine/index.js';

export type Ending = Extract<PlayerAction['type'], 'recycle' | 'passTurn' | 'endActions' | 'endTurn'>;

export const ENDINGS: readonly Ending[] = ['recycle', 'passTurn', 'endActions', 'endTurn'];

/** How an ending is drawn: the turn's end is the one filled button; going on to transfers is an outlined step. */
export function endingLook(type: Ending): 'finish' | 'next-step' | 'plain' {
	if (type === 'endTurn') return 'finish';
	if (type === 'endActions') return 'next-step';
	return 'plain';
}

/** The actions this ending would give up (a confirmation names them), or 0: no need to ask. */
export function actionsGivenUp(turn: Pick<TurnState, 'step' | 'actionsLeft'> | null, type: PlayerAction['type']): number {
	if (turn === null || turn.step !== 'actions') return 0;
	return type === 'endActions' || type === 'endTurn' ? turn.actionsLeft : 0;
}
