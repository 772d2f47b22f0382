/**
 * Fitting a subtree into a power structure one card at a time (Basic Rules: Attack to Control,
 * results; Moving a Group). Puppets keep the arrow of their master they hung on, so the subtree
 * turns as a whole. A puppet whose cell is taken may move to another open arrow of the same
 * master, or be dropped; a dropped card takes its own puppets with it to the uncontrolled area.
 */
import type { DropAction, PlacePuppetAction, PlaceCaptureAction, PlaceReceivedAction } from './actions.js';
import { fail, ok, type StepResult } from './errors.js';
import { playerOf, returned, updatePlayer, updateTurn } from './state.js';
import { arrowCell, arrowStatus, isBelow, occupantAt, openArrows, outSides, placementOn, withCard, withoutSubtree } from './structure.js';
import { withPhase, withStructure, withUncontrolled } from './shapes.js';
import type { CardId, GameState, Placement, PlacementState, Seat, Side } from './types.js';

/** Cards leaving a structure become uncontrolled; their money goes back to the bank. */
export function releaseCards(state: GameState, cards: readonly { card: CardId; money: number }[]): GameState {
	if (cards.length === 0) return state;
	const money = cards.reduce((sum, entry) => sum + entry.money, 0);
	return returned(withUncontrolled(state, [...state.uncontrolled, ...cards.map((entry) => entry.card)]), money);
}

/** Everything waiting under a card that will not be placed, itself included. */
function collectWaiting(placement: PlacementState, root: CardId): CardId[] {
	const cards = [root];
	for (let i = 0; i < cards.length; i++) {
		for (const child of placement.children[cards[i]!] ?? []) cards.push(child.card);
	}
	return cards;
}

/** Starts fitting `root` (with its waiting puppets) into `seat`'s structure. */
export function beginPlacement(
	state: GameState,
	seat: Seat,
	root: { card: CardId; master: CardId; side: Side },
	removed: readonly { card: CardId; placement: Placement }[],
	money: Readonly<Record<CardId, number>>,
	capture: PlacementState['capture'],
	awaitingRoot: boolean,
): GameState {
	const children: Record<CardId, { card: CardId; side: Side }[]> = {};
	for (const { card, placement } of removed) {
		if (card === root.card || placement.master === null) continue;
		(children[placement.master] ??= []).push({ card, side: placement.side });
	}
	for (const list of Object.values(children)) list.sort((a, b) => a.side - b.side);
	const placement: PlacementState = { seat, queue: [root], money, children, capture, awaitingRoot };
	const next = withPhase(state, { kind: 'placement', placement });
	return awaitingRoot ? next : advancePlacement(next);
}

/** Attack to Control, results: a card hangs only on one of its master's outgoing arrows, and that
 * arrow must be open (a side with no arrow, or whose arrow is used or blocked, will not do). */
function isOpenArrow(structure: Parameters<typeof arrowStatus>[0], master: CardId, side: Side): boolean {
	return outSides(master).includes(side) && arrowStatus(structure, master, side) === 'open';
}

function currentPlacement(state: GameState): PlacementState | null {
	return state.phase.kind === 'placement' ? state.phase.placement : null;
}

function placeHead(state: GameState, placement: PlacementState, side: Side): GameState {
	const head = placement.queue[0]!;
	const money = placement.money[head.card] ?? 0;
	const next = updatePlayer(state, placement.seat, (player) =>
		withStructure(player, withCard(player.structure, head.card, placementOn(player.structure, head.card, head.master, side, money))),
	);
	const queue = [
		...placement.queue.slice(1),
		...(placement.children[head.card] ?? []).map((child) => ({ card: child.card, master: head.card, side: child.side })),
	];
	return withPhase(next, { kind: 'placement', placement: { ...placement, queue, awaitingRoot: false } });
}

function dropHead(state: GameState, placement: PlacementState): GameState {
	const head = placement.queue[0]!;
	const dropped = collectWaiting(placement, head.card);
	const next = releaseCards(
		state,
		dropped.map((card) => ({ card, money: placement.money[card] ?? 0 })),
	);
	return withPhase(next, { kind: 'placement', placement: { ...placement, queue: placement.queue.slice(1), awaitingRoot: false } });
}

/** Places queued cards while their wanted arrow is open; stops at the first that needs a choice. */
export function advancePlacement(state: GameState): GameState {
	let current = state;
	for (;;) {
		const placement = currentPlacement(current);
		if (placement === null) return current;
		const head = placement.queue[0];
		if (head === undefined) {
			if (placement.transfer !== undefined && placement.transfer.waiting.length > 0) return nextReceived(current, placement);
			const next: GameState = { ...current, phase: { kind: 'turn' } };
			return placement.capture === null ? next : updateTurn(next, { lastCapture: placement.capture });
		}
		const structure = playerOf(current, placement.seat).structure;
		if (arrowStatus(structure, head.master, head.side) !== 'open') return current;
		current = placeHead(current, placement, head.side);
	}
}

