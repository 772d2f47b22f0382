/**
 * The active seat's options in its own turn, for legalActions, in sections: rulesOptions lists
 * them all in this order, and seatsToAct asks the cheap sections first and stops at the first
 * option that makes the seat one the game waits for. Every check is the one `step` runs.
 */
import { editAlignmentProblem, recycleProblem } from './abilities.js';
import { ALIGNMENTS } from './cards/index.js';
import { skipPlayerProblem } from './illuminated.js';
import { attackOptions } from './legal-attacks.js';
import { hiddenIlluminatiOptions } from './accusation.js';
import type { LegalAction } from './legal.js';
import { canSend, endOfTurnAbilityProblem, transferProblem } from './money.js';
import { moveProblem } from './organize.js';
import { playerOf } from './state.js';
import { arrowCell, occupantAt, outSides } from './structure.js';
import { endActionsProblem, endTurnProblem, passTurnProblem } from './turn.js';
import type { CardId, GameState, Seat, Side } from './types.js';

type Structure = GameState['players'][number]['structure'];

/** Options listed together; `costly` ones are asked last when only their existence matters.
 * Sections are module constants (no closure per call): `add` appends the section's options for
 * the state and the seat to `out`, so the long lists are not copied from list to list. */
export interface Section {
	readonly add: (state: GameState, seat: Seat, out: LegalAction[]) => void;
	readonly costly?: true;
}

/** A section of a function that returns its (short) list. */
export function listed(list: (state: GameState, seat: Seat) => LegalAction[], costly?: true): Section {
	const add = (state: GameState, seat: Seat, out: LegalAction[]) => {
		for (const option of list(state, seat)) out.push(option);
	};
	return costly ? { add, costly } : { add };
}

function captureOptions(state: GameState, seat: Seat): LegalAction[] {
	const capture = state.turn!.lastCapture;
	if (capture === null) return [];
	const structure = playerOf(state, seat).structure;
	const money = structure[capture.attacker]?.money ?? 0;
	return money > 0 && structure[capture.target] !== undefined ? [{ action: { type: 'captureTransfer', seat, amount: 1 }, max: money }] : [];
}

function transferOptions(state: GameState, seat: Seat, options: LegalAction[]): void {
	const structure = playerOf(state, seat).structure;
	for (const from in structure) {
		const money = structure[from]!.money;
		if (money <= 0) continue;
		for (const to in structure) {
			if (!canSend(structure, from, to)) continue;
			for (const mode of ['action', 'free'] as const) {
				const action = { type: 'transfer', seat, mode, from, to, amount: 1 } as const;
				if (transferProblem(state, action) === null) options.push({ action, max: money });
			}
		}
	}
}

/** One outgoing arrow of a structure and the card in the cell it points at (null: none). */
interface Arrow {
	readonly master: CardId;
	readonly side: Side;
	readonly occupant: CardId | null;
}

function moveOptions(state: GameState, seat: Seat, options: LegalAction[]): void {
	const turn = state.turn!;
	if (turn.step !== 'actions' || turn.actionsLeft <= 0) return;
	const player = playerOf(state, seat);
	const structure = player.structure;
	// Every arrow once, masters in the structure's order: an arrow is open once a card moves
	// (arrowStatus in the structure without its subtree, as moveProblem asks) exactly when its
	// master stays and its cell is empty or emptied by the move (each cell holds one card).
	const arrows: Arrow[] = [];
	for (const master in structure) {
		const placement = structure[master]!;
		for (const side of outSides(master)) {
			const cell = arrowCell(placement, side);
			arrows.push({ master, side, occupant: occupantAt(structure, cell.x, cell.y) });
		}
	}
	// Each card's subtree (it and everything below it: what moves with it), from one walk up from
	// every card (isBelow's walk) rather than one per pair of cards.
	const subtrees: Record<CardId, CardId[]> = {};
	for (const other in structure) {
		for (let current: CardId | null = other; current !== null; current = structure[current]?.master ?? null) (subtrees[current] ??= []).push(other);
	}
	for (const card in structure) {
		if (card === player.illuminati) continue;
		const moved = subtrees[card]!;
		// The structure without the moved subtree (withoutSubtree's), once per card rather than
		// once per arrow; a fresh object in the same order (no `delete`, which makes reads slow).
		let remaining: Record<CardId, Structure[CardId]> | undefined;
		for (const { master, side, occupant } of arrows) {
			if (moved.includes(master) || (occupant !== null && !moved.includes(occupant))) continue;
			if (remaining === undefined) {
				remaining = {};
				for (const other in structure) if (!moved.includes(other)) remaining[other] = structure[other]!;
			}
			const action = { type: 'move', seat, card, master, side } as const;
			if (moveProblem(state, action, remaining) === null) options.push({ action });
		}
	}
}

