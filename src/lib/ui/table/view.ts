/**
 * The table as plain data for one viewer: every power structure as grid cells, the piles, each
 * treasury, each player's number of Specials (and the faces of the viewer's own only), and what the
 * game waits for. Pure and cheap: pass the previous view back in and unchanged parts are reused
 * (same objects), which keeps Svelte's keyed lists stable.
 *
 * Secret information stays out: another player's Specials are a count, the draw pile is a count
 * (its contents would give away the hands), a secret goal is shown as secret until revealed, and
 * Computer Espionage results appear only for the seat that was shown them (visibleGrants).
 */
import { isFaceDownIlluminati } from '$lib/engine/cards/face-down.js';
import { CARDS } from '$lib/engine/cards/index.js';
import { illuminatiSeenBy } from '$lib/engine/hidden-illuminati.js';
import {
	alignmentsOf,
	basicGoal,
	hasSecretGoal,
	knownGoal,
	totalMoney,
	visibleGrants,
	type Alignment,
	type CardId,
	type GameState,
	type Grant,
	type PlayerState,
	type Seat,
} from '$lib/engine/index.js';
import type { SpecialGoal } from '$lib/engine/cards/types.js';
import { drawableCount } from '$lib/engine/hidden.js';
import { attackRoles, currentAttack, statusView, type AttackRole, type StatusView } from './status-view.js';
import { EMPTY_STRUCTURE, structureView, type CellView, type StructureView } from './structure-view.js';

export type GoalView =
	/** The printed special goal, or a secret goal once revealed. */
	| { readonly kind: 'known'; readonly goal: SpecialGoal; readonly revealed: boolean }
	/** A secret goal not revealed yet; `committed` once the player chose it. */
	| { readonly kind: 'secret'; readonly committed: boolean }
	/** No special goal (the very long game, or a player out of the game). */
	| { readonly kind: 'none' };

export interface PlayerView {
	readonly seat: Seat;
	readonly illuminati: CardId | null;
	/** A seat this device holds. */
	readonly mine: boolean;
	readonly active: boolean;
	readonly mayAct: boolean;
	readonly eliminated: boolean;
	readonly left: boolean;
	readonly absent: boolean;
	/** Absent and played by the stand-in bot until they return (absence 'bot'). */
	readonly standIn: boolean;
	readonly winner: boolean;
	readonly structure: StructureView;
	/** Groups controlled, the Illuminati included (the basic goal counts them so). */
	readonly controlled: number;
	/** The Illuminati treasury, and every treasury of the structure together. */
	readonly treasury: number;
	readonly totalMoney: number;
	/** Number of Specials in hand. */
	readonly specials: number;
	/** Secret deck: Specials this viewer sees only face down (another seat's; its own not opened yet). */
	readonly hidden: number;
	/** The Specials' faces: only for the viewer's own seats, null otherwise. */
	readonly hand: readonly CardId[] | null;
	readonly goal: GoalView;
	readonly kills: number;
	readonly turnsCompleted: number;
	/** What Computer Espionage showed this seat: only for the viewer's own seats. */
	readonly grants: readonly Grant[];
	/** Hidden Illuminati's secret deal: the Illuminati is face down (its stand-in on the table); `own`
	 * is its card for the viewer's own seat once its device opened it, else null. Null when face up. */
	readonly faceDown: { readonly own: CardId | null } | null;
}

export interface TableView {
	readonly viewer: readonly Seat[];
	/** The viewer's seat drawn largest (the one whose turn it is, if the viewer holds it). */
	readonly focus: Seat | null;
	/** Every seat in turn order. */
	readonly players: readonly PlayerView[];
	readonly basicGoal: number;
	readonly uncontrolled: readonly CardId[];
	readonly dead: readonly CardId[];
	readonly discard: readonly CardId[];
	readonly outOfPlay: readonly CardId[];
	/** Cards left in the draw pile (a count only). */
	readonly drawPile: number;
	/** Alignments changed this turn (Orbital Mind Control Lasers), by card; absent means as printed. */
	readonly alignments: Readonly<Record<CardId, readonly Alignment[]>>;
	/** The cards of the attack under way. */
	readonly roles: Readonly<Record<CardId, AttackRole>>;
	readonly status: StatusView;
}

function goalView(state: GameState, player: PlayerState): GoalView {
	if (player.eliminated) return { kind: 'none' };
	// Hidden Illuminati: a face-down card's goal is as secret as the card (its owner's panel shows it).
	if (player.illuminati !== null && isFaceDownIlluminati(player.illuminati)) return { kind: 'secret', committed: true };
	const goal = knownGoal(state, player);
	const secret = hasSecretGoal(state, player);
	if (goal !== null) return { kind: 'known', goal, revealed: secret };
	return secret ? { kind: 'secret', committed: player.goalCommitment !== null } : { kind: 'none' };
}

function focusSeat(state: GameState, viewer: readonly Seat[]): Seat | null {
	const turnSeat = state.turn?.seat;
	if (turnSeat !== undefined && viewer.includes(turnSeat)) return turnSeat;
	return viewer.find((seat) => !state.players[seat]?.eliminated) ?? viewer[0] ?? null;
}

function editedAlignments(state: GameState): Record<CardId, readonly Alignment[]> {
	const edited: Record<CardId, readonly Alignment[]> = {};
	for (const edit of state.turn?.alignmentEdits ?? []) edited[edit.card] = alignmentsOf(state, edit.card);
	return edited;
}

function sameList<T>(a: readonly T[] | null, b: readonly T[] | null): boolean {
	if (a === b) return true;
	return a !== null && b !== null && a.length === b.length && a.every((item, i) => item === b[i]);
}