/** After a successful control attack: the attacker picks the open arrow for the catch. */
export function placeCapture(state: GameState, action: PlaceCaptureAction): StepResult<GameState> {
	const placement = currentPlacement(state);
	if (placement === null || !placement.awaitingRoot || placement.transfer !== undefined) {
		return fail('WRONG_PHASE', 'No capture is waiting for an arrow.');
	}
	if (action.seat !== placement.seat) return fail('NOT_YOUR_TURN', 'Only the attacker places the catch.');
	const head = placement.queue[0]!;
	const structure = playerOf(state, placement.seat).structure;
	if (!isOpenArrow(structure, head.master, action.side)) {
		return fail('ARROW_NOT_OPEN', `Side ${action.side} of ${head.master} is not an open arrow.`);
	}
	return ok(advancePlacement(placeHead(state, placement, action.side)));
}

/** A puppet that does not fit: another open arrow of the same master, or drop it. */
export function placePuppet(state: GameState, action: PlacePuppetAction): StepResult<GameState> {
	const placement = currentPlacement(state);
	if (placement === null || placement.awaitingRoot) return fail('WRONG_PHASE', 'No puppet is waiting to be placed.');
	if (action.seat !== placement.seat) return fail('NOT_YOUR_TURN', 'Only the structure\'s owner places its puppets.');
	const head = placement.queue[0]!;
	if (action.card !== head.card) return fail('NOT_APPLICABLE', `The card waiting to be placed is ${head.card}.`);
	if (action.side === null) return ok(advancePlacement(dropHead(state, placement)));
	const structure = playerOf(state, placement.seat).structure;
	if (!isOpenArrow(structure, head.master, action.side)) {
		return fail('ARROW_NOT_OPEN', `Side ${action.side} of ${head.master} is not an open arrow.`);
	}
	return ok(advancePlacement(placeHead(state, placement, action.side)));
}

/** What a placement waits for from `seat` (legalActions lists these): the catch on an open arrow
 * of its master, or a puppet on one or dropped (side null), or, in a transfer, the old card in the
 * puppet's way given up (collisionBlocker). Null for a received group's own place (deals.ts
 * placeReceivedOptions) or when no placement is under way. */
export function placementChoices(state: GameState, seat: Seat): (PlaceCaptureAction | PlacePuppetAction | DropAction)[] | null {
	const placement = currentPlacement(state);
	if (placement === null || (placement.awaitingRoot && placement.transfer !== undefined)) return null;
	if (placement.seat !== seat) return [];
	const head = placement.queue[0]!;
	const sides = openArrows(playerOf(state, seat).structure, head.master);
	if (placement.awaitingRoot) return sides.map((side) => ({ type: 'placeCapture', seat, side }));
	const puppet: (PlacePuppetAction | DropAction)[] = [...sides, null].map((side) => ({ type: 'placePuppet', seat, card: head.card, side }));
	const blocker = collisionBlocker(state, placement);
	if (blocker !== null) puppet.push({ type: 'drop', seat, card: blocker });
	return puppet;
}

/**
 * Transferring Groups: a collision that cannot be avoided (the received puppet at the head fits no
 * open arrow of its master) is resolved by giving up colliding cards, new or old: the puppet
 * (placePuppet, side null) or the card in the cell its arrow points at, with that card's puppets.
 * That card, or null when there is none to give up: no transfer, an arrow still open, an empty
 * cell, the receiver's Illuminati, or a card the puppet's master hangs below (giving it up would
 * give up the received group too). Captures have no such choice (Attack to Control: only the
 * puppet goes).
 */
function collisionBlocker(state: GameState, placement: PlacementState): CardId | null {
	const head = placement.queue[0];
	if (placement.transfer === undefined || placement.awaitingRoot || head === undefined) return null;
	const player = playerOf(state, placement.seat);
	const structure = player.structure;
	const master = structure[head.master];
	if (master === undefined || openArrows(structure, head.master).length > 0) return null;
	const cell = arrowCell(master, head.side);
	const occupant = occupantAt(structure, cell.x, cell.y);
	if (occupant === null || occupant === player.illuminati || isBelow(structure, head.master, occupant)) return null;
	return occupant;
}

/** Transferring Groups: the receiver gives up the card in its received puppet's way
 * (collisionBlocker) with its puppets, which become uncontrolled; the puppet then takes its cell. */
