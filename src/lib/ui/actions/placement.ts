/**
 * Fitting cards into a structure (Basic Rules: Attack to Control — placing the captured group;
 * Moving a Group; Transferring Groups): which card waits, on which master, and the listed arrows.
 */
import type { CardId, GameState, LegalAction, Seat, Side } from '$lib/engine/index.js';

export interface PlacementView {
	/** The card being fitted now, and the card it hangs from (null for a received group: any card). */
	readonly card: CardId;
	readonly master: CardId | null;
	/** Whose structure it goes into. */
	readonly seat: Seat;
	/** The capture, when the card is the catch of an attack. */
	readonly capture: boolean;
	readonly waiting: number;
}

export function placementView(state: GameState): PlacementView | null {
	if (state.phase.kind !== 'placement') return null;
	const placement = state.phase.placement;
	const head = placement.queue[0];
	if (head === undefined) return null;
	const received = placement.awaitingRoot && placement.transfer !== undefined;
	return {
		card: head.card,
		master: received ? null : head.master,
		seat: placement.seat,
		capture: placement.capture !== null && placement.awaitingRoot,
		waiting: placement.queue.length,
	};
}

/** The listed arrows (side; null to let the card go) for capture and puppet placement. */
export function placementSides(options: readonly LegalAction[]): { legal: LegalAction; side: Side | null }[] {
	return options.flatMap((legal) => {
		const action = legal.action;
		if (action.type === 'placeCapture') return [{ legal, side: action.side }];
		if (action.type === 'placePuppet') return [{ legal, side: action.side }];
		return [];
	});
}

/** The listed cards a received group may hang from, each with its open sides. */
export function receivedMasters(options: readonly LegalAction[]): { master: CardId; sides: { legal: LegalAction; side: Side }[] }[] {
	const byMaster = new Map<CardId, { legal: LegalAction; side: Side }[]>();
	for (const legal of options) {
		if (legal.action.type !== 'placeReceived') continue;
		const list = byMaster.get(legal.action.master) ?? [];
		list.push({ legal, side: legal.action.side });
		byMaster.set(legal.action.master, list);
	}
	return [...byMaster].map(([master, sides]) => ({ master, sides }));
}