/** The previous record when it holds the same entries (so components see no change). */
function sameRecord<T>(next: Readonly<Record<string, T>>, old: Readonly<Record<string, T>> | undefined): Readonly<Record<string, T>> {
	if (old === undefined) return next;
	const keys = Object.keys(next);
	return keys.length === Object.keys(old).length && keys.every((key) => old[key] === next[key]) ? old : next;
}

/** Reuses the previous player view when nothing in it changed. */
function reuse(next: PlayerView, old: PlayerView | undefined): PlayerView {
	if (old === undefined) return next;
	for (const key of Object.keys(next) as (keyof PlayerView)[]) {
		const a = next[key];
		const b = old[key];
		if (a === b) continue;
		if (Array.isArray(a) && Array.isArray(b) && sameList(a, b)) continue;
		if (key === 'goal' && JSON.stringify(a) === JSON.stringify(b)) continue;
		return next;
	}
	return old;
}

/** Hidden Illuminati: a stand-in on the table, with the card for its owner's view alone. */
function faceDownView(state: GameState, player: PlayerState, mine: boolean): PlayerView['faceDown'] {
	if (player.illuminati === null || !isFaceDownIlluminati(player.illuminati)) return null;
	const seen = mine ? illuminatiSeenBy(state, player.seat, player.seat) : null;
	return { own: seen !== null && !isFaceDownIlluminati(seen) ? seen : null };
}

function playerView(state: GameState, player: PlayerState, viewer: readonly Seat[], mayAct: readonly Seat[], previous?: PlayerView): PlayerView {
	const mine = viewer.includes(player.seat);
	const illuminati = player.illuminati;
	const structure = Object.keys(player.structure).length === 0 ? EMPTY_STRUCTURE : structureView(state, player.structure, previous?.structure);
	return reuse(
		{
			seat: player.seat,
			illuminati,
			mine,
			active: state.turn?.seat === player.seat && state.phase.kind !== 'over',
			mayAct: mayAct.includes(player.seat),
			eliminated: player.eliminated,
			left: player.left,
			absent: player.absent,
			standIn: player.absent && !player.eliminated && state.options.rules.absence === 'bot',
			winner: state.winners.includes(player.seat),
			structure,
			controlled: Object.keys(player.structure).length,
			treasury: illuminati === null ? 0 : (player.structure[illuminati]?.money ?? 0),
			totalMoney: totalMoney(player),
			// Secret deck: hidden cards count too (each shown to the others only as "a Special").
			specials: player.hand.length + (player.hidden?.length ?? 0),
			hidden: player.hidden?.length ?? 0,
			hand: mine ? player.hand : null,
			goal: goalView(state, player),
			kills: player.kills,
			turnsCompleted: player.turnsCompleted,
			grants: mine ? visibleGrants(state, player.seat) : [],
			faceDown: faceDownView(state, player, mine),
		},
		previous,
	);
}

/** The table as `viewer` (the seats this device holds; empty for a spectator) may see it. */
export function tableView(state: GameState, viewer: readonly Seat[], previous?: TableView): TableView {
	const status = statusView(state);
	const players = state.players.map((player) => playerView(state, player, viewer, status.mayAct, previous?.players[player.seat]));
	return {
		viewer,
		focus: focusSeat(state, viewer),
		players,
		basicGoal: basicGoal(state),
		uncontrolled: state.uncontrolled,
		dead: state.dead,
		discard: state.discard,
		// Hidden Illuminati's secret deal: the dealt cards lie out of play unseen among the unused ones;
		// listing them as out of play would mislead, so no Illuminati is listed while any is face down.
		outOfPlay: state.players.some((p) => p.illuminati !== null && isFaceDownIlluminati(p.illuminati)) ? state.outOfPlay.filter((card) => CARDS[card]?.kind !== 'illuminati') : state.outOfPlay,
		// Secret deck: the unseen pool holds the hidden cards in hands too; they are not in the pile.
		drawPile: drawableCount(state),
		alignments: editedAlignments(state),
		roles: sameRecord(attackRoles(currentAttack(state)), previous?.roles),
		status,
	};
}

/** Seats in the order they sit after `focus` (clockwise from the viewer), `focus` excluded. */
export function othersAround(view: TableView): PlayerView[] {
	const count = view.players.length;
	const start = view.focus ?? -1;
	const ordered: PlayerView[] = [];
	for (let i = 1; i <= count; i++) {
		const player = view.players[(start + i + count) % count]!;
		if (player.seat !== view.focus) ordered.push(player);
	}
	return ordered;
}

/** Where a card lies in the view, for its details (null: hidden or unknown to this viewer). */
export type CardLocation =
	| { readonly kind: 'structure'; readonly seat: Seat; readonly cell: CellView }
	| { readonly kind: 'hand'; readonly seat: Seat }
	| { readonly kind: 'uncontrolled' | 'dead' | 'discard' | 'outOfPlay' | 'placing' | 'chain' };

export function locateCard(view: TableView, card: CardId): CardLocation | null {
	for (const player of view.players) {
		const cell = player.structure.cells.find((c) => c.card === card);
		if (cell !== undefined) return { kind: 'structure', seat: player.seat, cell };
		if (player.hand?.includes(card)) return { kind: 'hand', seat: player.seat };
	}
	const piles = [
		['uncontrolled', view.uncontrolled],
		['dead', view.dead],
		['discard', view.discard],
		['outOfPlay', view.outOfPlay],
		['placing', view.status.placing?.cards ?? []],
		['chain', view.status.chain?.flatMap((play) => play.cards) ?? []],
	] as const;
	for (const [kind, cards] of piles) if (cards.includes(card)) return { kind };
	return null;
}
