/**
 * Rearranging one's structure and the free-form end-of-turn abilities (Basic Rules: Moving a
 * Group; Free Actions: Dropping Groups; About the Illuminati: Bermuda Triangle, Gnomes of Zurich;
 * group ability of Orbital Mind Control Lasers; Special Cards: White Collar Crime). Listed entries
 * are walked one field at a time; the free-form ones start from the engine's example and the
 * engine judges the result.
 */
import type { Alignment, CardId, EditAlignmentAction, LegalAction, MoveAction, PlayerAction, ReorganizeAction, Side } from '$lib/engine/index.js';

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];

type Move = LegalAction & { readonly action: MoveAction };
const moves = (options: readonly LegalAction[]): Move[] => options.filter((legal): legal is Move => legal.action.type === 'move');

export function movableCards(options: readonly LegalAction[]): CardId[] {
	return unique(moves(options).map((legal) => legal.action.card));
}

/** The listed arrows a card may move onto. */
export function moveDestinations(options: readonly LegalAction[], card: CardId | null): MoveAction[] {
	return moves(options)
		.filter((legal) => legal.action.card === card)
		.map((legal) => legal.action);
}

export function droppableCards(options: readonly LegalAction[]): CardId[] {
	return unique(options.flatMap((legal) => (legal.action.type === 'drop' ? [legal.action.card] : [])));
}

type Edit = LegalAction & { readonly action: EditAlignmentAction };
const edits = (options: readonly LegalAction[]): Edit[] => options.filter((legal): legal is Edit => legal.action.type === 'editAlignment');

export function alignmentTargets(options: readonly LegalAction[]): CardId[] {
	return unique(edits(options).map((legal) => legal.action.target));
}

export function alignmentOps(options: readonly LegalAction[], target: CardId | null): EditAlignmentAction['op'][] {
	return unique(
		edits(options)
			.filter((legal) => legal.action.target === target)
			.map((legal) => legal.action.op),
	);
}

export function alignmentValues(options: readonly LegalAction[], target: CardId | null, op: EditAlignmentAction['op'] | null): Alignment[] {
	return unique(
		edits(options)
			.filter((legal) => legal.action.target === target && legal.action.op === op)
			.map((legal) => legal.action.alignment),
	);
}

/** The listed edit for the three fields, or undefined while one is missing. */
export function alignmentEdit(options: readonly LegalAction[], target: CardId | null, op: EditAlignmentAction['op'] | null, alignment: Alignment | null): EditAlignmentAction | undefined {
	return edits(options).find((legal) => legal.action.target === target && legal.action.op === op && legal.action.alignment === alignment)?.action;
}

/** The treasuries of a free-form money entry (Gnomes of Zurich, White Collar Crime). */
export function treasuriesOf(action: PlayerAction): Readonly<Record<CardId, number>> | null {
	if (action.type === 'redistribute') return action.treasuries;
	if (action.type === 'playSpecial' && action.treasuries !== undefined) return action.treasuries;
	return null;
}

/** The sum the engine's example holds: what the new amounts must add up to. */
export function treasuryTotal(treasuries: Readonly<Record<CardId, number>>): number {
	return Object.values(treasuries).reduce((sum, amount) => sum + amount, 0);
}

export function withTreasuries(action: PlayerAction, treasuries: Readonly<Record<CardId, number>>): PlayerAction {
	if (action.type === 'redistribute' || action.type === 'playSpecial') return { ...action, treasuries };
	return action;
}

export type LayoutEntry = ReorganizeAction['layout'][number];

/**
 * The layout in an order the engine can read (each master before its puppets, the Illuminati
 * first): entries whose master is not placed yet wait. Entries that never fit (a loop) are kept at
 * the end, so the engine names the problem.
 */
export function orderLayout(entries: readonly LayoutEntry[], illuminati: CardId): LayoutEntry[] {
	const placed = new Set<CardId>([illuminati]);
	const waiting = [...entries];
	const ordered: LayoutEntry[] = [];
	for (let progress = true; progress && waiting.length > 0; ) {
		progress = false;
		for (let i = 0; i < waiting.length; i++) {
			const entry = waiting[i]!;
			if (!placed.has(entry.master)) continue;
			ordered.push(entry);
			placed.add(entry.card);
			waiting.splice(i, 1);
			i--;
			progress = true;
		}
	}
	return [...ordered, ...waiting];
}

export function reorganizeAction(example: ReorganizeAction, entries: readonly LayoutEntry[], illuminati: CardId): ReorganizeAction {
	return { ...example, layout: orderLayout(entries, illuminati) };
}

/** A layout entry with a new master or side. */
export function editLayout(entries: readonly LayoutEntry[], card: CardId, change: { master?: CardId; side?: Side }): LayoutEntry[] {
	return entries.map((entry) => (entry.card === card ? { ...entry, ...change } : entry));
}
