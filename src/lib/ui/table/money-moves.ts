/**
 * Money moving on the table (issue 16): from two successive table views, which treasuries lost
 * money and which gained, paired into moves from a payer to a payee. What is not paired came from
 * the bank (income, a Special's payout) or went to it (an attack's spending, a price), per the
 * rulebook's treasuries and the bank. The amounts are the views' own: nothing is re-derived.
 */
import type { CardId } from '$lib/engine/index.js';
import type { TableView } from './view.js';

/** A card's treasury, or the bank (null). */
export type MoneyEnd = CardId | null;

export interface MoneyMove {
	readonly from: MoneyEnd;
	readonly to: MoneyEnd;
	readonly amount: number;
}

/** Every treasury on the table by card (groups in power structures and the Illuminati). */
export function treasuries(view: TableView): ReadonlyMap<CardId, number> {
	const money = new Map<CardId, number>();
	for (const player of view.players) for (const cell of player.structure.cells) money.set(cell.card, cell.money);
	return money;
}

/**
 * The moves between two sets of treasuries, largest first, at most `limit`. A card on only one side
 * (placed, destroyed, eliminated) moves nothing: its money appeared or went with it. Payers and
 * payees of the same amount are paired first (a transfer), then the largest with the largest.
 */
export function moneyMoves(before: ReadonlyMap<CardId, number>, after: ReadonlyMap<CardId, number>, limit = 12): MoneyMove[] {
	const losses: { card: CardId; left: number }[] = [];
	const gains: { card: CardId; left: number }[] = [];
	for (const [card, now] of after) {
		const was = before.get(card);
		if (was === undefined || was === now) continue;
		(now < was ? losses : gains).push({ card, left: Math.abs(now - was) });
	}
	const moves: MoneyMove[] = [];
	const byAmount = (a: { left: number }, b: { left: number }) => b.left - a.left;
	losses.sort(byAmount);
	gains.sort(byAmount);
	for (const loss of losses) {
		const match = gains.find((gain) => gain.left === loss.left);
		if (match === undefined) continue;
		moves.push({ from: loss.card, to: match.card, amount: loss.left });
		match.left = 0;
		loss.left = 0;
	}
	for (const loss of losses) {
		for (const gain of gains) {
			if (loss.left === 0) break;
			if (gain.left === 0) continue;
			const amount = Math.min(loss.left, gain.left);
			moves.push({ from: loss.card, to: gain.card, amount });
			loss.left -= amount;
			gain.left -= amount;
		}
		if (loss.left > 0) moves.push({ from: loss.card, to: null, amount: loss.left });
	}
	for (const gain of gains) if (gain.left > 0) moves.push({ from: null, to: gain.card, amount: gain.left });
	return moves.sort((a, b) => b.amount - a.amount).slice(0, limit);
}
