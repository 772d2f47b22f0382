/**
 * Stepping through a history: positions 0 (before the first entry) to `last` (after the last),
 * moved by the first/previous/next/last buttons, the slider and the keyboard.
 */

export type StepCommand = 'first' | 'previous' | 'next' | 'last' | 'back10' | 'forward10';

/** The position a command leads to, kept within 0..last. */
export function move(position: number, command: StepCommand, last: number): number {
	const target = {
		first: 0,
		previous: position - 1,
		next: position + 1,
		last,
		back10: position - 10,
		forward10: position + 10,
	}[command];
	return clampPosition(target, last);
}

export function clampPosition(position: number, last: number): number {
	if (!Number.isFinite(position)) return last;
	return Math.min(Math.max(Math.round(position), 0), Math.max(last, 0));
}

/** Keys the history view answers (arrows as on a slider; Home/End; Page Up/Down by ten). */
const KEYS: Readonly<Record<string, StepCommand>> = {
	ArrowLeft: 'previous',
	ArrowUp: 'previous',
	ArrowRight: 'next',
	ArrowDown: 'next',
	Home: 'first',
	End: 'last',
	PageUp: 'back10',
	PageDown: 'forward10',
};

export function commandForKey(key: string): StepCommand | null {
	return KEYS[key] ?? null;
}

/** A position from a URL parameter: a number within range, else the end. */
export function positionFromParam(value: string | null, last: number): number {
	if (value === null || !/^\d+$/.test(value)) return last;
	return clampPosition(Number(value), last);
}