function dropOptions(state: GameState, seat: Seat): LegalAction[] {
	const player = playerOf(state, seat);
	const options: LegalAction[] = [];
	for (const card in player.structure) if (card !== player.illuminati) options.push({ action: { type: 'drop', seat, card } });
	return options;
}

/** Passing, ending the actions or the turn, paying to draw: the checks their steps run (the
 * entry gate is open here: rulesSections lists turn options only then). */
function endingOptions(state: GameState, seat: Seat): LegalAction[] {
	const options: LegalAction[] = [];
	if (passTurnProblem(state, seat) === null) options.push({ action: { type: 'passTurn', seat } });
	if (endActionsProblem(state, seat) === null) options.push({ action: { type: 'endActions', seat } });
	if (endTurnProblem(state, seat) === null) options.push({ action: { type: 'endTurn', seat } });
	if (recycleProblem(state, seat) === null) options.push({ action: { type: 'recycle', seat } });
	return options;
}

function abilityOptions(state: GameState, seat: Seat): LegalAction[] {
	const player = playerOf(state, seat);
	const structure = player.structure;
	const options: LegalAction[] = [];
	if (endOfTurnAbilityProblem(state, seat, 'moveMoneyAtEndOfTurn') === null) {
		const treasuries: Record<CardId, number> = {};
		for (const card in structure) treasuries[card] = structure[card]!.money;
		options.push({ action: { type: 'redistribute', seat, treasuries }, freeForm: true });
	}
	if (endOfTurnAbilityProblem(state, seat, 'reorganizeAtEndOfTurn') === null) {
		const layout = Object.keys(structure)
			.filter((card) => card !== player.illuminati)
			.sort((a, b) => depthOrder(structure, a) - depthOrder(structure, b))
			.map((card) => ({ card, master: structure[card]!.master!, side: structure[card]!.side }));
		options.push({ action: { type: 'reorganize', seat, layout }, freeForm: true });
	}
	options.push(...alignmentOptions(state, seat));
	// Illuminated Post Office (FR add-on): name a player to lose their next turn.
	for (const other of state.players) {
		const action = { type: 'skipPlayer', seat, target: other.seat } as const;
		if (skipPlayerProblem(state, action) === null) options.push({ action });
	}
	return options;
}

function turnAttackOptions(state: GameState, seat: Seat, out: LegalAction[]): void {
	if (state.turn!.step === 'actions') attackOptions(state, seat, out);
}

/** The active seat's turn options, in the order legalActions lists them. */
export const TURN_SECTIONS: readonly Section[] = [
	listed(captureOptions),
	{ add: turnAttackOptions, costly: true },
	{ add: transferOptions },
	{ add: moveOptions, costly: true },
	listed(dropOptions),
	listed(endingOptions),
	listed(abilityOptions),
	listed(hiddenIlluminatiOptions),
];

function depthOrder(structure: GameState['players'][number]['structure'], card: CardId): number {
	let links = 0;
	for (let current = structure[card]; current?.master; current = structure[current.master]) links++;
	return links;
}

function alignmentOptions(state: GameState, seat: Seat): LegalAction[] {
	const options: LegalAction[] = [];
	const probe = { type: 'editAlignment', seat, target: '', op: 'add', alignment: 'Weird' } as const;
	const noAbility = editAlignmentProblem(state, probe);
	if (noAbility !== null && (noAbility.code === 'NO_ABILITY' || noAbility.code === 'ABILITY_USED' || noAbility.code === 'WRONG_PHASE' || noAbility.code === 'NOT_YOUR_TURN')) {
		return options;
	}
	const targets = [...state.uncontrolled, ...state.players.flatMap((p) => Object.keys(p.structure))];
	for (const target of targets) {
		for (const op of ['add', 'remove', 'reverse'] as const) {
			for (const alignment of ALIGNMENTS) {
				const action = { type: 'editAlignment', seat, target, op, alignment } as const;
				if (editAlignmentProblem(state, action) === null) options.push({ action });
			}
		}
	}
	return options;
}

