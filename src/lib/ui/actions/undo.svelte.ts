/**
 * Undo in the game page (session/undo.ts): the live session's desk handed to the turn tools and
 * the request panel through a Svelte context (the game page provides it; the sandbox and previews
 * have none, and show no Undo), with a version that changes whenever an entry is accepted.
 */
import { getContext, setContext } from 'svelte';
import type { Action, GameState, Seat } from '$lib/engine/index.js';
import type { GameSession } from '$lib/session/game-session.js';
import type { UndoDesk } from '$lib/session/undo.js';
import { describePartsLater, loadWords } from '$lib/ui/words/later.svelte.js';
import { getLocale, t } from '$lib/ui/i18n/index.js';

const KEY = Symbol('undo');

export interface UndoSource {
	desk(): UndoDesk | null;
	/** Read it in a derivation to follow the session (it changes with every accepted entry). */
	version(): number;
	/** Undo buttons in the turn tools now on the page (when none, the request panel shows one: a capture to place, a window). */
	readonly inTools: { count: number };
}

/** The game page: the undo desk of the session it plays. */
export function provideUndo(session: () => GameSession | null, version: () => number): void {
	const inTools = $state({ count: 0 });
	setContext<UndoSource>(KEY, { desk: () => session()?.undo ?? null, version, inTools });
	void loadWords(); // for moveWords, once the page runs
}

export function undoContext(): UndoSource | null {
	return getContext<UndoSource | undefined>(KEY) ?? null;
}

/** A move in words, as its player did it ("passes", "attacks …"), for `viewer`'s eyes ("a move" until the log's words are loaded). */
export function moveWords(state: GameState, action: Action | null, viewer: Seat | null): string {
	if (action === null) return t('undo.someMove');
	const done = describePartsLater(state, action, state, getLocale(), { viewer })?.done.join(' ') ?? '';
	return done === '' ? t('undo.someMove') : done;
}