export function releaseBlocker(state: GameState, action: DropAction): StepResult<GameState> {
	const placement = currentPlacement(state);
	if (placement === null) return fail('WRONG_PHASE', 'No card is being placed.');
	if (action.seat !== placement.seat) return fail('NOT_ELIGIBLE', `Seat ${placement.seat} is placing a card.`);
	const blocker = collisionBlocker(state, placement);
	if (blocker === null || blocker !== action.card) {
		return fail('NOT_APPLICABLE', blocker === null ? 'Only a received group\'s puppet that fits no open arrow may displace a card.' : `Only ${blocker}, in the way of ${placement.queue[0]!.card}, may be given up now.`);
	}
	const player = playerOf(state, action.seat);
	const { structure, removed } = withoutSubtree(player.structure, blocker);
	const next = releaseCards(updatePlayer(state, action.seat, (p) => withStructure(p, structure)), removed.map(({ card, placement: held }) => ({ card, money: held.money })));
	return ok(advancePlacement(next));
}

/** Cards waiting in a placement (for the invariant that every card is in exactly one place). */
export function waitingCards(placement: PlacementState): CardId[] {
	const roots = [...placement.queue, ...(placement.transfer?.waiting ?? [])];
	return roots.flatMap((entry) => collectWaiting(placement, entry.card));
}

/** Transferring Groups: groups given to other players, removed from their structures with their
 * puppets and treasuries (`removed`), are fitted one root after another, each by its receiver. */
export function beginTransfer(
	state: GameState,
	roots: readonly { seat: Seat; card: CardId }[],
	removed: readonly { card: CardId; placement: Placement }[],
): GameState {
	const isRoot = new Set(roots.map((root) => root.card));
	const children: Record<CardId, { card: CardId; side: Side }[]> = {};
	const money: Record<CardId, number> = {};
	for (const { card, placement } of removed) {
		money[card] = placement.money;
		if (isRoot.has(card) || placement.master === null) continue;
		(children[placement.master] ??= []).push({ card, side: placement.side });
	}
	for (const list of Object.values(children)) list.sort((a, b) => a.side - b.side);
	const placement: PlacementState = {
		seat: roots[0]?.seat ?? 0,
		queue: [],
		money,
		children,
		capture: null,
		awaitingRoot: false,
		transfer: { waiting: roots },
	};
	return advancePlacement(withPhase(state, { kind: 'placement', placement }));
}

/** The next received root waits for its receiver's choice of card and arrow; a receiver with no
 * open arrow at all cannot fit it, so it goes uncontrolled with its puppets (only the new cards
 * can be given up here: docs/rules-differences.md). */
function nextReceived(state: GameState, placement: PlacementState): GameState {
	const [root, ...rest] = placement.transfer!.waiting;
	const player = playerOf(state, root!.seat);
	const fits = !player.eliminated && Object.keys(player.structure).some((card) => openArrows(player.structure, card).length > 0);
	const transfer = { waiting: rest };
	if (fits) {
		const head = { card: root!.card, master: player.illuminati!, side: 0 as Side };
		return { ...state, phase: { kind: 'placement', placement: { ...placement, seat: root!.seat, queue: [head], awaitingRoot: true, transfer } } };
	}
	const dropped = dropHead(state, { ...placement, queue: [{ card: root!.card, master: root!.card, side: 0 }], transfer });
	return advancePlacement(dropped);
}

/** Whether cards are on their way into `seat`'s structure (it is not left with only its Illuminati). */
export function isReceiving(state: GameState, seat: Seat): boolean {
	if (state.phase.kind !== 'placement') return false;
	const placement = state.phase.placement;
	return placement.transfer !== undefined && (placement.seat === seat || placement.transfer.waiting.some((root) => root.seat === seat));
}

/** Transferring Groups: the receiver fits the received group onto any open arrow of its structure;
 * its puppets follow on their own arrows (placePuppet when one does not fit). */
export function placeReceived(state: GameState, action: PlaceReceivedAction): StepResult<GameState> {
	const placement = currentPlacement(state);
	if (placement === null || !placement.awaitingRoot || placement.transfer === undefined) {
		return fail('WRONG_PHASE', 'No received group is waiting to be placed.');
	}
	if (action.seat !== placement.seat) return fail('NOT_ELIGIBLE', `Seat ${placement.seat} places the group it received.`);
	const structure = playerOf(state, placement.seat).structure;
	if (structure[action.master] === undefined) return fail('NOT_YOUR_GROUP', `${action.master} is not in your structure.`);
	if (!isOpenArrow(structure, action.master, action.side)) {
		return fail('ARROW_NOT_OPEN', `Side ${action.side} of ${action.master} is not an open arrow.`);
	}
	const head = { ...placement.queue[0]!, master: action.master };
	return ok(advancePlacement(placeHead(state, { ...placement, queue: [head, ...placement.queue.slice(1)] }, action.side)));
}
