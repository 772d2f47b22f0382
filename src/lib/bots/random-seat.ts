/**
 * The `random` level: one seat playing uniformly random legal entries (an entry type first, then
 * one of its instances, amounts and aid at random), like the random player's cautious policy: it
 * rarely drops its own groups, never leaves or votes others absent, and answers offers at random.
 * It acts when the game needs it, and on its own turn.
 */
import { goalCommitment, legalActions, type CardId, type GameState, type LegalAction, type PlayerAction, type Seat } from '../engine/index.js';
import { ufoGoalChoices } from '../engine/victory.js';
import type { Player } from './bot.js';
import { Chooser } from './random-player.js';

const NEVER: ReadonlySet<string> = new Set(['leave', 'declareAbsent', 'viewSpecials', 'give', 'offer', 'withdrawOffer', 'revealGoal', 'returnPresent']);
const REQUIRED: ReadonlySet<string> = new Set(['passWindow', 'passSpending', 'declineClaim', 'pay', 'placeCapture', 'placePuppet', 'placeReceived', 'commitGoal', 'endTurn', 'endActions']);

function split(chooser: Chooser, total: number, cards: readonly CardId[]): Record<CardId, number> {
	const out: Record<CardId, number> = {};
	for (const card of cards) out[card] = 0;
	for (let i = 0; i < total; i++) out[chooser.pick(cards)]! += 1;
	return out;
}

export class RandomSeat implements Player {
	private readonly chooser: Chooser;
	private readonly secrets = new Map<Seat, { goal: CardId; salt: string }>();

	constructor(seed: string) {
		this.chooser = new Chooser(`random-seat:${seed}`);
	}

	decide(state: GameState, seat: Seat): PlayerAction | null {
		const chooser = this.chooser;
		const secret = this.secrets.get(seat);
		const legal = legalActions(state, seat);
		if (state.phase.kind === 'ufoClaim' && state.phase.seats.includes(seat)) {
			const reveal = legal.find((option) => option.action.type === 'revealGoal' && option.action.goal === secret?.goal);
			if (reveal !== undefined && secret !== undefined) return { ...(reveal.action as PlayerAction & { type: 'revealGoal' }), salt: secret.salt };
		}
		const options = legal.filter((option) => !NEVER.has(option.action.type) && (option.action.type !== 'drop' || chooser.chance(1, 20)));
		const ownTurn = state.phase.kind === 'turn' && state.turn?.seat === seat;
		const offers = options.some((option) => option.action.type === 'acceptOffer' || option.action.type === 'declineOffer');
		if (!ownTurn && !offers && !options.some((option) => REQUIRED.has(option.action.type))) return null;
		if (options.length === 0) return null;
		const types = [...new Set(options.map((option) => option.action.type))];
		const type = chooser.pick(types);
		return this.concretize(seat, chooser.pick(options.filter((option) => option.action.type === type)));
	}

	private concretize(seat: Seat, legal: LegalAction): PlayerAction {
		const chooser = this.chooser;
		const action = legal.action;
		if (legal.max !== undefined && 'amount' in action) return { ...action, amount: 1 + chooser.int(legal.max) };
		switch (action.type) {
			case 'attack': {
				const aids = (legal.aidCandidates ?? []).filter(() => chooser.chance(1, 2));
				const privileges = legal.privileges ?? [];
				if (privileges.length > 0 && chooser.chance(1, 3)) return { ...action, aids, privilege: chooser.pick(privileges) };
				return { ...action, aids };
			}
			case 'commitGoal': {
				const secret = { goal: chooser.pick(ufoGoalChoices()), salt: chooser.hex(8) };
				this.secrets.set(seat, secret);
				return { ...action, commitment: goalCommitment(secret.goal, secret.salt) };
			}
			case 'redistribute':
				return { ...action, treasuries: split(chooser, Object.values(action.treasuries).reduce((a, b) => a + b, 0), Object.keys(action.treasuries)) };
			case 'playSpecial':
				if (action.treasuries === undefined) return action;
				return { ...action, treasuries: split(chooser, Object.values(action.treasuries).reduce((a, b) => a + b, 0), Object.keys(action.treasuries)) };
			default:
				return action;
		}
	}
}
