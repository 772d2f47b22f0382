/** How a connection stage is shown: a message key and a symbol, so colour is never the only signal. */
import type { Stage } from './lobby.js';

export const STAGE_SYMBOL: Readonly<Record<Stage, string>> = {
	local: '⌂',
	offline: '○',
	searching: '◌',
	waiting: '◐',
	catchingUp: '◐',
	ready: '●'
};

export function stageKey(stage: Stage): string {
	return `game.stage.${stage}`;
}
