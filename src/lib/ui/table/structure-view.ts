/**
 * One power structure as grid cells: where each card lies, how it is turned, and the status of
 * each outgoing arrow, all from the engine's geometry (facing, arrowStatus). The UI computes no
 * geometry of its own: it only shifts the engine's coordinates so the grid starts at (0, 0).
 *
 * Cheap on purpose: an unchanged structure returns the previous view object, and an unchanged
 * card keeps its previous cell object, so Svelte's keyed lists skip it.
 */
import { arrowStatus, facing, inSide, outSides, powerIn, type ArrowStatus, type CardId, type GameState, type Placement, type Rotation, type Side } from '$lib/engine/index.js';

export interface ArrowView {
	/** The side in the card's own frame. */
	readonly side: Side;
	/** The world direction it points once the card is turned: 0 north, 1 east, 2 south, 3 west. */
	readonly facing: Side;
	readonly status: ArrowStatus;
}

export interface CellView {
	readonly card: CardId;
	/** Grid position, 0-based from the structure's top-left card. */
	readonly col: number;
	readonly row: number;
	/** The engine's coordinates and rotation (quarter turns clockwise). */
	readonly x: number;
	readonly y: number;
	readonly rot: Rotation;
	readonly master: CardId | null;
	readonly money: number;
	/** Power in this game (the engine's powerIn: printed, +1 for the UFOs with hidden goals). */
	readonly power: number;
	/** World direction of the inward arrow (null for the Illuminati). */
	readonly inFacing: Side | null;
	readonly arrows: readonly ArrowView[];
}

export interface StructureView {
	readonly columns: number;
	readonly rows: number;
	/** Row by row, left to right: the reading and keyboard order. */
	readonly cells: readonly CellView[];
}

type Structure = Readonly<Record<CardId, Placement>>;

export const EMPTY_STRUCTURE: StructureView = { columns: 0, rows: 0, cells: [] };

/** The structure each view was built from, so an unchanged structure reuses its view. */
const sources = new WeakMap<StructureView, Structure>();

function sameArrows(a: readonly ArrowView[], b: readonly ArrowView[]): boolean {
	return a.length === b.length && a.every((arrow, i) => arrow.side === b[i]!.side && arrow.facing === b[i]!.facing && arrow.status === b[i]!.status);
}

function sameCell(a: CellView, b: CellView): boolean {
	return (
		a.col === b.col &&
		a.row === b.row &&
		a.x === b.x &&
		a.y === b.y &&
		a.rot === b.rot &&
		a.master === b.master &&
		a.money === b.money &&
		a.power === b.power &&
		a.inFacing === b.inFacing &&
		sameArrows(a.arrows, b.arrows)
	);
}

export function structureView(state: GameState, structure: Structure, previous?: StructureView): StructureView {
	if (previous !== undefined && sources.get(previous) === structure) return previous;
	const ids = Object.keys(structure);
	if (ids.length === 0) return EMPTY_STRUCTURE;
	let minX = Infinity;
	let minY = Infinity;
	let maxX = -Infinity;
	let maxY = -Infinity;
	for (const id of ids) {
		const { x, y } = structure[id]!;
		minX = Math.min(minX, x);
		minY = Math.min(minY, y);
		maxX = Math.max(maxX, x);
		maxY = Math.max(maxY, y);
	}
	const before = new Map(previous?.cells.map((cell) => [cell.card, cell]));
	const cells = ids.map((card): CellView => {
		const placement = structure[card]!;
		const inward = inSide(card);
		const cell: CellView = {
			card,
			col: placement.x - minX,
			row: placement.y - minY,
			x: placement.x,
			y: placement.y,
			rot: placement.rot,
			master: placement.master,
			money: placement.money,
			power: powerIn(state, card),
			inFacing: inward === null ? null : facing(inward, placement.rot),
			arrows: outSides(card).map((side) => ({ side, facing: facing(side, placement.rot), status: arrowStatus(structure, card, side) })),
		};
		const old = before.get(card);
		return old !== undefined && sameCell(old, cell) ? old : cell;
	});
	cells.sort((a, b) => a.row - b.row || a.col - b.col);
	const view: StructureView = { columns: maxX - minX + 1, rows: maxY - minY + 1, cells };
	sources.set(view, structure);
	return view;
}
