/**
 * Differential check of legalActions against step, shared by the legal-actions fuzz tests.
 * Soundness: every listed option, made concrete (amount 1 and the listed maximum, each listed aid,
 * each listed privilege, the free-form example), is accepted by step. Completeness: a brute-force
 * enumeration of candidate entries over every card, seat, side and offer id, each tried with step;
 * every accepted one must be listed (at the granularity legalActions lists: one amount stands for
 * all amounts up to `max`, aid and privileges are checked per listed attack).
 */
import { ALIGNMENTS, CARDS } from '../../src/lib/engine/cards/index.js';
import { legalActions, offerDigest, step, type GameState, type LegalAction, type PlayerAction, type Seat } from '../../src/lib/engine/index.js';

const SIDES = [0, 1, 2, 3] as const;
const KINDS = ['control', 'neutralize', 'destroy'] as const;
/** Types the enumeration leaves out: their options are free-form examples or need a secret. */
const FREE_FORM: ReadonlySet<string> = new Set(['offer', 'redistribute', 'reorganize', 'commitGoal', 'revealGoal']);

/** The fields of an action that tell one listed option from another (amounts, aid and privilege aside). */
function optionFields(action: PlayerAction): Record<string, string> {
	const { aids: _aids, privilege: _privilege, amount: _amount, ...rest } = action as unknown as Record<string, unknown>;
	const fields: Record<string, string> = {};
	for (const [name, value] of Object.entries(rest)) fields[name] = JSON.stringify(value);
	if (action.type === 'give') fields.money = action.money > 0 ? '1' : '0';
	if (action.type === 'attack') fields.whispering = String(action.whispering === true);
	return fields;
}

/** Whether a listed option stands for this entry: same type, and every field the option names
 * agrees (step ignores fields a card does not use, e.g. a target on a Special that takes none). */
function covers(option: Record<string, string>, entry: Record<string, string>): boolean {
	for (const name in option) if (option[name] !== entry[name]) return false;
	return true;
}

/** Accepted by step but deliberately not offered: spending again after passing in the same
 * spending window (the seat said it is done; step still takes the money); an answer to an offer
 * by number alone (the form of logs from before answers named their offer's digest). */
function notOffered(state: GameState, action: PlayerAction): boolean {
	if ((action.type === 'acceptOffer' || action.type === 'declineOffer' || action.type === 'withdrawOffer') && action.digest === undefined) return true;
	return action.type === 'spend' && state.phase.kind === 'attack' && state.phase.attack.passed.includes(action.seat);
}

function accepted(state: GameState, action: PlayerAction): boolean {
	return step(state, action).ok;
}

/** Every card anywhere a rule may name: structures, uncontrolled, dead, hands, plus one unknown id. */
function cardsInView(state: GameState): string[] {
	const cards = new Set<string>([...state.uncontrolled, ...state.dead, 'no-such-card']);
	for (const player of state.players) {
		for (const card in player.structure) cards.add(card);
		for (const card of player.hand) cards.add(card);
	}
	return [...cards];
}

/** Candidate entries for `seat`, by brute force (deliberately knowing nothing of the rules). */
function candidates(state: GameState, seat: Seat): PlayerAction[] {
	const out: PlayerAction[] = [];
	const me = state.players[seat]!;
	const own = Object.keys(me.structure);
	const all = cardsInView(state);
	const seats = state.players.map((p) => p.seat);
	const hand = [...new Set(me.hand)];
	for (const type of ['declineClaim', 'passWindow', 'passSpending', 'callOff', 'passTurn', 'endActions', 'endTurn', 'recycle', 'leave', 'returnPresent'] as const) {
		out.push({ type, seat });
	}
	if (state.phase.kind === 'income') {
		for (const debt of state.phase.owing.filter((d) => d.seat === seat)) {
			for (const card of own) out.push({ type: 'pay', seat, reason: debt.reason, sources: [{ card, amount: debt.amount }] });
			if (debt.reason === 'tax' && debt.amount === 2) {
				for (const a of own) for (const b of own) if (a < b) out.push({ type: 'pay', seat, reason: 'tax', sources: [{ card: a, amount: 1 }, { card: b, amount: 1 }] });
			}
		}
	}
	for (const attacker of own) {
		for (const target of all) {
			for (const kind of KINDS) {
				out.push({ type: 'attack', seat, kind, attacker, target, aids: [] });
				out.push({ type: 'attack', seat, kind, attacker, target, aids: [], whispering: true });
			}
		}
	}
	for (const card of own) {
		out.push({ type: 'aid', seat, card }, { type: 'drop', seat, card });
		out.push({ type: 'spend', seat, from: card, amount: 1 }, { type: 'spend', seat, from: card, amount: 1, side: 'for' }, { type: 'spend', seat, from: card, amount: 1, side: 'against' });
		for (const to of own) for (const mode of ['action', 'free'] as const) out.push({ type: 'transfer', seat, mode, from: card, to, amount: 1 });
		for (const master of own) for (const side of SIDES) out.push({ type: 'move', seat, card, master, side });
	}
	for (const side of SIDES) {
		out.push({ type: 'placeCapture', seat, side });
		for (const master of own) out.push({ type: 'placeReceived', seat, master, side });
	}
	if (state.phase.kind === 'placement') {
		for (const side of [...SIDES, null]) for (const { card } of state.phase.placement.queue) out.push({ type: 'placePuppet', seat, card, side });
	}
	out.push({ type: 'captureTransfer', seat, amount: 1 });
	for (const target of all) for (const op of ['add', 'remove', 'reverse'] as const) for (const alignment of ALIGNMENTS) out.push({ type: 'editAlignment', seat, target, op, alignment });
	for (const other of seats) {
		out.push({ type: 'skipPlayer', seat, target: other }, { type: 'viewSpecials', seat, player: other }, { type: 'declareAbsent', seat, target: other });
		out.push({ type: 'give', seat, to: other, money: 1, specials: [] });
		for (const card of hand) out.push({ type: 'give', seat, to: other, money: 0, specials: [card] });
	}
	for (let offer = 0; offer <= state.offerCount; offer++) {
		for (const type of ['acceptOffer', 'declineOffer', 'withdrawOffer'] as const) out.push({ type, seat, offer });
	}
	for (const offer of state.offers) {
		const digest = offerDigest(offer);
		for (const type of ['acceptOffer', 'declineOffer', 'withdrawOffer'] as const) out.push({ type, seat, offer: offer.id, digest });
	}
	for (const [i, card] of hand.entries()) {
		out.push({ type: 'abolishPrivilege', seat, cards: [card] });
		// Pairs in hand order, as legalActions lists them (step takes either order).
		for (const other of hand.slice(i + 1)) out.push({ type: 'abolishPrivilege', seat, cards: [card, other] });
		if (CARDS[card]?.kind !== 'special') continue;
		out.push({ type: 'playSpecial', seat, card });
		for (let cancels = 0; cancels < (state.chain?.plays.length ?? 0) + 1; cancels++) out.push({ type: 'playSpecial', seat, card, cancels });
		for (const target of all) out.push({ type: 'playSpecial', seat, card, target });
		for (const player of seats) out.push({ type: 'playSpecial', seat, card, player });
		for (const target of state.uncontrolled) for (const master of own) for (const side of SIDES) out.push({ type: 'playSpecial', seat, card, target, master, side });
	}
	return out;
}

