/**
 * Small immutable helpers over GameState: who owns what, and every movement of money, so the bank
 * ledger (issued − returned = money on the table) holds by construction.
 */
import { EngineBug } from './errors.js';
import { hasKey } from './keys.js';
import { changedTurn, draftPlayer, draftState, withReturned } from './shapes.js';
import type { CardId, GameState, Placement, PlayerState, Seat, TurnState } from './types.js';

export function ownerOf(state: GameState, card: CardId): Seat | null {
	for (const player of state.players) {
		if (hasKey(player.structure, card, player.seat)) return player.seat;
	}
	return null;
}

export function playerOf(state: GameState, seat: Seat): PlayerState {
	const player = state.players[seat];
	if (player === undefined) throw new EngineBug(`no seat ${seat}`);
	return player;
}

export function updatePlayer(
	state: GameState,
	seat: Seat,
	change: (player: PlayerState) => PlayerState,
): GameState {
	const players = state.players.slice();
	players[seat] = change(playerOf(state, seat));
	const next = draftState(state);
	next.players = players;
	return next;
}

export function updateTurn(state: GameState, change: Partial<TurnState>): GameState {
	if (state.turn === null) throw new EngineBug('no turn under way');
	const next = draftState(state);
	next.turn = changedTurn(state.turn, change);
	return next;
}

/** A free action of the player whose turn it is (a Special played, a gift, a Special discarded for
 * privilege), in any phase of its turn: the turn can no longer be passed for 5 MB (Actions: "not
 * even free actions"), and an attack of its own called off later gives that back only if nothing
 * else was done (Calling Off an Attack). Rule option `everyFreeActionCounts` (types.ts); callers
 * keep the older bookkeeping without it. */
export function markFreeAction(state: GameState, seat: Seat): GameState {
	if (state.turn === null || state.turn.seat !== seat) return state;
	const marked = updateTurn(state, { acted: true });
	const phase = marked.phase;
	if ((phase.kind === 'attack' || phase.kind === 'afterRoll') && phase.attack.seat === seat && !phase.attack.actedBefore) {
		return { ...marked, phase: { ...phase, attack: { ...phase.attack, actedBefore: true } } };
	}
	return marked;
}

export function moneyOn(state: GameState, seat: Seat, card: CardId): number {
	return playerOf(state, seat).structure[card]?.money ?? 0;
}

/** Sets treasuries directly, and the bank when given, in one copy of the state; callers keep the
 * ledger right. Money moves on every income and transfer, so this copies each level once. */
function withMoney(state: GameState, seat: Seat, changes: readonly (readonly [CardId, number])[], bank: GameState['bank']): GameState {
	const player = playerOf(state, seat);
	const structure: Record<CardId, Placement> = { ...player.structure };
	for (const [card, delta] of changes) {
		const placement = structure[card];
		if (placement === undefined) throw new EngineBug(`${card} is not in seat ${seat}'s structure`);
		const money = placement.money + delta;
		if (money < 0) throw new EngineBug(`negative treasury on ${card}`);
		structure[card] = { master: placement.master, side: placement.side, x: placement.x, y: placement.y, rot: placement.rot, money };
	}
	const players = state.players.slice();
	const changed = draftPlayer(player);
	changed.structure = structure;
	players[seat] = changed;
	const next = draftState(state);
	next.players = players;
	next.bank = bank;
	return next;
}

/** The bank pays `amount` onto a card. */
export function fromBank(state: GameState, seat: Seat, card: CardId, amount: number): GameState {
	if (amount === 0) return state;
	return withMoney(state, seat, [[card, amount]], { issued: state.bank.issued + amount, returned: state.bank.returned });
}

/** The bank pays each amount onto its card of one seat's structure, in one copy of the state (a
 * turn's income: the same state as paying them one by one with fromBank). */
export function fromBankEach(state: GameState, seat: Seat, payments: readonly (readonly [CardId, number])[]): GameState {
	let total = 0;
	for (const [, amount] of payments) total += amount;
	if (total === 0) return state;
	return withMoney(state, seat, payments, { issued: state.bank.issued + total, returned: state.bank.returned });
}

/** A card pays `amount` back to the bank. */
export function toBank(state: GameState, seat: Seat, card: CardId, amount: number): GameState {
	if (amount === 0) return state;
	return withMoney(state, seat, [[card, -amount]], { issued: state.bank.issued, returned: state.bank.returned + amount });
}

export function moveMoney(
	state: GameState,
	seat: Seat,
	from: CardId,
	to: CardId,
	amount: number,
): GameState {
	return withMoney(state, seat, [[from, -amount], [to, amount]], state.bank);
}

export function returned(state: GameState, amount: number): GameState {
	return amount === 0 ? state : withReturned(state, amount);
}

export function totalMoney(player: PlayerState): number {
	let total = 0;
	for (const id in player.structure) total += player.structure[id]!.money;
	return total;
}

/** Groups (not the Illuminati) in a structure. */
export function groupsOf(player: PlayerState): CardId[] {
	return Object.keys(player.structure).filter((id) => id !== player.illuminati);
}

/** groupsOf(player).length > 0, without listing them (asked after every entry). */
export function hasGroup(player: PlayerState): boolean {
	for (const id in player.structure) if (id !== player.illuminati) return true;
	return false;
}

export function illuminatiPlacement(player: PlayerState): Placement | undefined {
	return player.illuminati === null ? undefined : player.structure[player.illuminati];
}

export function without<T>(list: readonly T[], item: T): T[] {
	const index = list.indexOf(item);
	if (index < 0) throw new EngineBug(`missing ${String(item)}`);
	return [...list.slice(0, index), ...list.slice(index + 1)];
}

export function activeSeats(state: GameState): Seat[] {
	return state.players.filter((player) => !player.eliminated).map((player) => player.seat);
}
