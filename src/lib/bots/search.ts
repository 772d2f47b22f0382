/**
 * Hard: playouts for the best candidates (placeholder).
 */
import type { GameState } from '../engine/index.js';
import type { Thinking } from './thinking.js';
import type { Scored } from './turn.js';

export function refineByPlayouts(_thinking: Thinking, _state: GameState, scored: Scored[]): Scored[] {
	return scored;
}
