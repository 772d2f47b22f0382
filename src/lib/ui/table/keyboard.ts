/**
 * Arrow keys between cards: in a power structure to the nearest card that way on the grid, in a
 * list to the previous or next card. Tab still reaches every card; this only saves key presses.
 */

const STEP: Readonly<Record<string, readonly [number, number]>> = {
	ArrowUp: [0, -1],
	ArrowRight: [1, 0],
	ArrowDown: [0, 1],
	ArrowLeft: [-1, 0],
};

export interface GridSpot {
	readonly col: number;
	readonly row: number;
}

/** The spot nearest `from` in the arrow's direction (straight ahead first), or null. */
export function nextSpot<T extends GridSpot>(spots: readonly T[], from: GridSpot, key: string): T | null {
	const step = STEP[key];
	if (step === undefined) return null;
	const [dx, dy] = step;
	let best: T | null = null;
	let bestScore = Infinity;
	for (const spot of spots) {
		const ahead = (spot.col - from.col) * dx + (spot.row - from.row) * dy;
		if (ahead <= 0) continue;
		const aside = Math.abs((spot.col - from.col) * dy) + Math.abs((spot.row - from.row) * dx);
		const score = ahead + 2 * aside;
		if (score < bestScore) [best, bestScore] = [spot, score];
	}
	return best;
}

/** Moves focus between the card buttons inside `container` (each carrying data-col/data-row). */
export function moveFocusInGrid(event: KeyboardEvent, container: HTMLElement): void {
	const current = (event.target as HTMLElement).closest<HTMLElement>('[data-col]');
	if (current === null || STEP[event.key] === undefined) return;
	const spots = [...container.querySelectorAll<HTMLElement>('[data-col]')].map((element) => ({
		element,
		col: Number(element.dataset.col),
		row: Number(element.dataset.row),
	}));
	const next = nextSpot(spots, { col: Number(current.dataset.col), row: Number(current.dataset.row) }, event.key);
	if (next === null) return;
	event.preventDefault();
	next.element.querySelector<HTMLElement>('button')?.focus();
}

/** Left and right (and up and down) step through the cards of a list in order. */
export function moveFocusInList(event: KeyboardEvent, container: HTMLElement): void {
	const delta = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
	if (delta === 0) return;
	const buttons = [...container.querySelectorAll<HTMLElement>('button')];
	const index = buttons.indexOf(event.target as HTMLElement);
	const next = buttons[index + delta];
	if (index < 0 || next === undefined) return;
	event.preventDefault();
	next.focus();
}
