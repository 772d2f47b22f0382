/**
 * The 15 Special cards (Basic Rules: Special Cards; the cards' own texts, in our words in the card
 * data). Every card played, or discarded for a privilege, first waits in a cancel window in which
 * anyone may answer with Secrets Man Was Not Meant to Know, which can itself be cancelled. When
 * every seat has passed, the chain resolves from the last card back, and the first card takes
 * effect unless it was cancelled. Of two Specials that contradict, the last played governs.
 */
import { handSubject } from './hidden.js';
import type { AbolishPrivilegeAction, PlaySpecialAction } from './actions.js';
import { CARDS, specialCard } from './cards/index.js';
import { fail, ok, type RuleError, type StepResult } from './errors.js';
import { unwindAttack } from './attack.js';
import { isPrivileged, specialsInHand } from './privilege.js';
import { fromBank, markFreeAction, ownerOf, playerOf, totalMoney, updatePlayer, updateTurn } from './state.js';
import { arrowStatus, outSides, placementOn, withCard } from './structure.js';
import { finishTurn } from './turn.js';
import type { CardId, ChainPlay, GameState, Placement, Seat, SpecialPlayEffect } from './types.js';
import { reopen } from './window-state.js';

function problem(code: RuleError['code'], message: string): RuleError {
	return { code, message };
}

const ANY_TIME_PHASES = new Set(['turn', 'income', 'attack', 'afterRoll', 'turnStart', 'placement', 'ufoClaim']);

/** Puts played cards in the cancel window (or adds an answer to the one open). */
export function openChain(state: GameState, seat: Seat, cards: readonly CardId[], effect: SpecialPlayEffect): GameState {
	const next = updatePlayer(state, seat, (player) => ({ ...player, hand: player.hand.filter((card) => !cards.includes(card)) }));
	const play: ChainPlay = { seat, cards: [...cards], effect };
	return { ...next, chain: { plays: [...(state.chain?.plays ?? []), play], passed: [] } };
}

function ownTurn(state: GameState, seat: Seat): boolean {
	return state.turn !== null && state.turn.seat === seat;
}

/** What playing this card now would do, or why it can't be played. */
export function specialEffect(state: GameState, action: PlaySpecialAction): SpecialPlayEffect | RuleError {
	const data = specialCard(action.card);
	const effect = data.effect;
	const phase = state.phase;
	if (state.chain !== null) {
		if (effect.kind !== 'cancelSpecial') return problem('WINDOW_OPEN', 'Only Secrets Man Was Not Meant to Know answers a card just played.');
		const target = action.cancels ?? state.chain.plays.length - 1;
		if (target >= state.chain.plays.length) return problem('NOT_APPLICABLE', `There is no play ${target} to cancel.`);
		return { kind: 'cancel', target };
	}
	if (!ANY_TIME_PHASES.has(phase.kind)) return problem('WRONG_PHASE', 'Specials are played during the game.');
	switch (effect.kind) {
		case 'setRoll':
			return phase.kind === 'afterRoll' ? { kind: 'setRoll', value: effect.value } : problem('WRONG_PHASE', 'Played immediately after an attack roll.');
		case 'abolishPrivilege':
			return phase.kind === 'attack' && isPrivileged(phase.attack) ? { kind: 'abolishPrivilege' } : problem('NOT_APPLICABLE', 'No privilege to abolish.');
		case 'interfereInPrivileged': {
			if (phase.kind !== 'attack' || !isPrivileged(phase.attack)) return problem('NOT_APPLICABLE', 'Played during a privileged attack.');
			if (phase.attack.interferers.length > 0) return problem('NOT_APPLICABLE', 'Someone already interferes alone in this attack.');
			if (action.seat === phase.attack.seat || action.seat === phase.attack.defender) {
				return problem('NOT_APPLICABLE', 'The attacker and the defender already take part.');
			}
			return { kind: 'interference' };
		}
		case 'doubleIncome':
			return phase.kind === 'turnStart' && ownTurn(state, action.seat) ? { kind: 'doubleIncome' } : problem('WRONG_PHASE', 'Played in your own income step.');
		case 'skipTurn':
			return phase.kind === 'turnStart' && !ownTurn(state, action.seat) ? { kind: 'skipTurn' } : problem('WRONG_PHASE', "Played as another player's turn begins.");
		case 'cancelSpecial':
			return problem('NOT_APPLICABLE', 'Secrets Man Was Not Meant to Know answers a card just played.');
		case 'destroyPowerless':
			return problem('NOT_APPLICABLE', 'Whispering Campaign is played with an attack to destroy.');
		case 'gainMoney':
			return { kind: 'gainMoney', amount: effect.amount };
		case 'revive':
			return action.target !== undefined && state.dead.includes(action.target)
				? { kind: 'revive', target: action.target }
				: problem('NOT_APPLICABLE', 'Name a group in the dead pile.');
		case 'inspect':
			return inspectEffect(state, action);
		case 'bribery':
			return briberyEffect(state, action);
		case 'reorganizeMoney':
			return reorganizeEffect(state, action, effect.bonus);
	}
}

