/**
 * Hidden Illuminati with the secret deal (docs/deck.md, "Hidden Illuminati"): every seat's card once
 * the opening at the end ran (every shuffler's seed in, each step re-run), by seat; null before, or
 * in a game without the masked Illuminati deck. A seat whose card the audit could not open maps to
 * its card shown during the game, else null. Nothing here is known before the game is over.
 */
import type { CardId } from '../engine/index.js';
import { GameReplayer } from '../protocol/index.js';
import { cardAt } from '../protocol/v2/deck/core.js';

export type OpenedIlluminati = Readonly<Record<number, CardId | null>>;

export function openedIlluminati(replayer: unknown): OpenedIlluminati | null {
	const opened = replayer instanceof GameReplayer ? (replayer.core.illuminati?.opened ?? null) : null;
	if (opened === null) return null;
	return Object.fromEntries([...opened].map(([seat, number]) => [seat, number === null ? null : cardAt(number)]));
}
