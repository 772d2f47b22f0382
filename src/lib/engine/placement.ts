/**
 * Fitting a subtree into a power structure one card at a time (Basic Rules: Attack to Control,
 * results; Moving a Group). Puppets keep the arrow of their master they hung on, so the subtree
 * turns as a whole. A puppet whose cell is taken may move to another open arrow of the same
 * master, or be dropped; a dropped card takes its own puppets with it to the uncontrolled area.
 */
import type { PlacePuppetAction, PlaceCaptureAction } from './actions.js';
import { fail, ok, type StepResult } from './errors.js';
import { playerOf, returned, updatePlayer, updateTurn } from './state.js';
import { arrowStatus, outSides, placementOn, withCard } from './structure.js';
import type { CardId, GameState, Placement, PlacementState, Seat, Side } from './types.js';

/** Cards leaving a structure become uncontrolled; their money goes back to the bank. */
export function releaseCards(state: GameState, cards: readonly { card: CardId; money: number }[]): GameState {
	if (cards.length === 0) return state;
	const money = cards.reduce((sum, entry) => sum + entry.money, 0);
	return returned({ ...state, uncontrolled: [...state.uncontrolled, ...cards.map((entry) => entry.card)] }, money);
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
	const next: GameState = { ...state, phase: { kind: 'placement', placement } };
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
	const next = updatePlayer(state, placement.seat, (player) => ({
		...player,
		structure: withCard(player.structure, head.card, placementOn(player.structure, head.card, head.master, side, money)),
	}));
	const queue = [
		...placement.queue.slice(1),
		...(placement.children[head.card] ?? []).map((child) => ({ card: child.card, master: head.card, side: child.side })),
	];
	return { ...next, phase: { kind: 'placement', placement: { ...placement, queue, awaitingRoot: false } } };
}

function dropHead(state: GameState, placement: PlacementState): GameState {
	const head = placement.queue[0]!;
	const dropped = collectWaiting(placement, head.card);
	const next = releaseCards(
		state,
		dropped.map((card) => ({ card, money: placement.money[card] ?? 0 })),
	);
	return { ...next, phase: { kind: 'placement', placement: { ...placement, queue: placement.queue.slice(1), awaitingRoot: false } } };
}

/** Places queued cards while their wanted arrow is open; stops at the first that needs a choice. */
export function advancePlacement(state: GameState): GameState {
	let current = state;
	for (;;) {
		const placement = currentPlacement(current);
		if (placement === null) return current;
		const head = placement.queue[0];
		if (head === undefined) {
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
	if (placement === null || !placement.awaitingRoot) return fail('WRONG_PHASE', 'No capture is waiting for an arrow.');
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

/** Cards waiting in a placement (for the invariant that every card is in exactly one place). */
export function waitingCards(placement: PlacementState): CardId[] {
	return placement.queue.flatMap((entry) => collectWaiting(placement, entry.card));
}