function inspectEffect(state: GameState, action: PlaySpecialAction): SpecialPlayEffect | RuleError {
	if (action.player !== undefined && action.target === undefined) {
		const other = state.players[action.player];
		if (other === undefined || other.eliminated || action.player === action.seat) return problem('NOT_APPLICABLE', 'Name another player.');
		return { kind: 'inspectHand', player: action.player };
	}
	if (action.target !== undefined && action.player === undefined) {
		const owner = ownerOf(state, action.target);
		if (owner === null || owner === action.seat) return problem('NOT_APPLICABLE', "Name a group in another player's structure.");
		return { kind: 'inspectTreasury', target: action.target };
	}
	return problem('NOT_APPLICABLE', 'Look at one player\'s Specials or one group\'s treasury.');
}

/** Bribery: a regular action on your turn; an uncontrolled group joins on an open arrow. */
function briberyEffect(state: GameState, action: PlaySpecialAction): SpecialPlayEffect | RuleError {
	const turn = state.turn;
	if (state.phase.kind !== 'turn' || turn === null || turn.seat !== action.seat || turn.step !== 'actions') {
		return problem('WRONG_PHASE', 'Bribery is an action of your own turn.');
	}
	if (turn.actionsLeft < 1) return problem('NO_ACTIONS_LEFT', 'Bribery uses one of your actions.');
	const { target, master, side } = action;
	if (target === undefined || !state.uncontrolled.includes(target)) return problem('NOT_APPLICABLE', 'Name an uncontrolled group.');
	const structure = playerOf(state, action.seat).structure;
	if (master === undefined || side === undefined || structure[master] === undefined) {
		return problem('ARROW_NOT_OPEN', 'Name the open arrow of your structure the group goes on.');
	}
	if (!outSides(master).includes(side) || arrowStatus(structure, master, side) !== 'open') {
		return problem('ARROW_NOT_OPEN', `Side ${side} of ${master} is not an open arrow.`);
	}
	return { kind: 'bribery', target, master, side };
}

/** White Collar Crime: move money freely between your treasuries and add the bonus anywhere. */
function reorganizeEffect(state: GameState, action: PlaySpecialAction, bonus: number): SpecialPlayEffect | RuleError {
	const player = playerOf(state, action.seat);
	const treasuries = action.treasuries;
	if (treasuries === undefined) return problem('BAD_AMOUNT', 'Give every treasury its new amount.');
	let total = 0;
	for (const [card, amount] of Object.entries(treasuries)) {
		if (player.structure[card] === undefined) return problem('NOT_YOUR_GROUP', `${card} is not in your structure.`);
		if (!Number.isSafeInteger(amount) || amount < 0) return problem('BAD_AMOUNT', 'Treasuries hold whole, non-negative MB.');
		total += amount;
	}
	const expected = totalMoney(player) + bonus;
	return total === expected ? { kind: 'reorganizeMoney', treasuries } : problem('BAD_AMOUNT', `The treasuries must hold ${expected} MB in all.`);
}

export function playSpecial(state: GameState, action: PlaySpecialAction): StepResult<GameState> {
	if (CARDS[action.card]?.kind !== 'special') return fail('NOT_APPLICABLE', `${action.card} is not a Special card.`);
	const player = playerOf(state, action.seat);
	if (player.eliminated) return fail('NOT_ELIGIBLE', 'You are out of the game.');
	if (!player.hand.includes(action.card)) return fail('NOT_IN_HAND', `You hold no ${action.card}.`);
	const effect = specialEffect(state, action);
	if ('code' in effect) return { ok: false, error: effect };
	const next = effect.kind === 'bribery' ? updateTurn(state, { actionsLeft: state.turn!.actionsLeft - 1, acted: true }) : state;
	const acted = next.options.rules.everyFreeActionCounts === true ? markFreeAction(next, action.seat) : ownTurn(next, action.seat) && next.phase.kind === 'turn' ? updateTurn(next, { acted: true }) : next;
	return ok(openChain(acted, action.seat, [action.card], effect));
}

