/**
 * Moving money (Basic Rules: Transferring Money — as an action or one of the two free transfers,
 * between adjacent groups; after a capture, onto the catch). The engine lists each legal pair of
 * treasuries and mode with the most that may move (`max`); the builder picks a listed source, then
 * a listed destination, then a listed mode, and the player types the amount.
 */
import type { CardId, LegalAction, PlayerAction, TransferAction } from '$lib/engine/index.js';

type Transfer = LegalAction & { readonly action: TransferAction };

export function transfers(options: readonly LegalAction[]): Transfer[] {
	return options.filter((legal): legal is Transfer => legal.action.type === 'transfer');
}

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];

export function transferSources(options: readonly LegalAction[]): CardId[] {
	return unique(transfers(options).map((legal) => legal.action.from));
}

export function transferDestinations(options: readonly LegalAction[], from: CardId | null): CardId[] {
	return unique(transfers(options).filter((legal) => legal.action.from === from).map((legal) => legal.action.to));
}

/** The listed modes for a pair ('free' first when listed: it spares an action). */
export function transferModes(options: readonly LegalAction[], from: CardId | null, to: CardId | null): Transfer[] {
	const listed = transfers(options).filter((legal) => legal.action.from === from && legal.action.to === to);
	return [...listed].sort((a, b) => (a.action.mode === b.action.mode ? 0 : a.action.mode === 'free' ? -1 : 1));
}

/** The most a listed entry may carry (`max`), or its own amount. */
export function maxOf(legal: LegalAction): number {
	const action = legal.action;
	if (legal.max !== undefined) return legal.max;
	if ('amount' in action) return action.amount;
	if (action.type === 'give') return action.money;
	return 0;
}

/** A listed entry with the amount the player chose (spend, transfer, capture transfer, gift money). */
export function withAmount(legal: LegalAction, amount: number): PlayerAction {
	const action = legal.action;
	if (action.type === 'give') return { ...action, money: amount };
	if ('amount' in action) return { ...action, amount } as PlayerAction;
	return action;
}

/** Parses what was typed in an amount field (a number field gives a number, or null when empty):
 * a whole number, else NaN, which the engine refuses and explains. */
export function parseAmount(typed: string | number | null | undefined): number {
	if (typeof typed === 'number') return typed;
	const trimmed = (typed ?? '').trim();
	return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
