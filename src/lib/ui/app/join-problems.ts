/**
 * Why a room code typed or followed is refused, in words: a typo the check character caught, a
 * character missing or too many, a character no code has. Said before anything is made.
 */
import { t } from '$lib/ui/i18n/index.js';
import { roomCodeProblem } from './links.js';
import { ROOM_CODE_LENGTH } from '../../session/for-ui.js';

/** `fallback`: the message when there is no code at all (a link without one). */
export function codeProblemText(input: string, fallback = 'home.join.bad'): string {
	const found = roomCodeProblem(input);
	if (found === null || (found.problem === 'empty' && fallback !== 'home.join.bad')) return t(fallback);
	return t(`home.join.problem.${found.problem}`, { count: found.count, length: ROOM_CODE_LENGTH, character: found.character });
}