/** Two Specials discarded together abolish a privilege; one replaces a card of the pair that was cancelled. */
export function abolishPrivilege(state: GameState, action: AbolishPrivilegeAction): StepResult<GameState> {
	if ((state.options.rules as { privilegeAbolish?: string }).privilegeAbolish === 'deepAgentOnly') {
		return fail('NOT_APPLICABLE', 'With this rule option only Deep Agent abolishes a privilege.');
	}
	if (!specialsInHand(state, action.seat, action.cards)) return fail('NOT_IN_HAND', 'Discard Specials you hold, each once.');
	const chain = state.chain;
	if (chain !== null) {
		const base = chain.plays[0]!;
		if (base.effect.kind !== 'abolishPrivilege' || base.cards.length !== 2 || base.seat !== action.seat || action.cards.length !== 1) {
			return fail('WINDOW_OPEN', 'Only the player who discarded the pair may replace a cancelled card, one at a time.');
		}
		// Special Cards: a card of the pair cancelled by Secrets "is lost unless the player can replace it";
		// with the pair still whole there is nothing to replace.
		if (chainOutcome(chain.plays).effective[0]) return fail('NOT_APPLICABLE', 'No card of the pair is cancelled: nothing to replace.');
		return ok(openChain(state, action.seat, action.cards, { kind: 'replace', target: 0 }));
	}
	if (state.phase.kind !== 'attack' || !isPrivileged(state.phase.attack)) return fail('NOT_APPLICABLE', 'No privilege to abolish.');
	// Special Cards: two Specials discarded together "abolish someone else's privilege".
	if (action.seat === state.phase.attack.seat) return fail('NOT_APPLICABLE', 'The pair abolishes someone else\'s privilege, not your own.');
	if (action.cards.length !== 2) return fail('NOT_APPLICABLE', 'Abolishing a privilege takes two Specials discarded together.');
	return ok(openChain(state, action.seat, action.cards, { kind: 'abolishPrivilege' }));
}

/** Which plays of the chain take effect: each uncancelled Secrets cancels its target; a card of a
 * pair can be cancelled alone, and the pair then needs a replacement to still count. */
export function chainOutcome(plays: readonly ChainPlay[]): { effective: boolean[] } {
	const cancelled = plays.map(() => false);
	const cardsLeft = plays.map((play) => play.cards.length);
	for (let i = plays.length - 1; i >= 0; i--) {
		if (cancelled[i]) continue;
		const effect = plays[i]!.effect;
		if (effect.kind === 'cancel') {
			if (plays[effect.target]!.cards.length > 1) cardsLeft[effect.target]! -= 1;
			else cancelled[effect.target] = true;
		} else if (effect.kind === 'replace') {
			cardsLeft[effect.target]! += 1;
		}
	}
	return { effective: plays.map((play, i) => !cancelled[i] && cardsLeft[i]! >= play.cards.length) };
}

/** Every seat passed: discard the chain's cards and apply the first play if it still stands. A
 * privilege discarded with a Whispering Campaign shares its window and stands or falls alone. */
export function resolveChain(state: GameState): GameState {
	const plays = state.chain!.plays;
	const { effective } = chainOutcome(plays);
	const base = plays[0]!;
	const privileges = plays.filter((play, i) => i > 0 && play.effect.kind === 'privilege' && effective[i]);
	const discarded: GameState = { ...state, chain: null, discard: [...state.discard, ...plays.flatMap((play) => play.cards)] };
	if (!effective[0]) {
		if (base.effect.kind === 'whispering' && discarded.phase.kind === 'attack') {
			// The attack never happened: a privilege bought for it comes back, as a Bavarian payment does.
			return unwindAttack(returnToHand(discarded, privileges), discarded.phase.attack);
		}
		return reopen(discarded);
	}
	return privileges.reduce((next, play) => applyEffect(next, play.seat, play.effect), applyEffect(discarded, base.seat, base.effect));
}

function returnToHand(state: GameState, plays: readonly ChainPlay[]): GameState {
	let next = state;
	for (const play of plays) {
		next = updatePlayer(next, play.seat, (player) => ({ ...player, hand: [...player.hand, ...play.cards] }));
		next = { ...next, discard: next.discard.filter((card) => !play.cards.includes(card)) };
	}
	return next;
}