/** Problems found for one state and seat (empty when legalActions agrees with step). */
export function disagreements(state: GameState, seat: Seat): string[] {
	const problems: string[] = [];
	const legal = legalActions(state, seat);
	const listed = new Map<string, Record<string, string>[]>();
	for (const option of legal) listed.set(option.action.type, [...(listed.get(option.action.type) ?? []), optionFields(option.action)]);
	const isListed = (action: PlayerAction) => (listed.get(action.type) ?? []).some((option) => covers(option, optionFields(action)));
	for (const option of legal) {
		for (const action of concrete(option)) if (!accepted(state, action)) problems.push(`listed but refused: ${JSON.stringify(action)} (${stepCode(state, action)})`);
		if (option.max !== undefined && 'amount' in option.action) {
			const over = { ...option.action, amount: option.max + 1 } as PlayerAction;
			if (accepted(state, over)) problems.push(`more than max accepted: ${JSON.stringify(over)}`);
		}
		if (option.action.type === 'give' && option.max !== undefined && accepted(state, { ...option.action, money: option.max + 1 })) {
			problems.push(`a gift over max accepted: ${JSON.stringify(option.action)}`);
		}
	}
	for (const action of candidates(state, seat)) {
		if (FREE_FORM.has(action.type) || notOffered(state, action) || isListed(action) || !accepted(state, action)) continue;
		problems.push(`accepted but not listed: ${JSON.stringify(action)}`);
	}
	// Per listed attack: exactly the aids and privileges step accepts.
	for (const option of legal) {
		const action = option.action;
		if (action.type !== 'attack') continue;
		for (const card of Object.keys(state.players[seat]!.structure)) {
			const ok = accepted(state, { ...action, aids: [card] });
			if (ok !== (option.aidCandidates ?? []).includes(card)) problems.push(`aid ${card} ${ok ? 'accepted but not listed' : 'listed but refused'} for ${JSON.stringify(action)}`);
		}
		const privileges = [{ kind: 'bavarian' } as const, ...state.players[seat]!.hand.map((card) => ({ kind: 'discard', card }) as const)];
		for (const privilege of privileges) {
			const ok = accepted(state, { ...action, privilege });
			const offered = (option.privileges ?? []).some((p) => JSON.stringify(p) === JSON.stringify(privilege));
			if (ok !== offered) problems.push(`privilege ${JSON.stringify(privilege)} ${ok ? 'accepted but not listed' : 'listed but refused'} for ${JSON.stringify(action)}`);
		}
	}
	return problems;
}

function concrete(option: LegalAction): PlayerAction[] {
	const action = option.action;
	if (option.needsSecret) return [];
	const out: PlayerAction[] = [action];
	if (option.max !== undefined && 'amount' in action) out.push({ ...action, amount: option.max } as PlayerAction);
	if (option.max !== undefined && action.type === 'give') out.push({ ...action, money: option.max });
	if (action.type === 'attack') {
		if (option.aidCandidates !== undefined && option.aidCandidates.length > 0) out.push({ ...action, aids: option.aidCandidates });
		for (const privilege of option.privileges ?? []) out.push({ ...action, privilege });
	}
	return out;
}

function stepCode(state: GameState, action: PlayerAction): string {
	const result = step(state, action);
	return result.ok ? 'ok' : result.error.code;
}
