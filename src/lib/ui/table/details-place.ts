/**
 * Where a card's details go: next to the card (below it, else above it), inside the table's own
 * box, so they never cover what lies outside the table — the action panel's attack buttons, the
 * log. Pure arithmetic on rectangles in viewport coordinates; the answer is relative to the table.
 */

export interface Box {
	readonly top: number;
	readonly left: number;
	readonly width: number;
	readonly height: number;
}

export interface Placement {
	/** From the table's top-left corner. */
	readonly top: number;
	readonly left: number;
	/** The details' width (never wider than the table). */
	readonly width: number;
}

const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(value, Math.max(low, high)));

/**
 * `card` and `table` as getBoundingClientRect gives them; `size`: the details' natural size;
 * `viewportHeight`: innerHeight. Below the card if it fits in the table and on screen, else above
 * it, else wherever it fits in the table (covering the card only when the table is too short).
 */
export function placeDetails(card: Box, table: Box, size: { width: number; height: number }, viewportHeight: number, gap = 6): Placement {
	const width = Math.min(size.width, table.width);
	const left = clamp(card.left - table.left, 0, table.width - width);
	const below = card.top + card.height - table.top + gap;
	const above = card.top - table.top - gap - size.height;
	const inTable = (top: number) => top >= 0 && top + size.height <= table.height;
	const onScreen = (top: number) => table.top + top >= 0 && table.top + top + size.height <= viewportHeight;
	const candidates = [below, above];
	const top =
		candidates.find((t) => inTable(t) && onScreen(t)) ?? candidates.find(inTable) ?? clamp(below, 0, table.height - size.height);
	return { top, left, width };
}