function withAttackChange(state: GameState, change: (attack: import('./types.js').AttackState) => import('./types.js').AttackState): GameState {
	const phase = state.phase;
	if (phase.kind === 'attack') return reopen({ ...state, phase: { ...phase, attack: change(phase.attack) } });
	if (phase.kind === 'afterRoll') return reopen({ ...state, phase: { ...phase, attack: change(phase.attack) } });
	return state;
}

function applyEffect(state: GameState, seat: Seat, effect: SpecialPlayEffect): GameState {
	switch (effect.kind) {
		case 'privilege':
			return withAttackChange(state, (attack) => (attack.privilegeAbolished ? attack : { ...attack, privileged: true }));
		case 'abolishPrivilege':
			return withAttackChange(state, (attack) => ({ ...attack, privileged: false, privilegeAbolished: true }));
		case 'interference':
			return withAttackChange(state, (attack) => (attack.interferers.length > 0 ? attack : { ...attack, interferers: [seat] }));
		case 'setRoll':
			return withAttackChange(state, (attack) => ({ ...attack, roll: effect.value <= 2 ? [1, 1] : [6, 6] }));
		case 'whispering':
		case 'cancel':
		case 'replace':
			return reopen(state);
		case 'gainMoney':
			// A seat that left while the chain was open (Leaving the Game) has no treasury to take it.
			if (playerOf(state, seat).eliminated) return reopen(state);
			return reopen(fromBank(state, seat, playerOf(state, seat).illuminati!, effect.amount));
		case 'revive':
			return reopen(state.dead.includes(effect.target) ? { ...state, dead: state.dead.filter((c) => c !== effect.target), uncontrolled: [...state.uncontrolled, effect.target] } : state);
		case 'inspectHand':
			return reopen(grant(state, seat, handSubject(state, effect.player)));
		case 'inspectTreasury': {
			const owner = ownerOf(state, effect.target);
			const money = owner === null ? 0 : (playerOf(state, owner).structure[effect.target]?.money ?? 0);
			return reopen(grant(state, seat, { kind: 'treasury', card: effect.target, money }));
		}
		case 'doubleIncome':
			return state.phase.kind === 'turnStart' ? { ...state, phase: { ...state.phase, doubleIncome: true, passed: [] } } : state;
		case 'skipTurn':
			// Senate Investigating Committee: the player loses the whole turn.
			return state.phase.kind === 'turnStart' ? finishTurn({ ...state, phase: { kind: 'turn' } }) : state;
		case 'bribery':
			return reopen(bribe(state, seat, effect));
		case 'reorganizeMoney':
			return reopen(reorganizeMoney(state, seat, effect.treasuries));
	}
}

/** Computer Espionage (and the Illuminated Phone Company's look): what one player was shown. */
export function grant(state: GameState, viewer: Seat, subject: import('./types.js').Grant['subject']): GameState {
	return { ...state, grants: [...state.grants, { viewer, subject, at: state.accepted }] };
}

function bribe(state: GameState, seat: Seat, effect: Extract<SpecialPlayEffect, { kind: 'bribery' }>): GameState {
	const structure = playerOf(state, seat).structure;
	if (!state.uncontrolled.includes(effect.target) || arrowStatus(structure, effect.master, effect.side) !== 'open') return state;
	const next = updatePlayer(state, seat, (player) => ({
		...player,
		structure: withCard(player.structure, effect.target, placementOn(player.structure, effect.target, effect.master, effect.side, 0)),
	}));
	return { ...next, uncontrolled: next.uncontrolled.filter((card) => card !== effect.target) };
}

function reorganizeMoney(state: GameState, seat: Seat, treasuries: Readonly<Record<CardId, number>>): GameState {
	const player = playerOf(state, seat);
	const before = totalMoney(player);
	const after = Object.values(treasuries).reduce((sum, amount) => sum + amount, 0);
	if (Object.keys(treasuries).some((card) => player.structure[card] === undefined) || after < before) return state;
	const next = updatePlayer(state, seat, (p) => {
		const structure: Record<CardId, Placement> = {};
		for (const card in p.structure) structure[card] = { ...p.structure[card]!, money: treasuries[card] ?? 0 };
		return { ...p, structure };
	});
	return { ...next, bank: { ...next.bank, issued: next.bank.issued + (after - before) } };
}

/** What Computer Espionage showed this viewer; the UI and bots must show nothing else. */
export function visibleGrants(state: GameState, viewer: Seat): GameState['grants'] {
	return state.grants.filter((grant) => grant.viewer === viewer);
}
