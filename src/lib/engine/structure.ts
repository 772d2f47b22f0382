/**
 * The power structure is spatial (Basic Rules: Attack to Control, Moving a Group; Strategy: The
 * Power Structure, Figure 5). Each card sits in a grid cell, turned so that its inward arrow meets
 * its master's outgoing arrow. An outgoing arrow is used when a puppet hangs on it, blocked when
 * another card fills the cell it points to, and open otherwise. Only an open arrow can control.
 */
import { cardData } from './cards/index.js';
import type { CardId, Placement, Rotation, Side } from './types.js';

type Structure = Readonly<Record<CardId, Placement>>;

/** World directions share the side numbering: 0 north, 1 east, 2 south, 3 west. */
const DX = [0, 1, 0, -1] as const;
const DY = [-1, 0, 1, 0] as const;

export type ArrowStatus = 'open' | 'used' | 'blocked';

export function outSides(card: CardId): readonly Side[] {
	const data = cardData(card);
	if (data === undefined || data.kind === 'special') return [];
	return data.arrows.out;
}

export function inSide(card: CardId): Side | null {
	const data = cardData(card);
	return data !== undefined && data.kind === 'group' ? data.arrows.in : null;
}

/** The world direction a card-frame side faces once the card is turned by `rot`. */
export function facing(side: Side, rot: Rotation): Side {
	return ((side + rot) % 4) as Side;
}

/** The cell an arrow of a placed card points at. */
export function arrowCell(placement: Placement, side: Side): { x: number; y: number } {
	const direction = facing(side, placement.rot);
	return { x: placement.x + DX[direction], y: placement.y + DY[direction] };
}

export function occupantAt(structure: Structure, x: number, y: number): CardId | null {
	for (const id in structure) {
		const placement = structure[id]!;
		if (placement.x === x && placement.y === y) return id;
	}
	return null;
}

export function arrowStatus(structure: Structure, card: CardId, side: Side): ArrowStatus {
	const placement = structure[card];
	if (placement === undefined) return 'blocked';
	const cell = arrowCell(placement, side);
	const occupant = occupantAt(structure, cell.x, cell.y);
	if (occupant === null) return 'open';
	const other = structure[occupant]!;
	return other.master === card && other.side === side ? 'used' : 'blocked';
}

export function openArrows(structure: Structure, card: CardId): Side[] {
	return outSides(card).filter((side) => arrowStatus(structure, card, side) === 'open');
}

export function hasOpenArrow(structure: Structure, card: CardId): boolean {
	return outSides(card).some((side) => arrowStatus(structure, card, side) === 'open');
}

/** Direct puppets of a card, ordered by the side they hang on. */
export function puppetsOf(structure: Structure, card: CardId): { card: CardId; side: Side }[] {
	const puppets: { card: CardId; side: Side }[] = [];
	for (const id in structure) {
		const placement = structure[id]!;
		if (placement.master === card) puppets.push({ card: id, side: placement.side });
	}
	return puppets.sort((a, b) => a.side - b.side);
}

/** A card and everything below it, breadth first, puppets in side order. */
export function subtree(structure: Structure, root: CardId): CardId[] {
	const order = [root];
	for (let i = 0; i < order.length; i++) {
		for (const puppet of puppetsOf(structure, order[i]!)) order.push(puppet.card);
	}
	return order;
}

/** Links between a card and its Illuminati (1 for a group the Illuminati control directly). */
export function depth(structure: Structure, card: CardId): number {
	let links = 0;
	let current = structure[card];
	while (current !== undefined && current.master !== null) {
		links++;
		current = structure[current.master];
	}
	return links;
}

/** Attack to Control, Power Structure Position: +10, +5 or +2 by distance from the Illuminati. */
export function positionBonus(links: number): number {
	return links === 1 ? 10 : links === 2 ? 5 : links === 3 ? 2 : 0;
}

/** The rotation that turns a card's inward arrow back toward a master lying in `direction`. */
export function rotationToward(card: CardId, directionFromMaster: Side): Rotation {
	const inward = inSide(card) ?? 0;
	return ((((directionFromMaster + 2) % 4) - inward + 4) % 4) as Rotation;
}

/** The placement a card gets on an arrow of a master already in the structure. */
export function placementOn(
	structure: Structure,
	card: CardId,
	master: CardId,
	side: Side,
	money: number,
): Placement {
	const masterPlacement = structure[master]!;
	const direction = facing(side, masterPlacement.rot);
	return {
		master,
		side,
		x: masterPlacement.x + DX[direction],
		y: masterPlacement.y + DY[direction],
		rot: rotationToward(card, direction),
		money,
	};
}

export function withCard(structure: Structure, card: CardId, placement: Placement): Structure {
	return { ...structure, [card]: placement };
}

/** Removes a card and all its puppets; returns what was removed, breadth first. */
export function withoutSubtree(
	structure: Structure,
	root: CardId,
): { structure: Structure; removed: { card: CardId; placement: Placement }[] } {
	const cards = subtree(structure, root);
	const removed = cards.map((card) => ({ card, placement: structure[card]! }));
	// A fresh object holding the others in the same order (deleting from a copy would make it a
	// slow dictionary for every later read).
	const remaining: Record<CardId, Placement> = {};
	for (const id in structure) if (!cards.includes(id)) remaining[id] = structure[id]!;
	return { structure: remaining, removed };
}

/** True when `card` is `ancestor` or hangs somewhere below it. */
export function isBelow(structure: Structure, card: CardId, ancestor: CardId): boolean {
	let current: CardId | null = card;
	while (current !== null) {
		if (current === ancestor) return true;
		current = structure[current]?.master ?? null;
	}
	return false;
}

/** Every puppet sits on an arrow of its master that points at its cell, and no cells are shared. */
export function structureProblems(structure: Structure): string[] {
	const problems: string[] = [];
	const cells = new Map<string, CardId>();
	for (const id in structure) {
		const placement = structure[id]!;
		const key = `${placement.x},${placement.y}`;
		const other = cells.get(key);
		if (other !== undefined) problems.push(`${id} and ${other} share cell ${key}`);
		cells.set(key, id);
		if (placement.master === null) continue;
		const master = structure[placement.master];
		if (master === undefined) {
			problems.push(`${id} hangs on ${placement.master}, which is not in the structure`);
			continue;
		}
		if (!outSides(placement.master).includes(placement.side)) {
			problems.push(`${placement.master} has no outgoing arrow on side ${placement.side}`);
		}
		const expected = placementOn(structure, id, placement.master, placement.side, placement.money);
		if (expected.x !== placement.x || expected.y !== placement.y || expected.rot !== placement.rot) {
			problems.push(`${id} is not on the arrow of ${placement.master} it claims`);
		}
	}
	return problems;
}
