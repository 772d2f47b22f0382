/**
 * Concrete candidates from `legalActions`: amounts bucketed, free-form entries filled in, and the
 * entries a bot never makes left out (leaving the game, absence votes, gifts, looks at hands that
 * the state already shows). Attacks, spending, offers and secret goals have their own files.
 */
import { outSides, type CardId, type GameState, type LegalAction, type PlayerAction, type ReorganizeAction, type Seat } from '../engine/index.js';

/** Entries no bot makes: they only lose (leave, give), vote others out, or tell nothing new. A bot
 * never calls off its attack either: nothing it learns between declaring and the first MB spent
 * (which commits the attack) changes its reckoning, and noise could declare and call off in turn. */
const NEVER: ReadonlySet<string> = new Set(['leave', 'declareAbsent', 'give', 'viewSpecials', 'withdrawOffer', 'callOff']);

/** Handled elsewhere: deals (offers.ts), attacks and spending (attacks.ts, turn.ts), secrets (secrets.ts). */
export const ELSEWHERE: ReadonlySet<string> = new Set(['offer', 'acceptOffer', 'declineOffer', 'attack', 'spend', 'commitGoal', 'revealGoal', 'editAlignment']);

export function isPass(action: PlayerAction): boolean {
	return action.type === 'passWindow' || action.type === 'passSpending' || action.type === 'declineClaim';
}

/** The rules' options a bot weighs itself (no deals, nothing it never does). */
export function ruleOptions(legal: readonly LegalAction[], absent: boolean): LegalAction[] {
	return legal.filter((option) => {
		const type = option.action.type;
		if (type === 'returnPresent') return absent;
		return !NEVER.has(type) && type !== 'offer' && type !== 'acceptOffer' && type !== 'declineOffer';
	});
}

/** All money of every treasury to the Illuminati (Gnomes of Zurich, White Collar Crime). */
function pooled(state: GameState, seat: Seat, treasuries: Readonly<Record<CardId, number>>): Record<CardId, number> {
	const illuminati = state.players[seat]!.illuminati!;
	const total = Object.values(treasuries).reduce((sum, amount) => sum + amount, 0);
	const out: Record<CardId, number> = {};
	for (const card of Object.keys(treasuries)) out[card] = card === illuminati ? total : 0;
	return out;
}

function allOrHalf(max: number | undefined): number[] {
	if (max === undefined || max < 1) return [];
	return max >= 2 ? [max, Math.floor(max / 2)] : [max];
}

/** Bermuda Triangle, end of turn: the present layout with one group hung on another arrow of a
 * card listed before it (so masters still come first); `step` refuses the ones that do not fit. */
function relayouts(action: ReorganizeAction, illuminati: CardId): ReorganizeAction[] {
	const layout = action.layout;
	const out: ReorganizeAction[] = [];
	layout.forEach((entry, index) => {
		const masters = [illuminati, ...layout.slice(0, index).map((before) => before.card)];
		for (const master of masters) {
			for (const side of outSides(master)) {
				if (master === entry.master && side === entry.side) continue;
				if (layout.some((other) => other.master === master && other.side === side)) continue;
				out.push({ ...action, layout: layout.map((other, i) => (i === index ? { ...other, master, side } : other)) });
			}
		}
	});
	return out;
}

export interface Concretize {
	readonly fine: boolean;
	readonly reorganizes: boolean;
}

/** Concrete entries for one legal option (none for the options weighed elsewhere). */
export function concretize(state: GameState, option: LegalAction, how: Concretize): PlayerAction[] {
	const action = option.action;
	if (ELSEWHERE.has(action.type)) return [];
	switch (action.type) {
		case 'transfer':
			// A transfer as an action spends one of the two actions on moving money: never worth it
			// to the bots, who pool money with the free transfers.
			if (action.mode === 'action') return [];
			return allOrHalf(option.max).map((amount) => ({ ...action, amount }));
		case 'captureTransfer':
			return allOrHalf(option.max).map((amount) => ({ ...action, amount }));
		case 'move':
			return how.reorganizes ? [action] : [];
		case 'reorganize':
			return how.reorganizes ? relayouts(action, state.players[action.seat]!.illuminati!) : [];
		case 'redistribute':
			return [{ ...action, treasuries: pooled(state, action.seat, action.treasuries) }];
		case 'playSpecial':
			return action.treasuries === undefined ? [action] : [{ ...action, treasuries: pooled(state, action.seat, action.treasuries) }];
		default:
			return [action];
	}
}
