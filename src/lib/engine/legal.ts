/**
 * legalActions(state, seat): what a seat may do now. Each entry holds one legal instance; `max`
 * says an amount may be any whole number up to it, `aidCandidates` that any subset of them may be
 * announced as aid (attack declaration, aid and spending are separate steps), `needsSecret` that
 * the player's own secret completes it. Every check here is the one `step` itself runs.
 */
import type { Action, AttackAction, PlayerAction } from './actions.js';
import { ALIGNMENTS, CARDS } from './cards/index.js';
import { editAlignmentProblem } from './abilities.js';
import { dealOptions, placeReceivedOptions } from './deals.js';
import { aidProblem, attackProblem, participationLimit } from './attack.js';
import { declareAbsentProblem } from './absence.js';
import { abolishOptions, privilegeChoices, spendingOptions, specialOptions, windowOptions } from './legal-specials.js';
import { WHISPERING_CAMPAIGN } from './privilege.js';
import { canSend, endOfTurnAbilityProblem, transferProblem } from './money.js';
import { powerOf } from './odds.js';
import { moveProblem } from './organize.js';
import { playerOf } from './state.js';
import { step } from './step.js';
import { openArrows, outSides } from './structure.js';
import { debtSources } from './turn.js';
import type { AttackKind, CardId, GameState, IncomeDebt, Seat } from './types.js';
import { ufoGoalChoices } from './victory.js';
import { skipPlayerProblem, viewSpecialsProblem } from './illuminated.js';

export interface LegalAction {
	readonly action: PlayerAction;
	readonly max?: number;
	readonly aidCandidates?: readonly CardId[];
	readonly needsSecret?: true;
	/** Attack: privileges it may also be declared with (a Special to discard, or the Bavarian payment). */
	readonly privileges?: readonly NonNullable<AttackAction['privilege']>[];
	readonly freeForm?: true;
}

const ZERO_COMMITMENT = '0'.repeat(64);
const KINDS: readonly AttackKind[] = ['control', 'neutralize', 'destroy'];

function accepted(state: GameState, action: Action): boolean {
	return step(state, action).ok;
}

function payOptions(state: GameState, debt: IncomeDebt): LegalAction[] {
	const structure = playerOf(state, debt.seat).structure;
	const sources = debtSources(state, debt);
	const options: LegalAction[] = [];
	for (const card of sources) {
		if (structure[card]!.money >= debt.amount) {
			options.push({ action: { type: 'pay', seat: debt.seat, reason: debt.reason, sources: [{ card, amount: debt.amount }] } });
		}
	}
	if (debt.reason === 'tax' && debt.amount === 2) {
		for (let i = 0; i < sources.length; i++) {
			for (let j = i + 1; j < sources.length; j++) {
				const pair = [{ card: sources[i]!, amount: 1 }, { card: sources[j]!, amount: 1 }];
				options.push({ action: { type: 'pay', seat: debt.seat, reason: 'tax', sources: pair } });
			}
		}
	}
	return options;
}

function attackOptions(state: GameState, seat: Seat): LegalAction[] {
	const player = playerOf(state, seat);
	const structure = player.structure;
	const turn = state.turn!;
	const targets: CardId[] = [...state.uncontrolled];
	for (const player of state.players) {
		for (const card in player.structure) if (CARDS[card]?.kind === 'group') targets.push(card);
	}
	const options: LegalAction[] = [];
	for (const attacker in structure) {
		if (powerOf(attacker) <= 0 || (turn.participated[attacker] ?? 0) >= participationLimit(attacker)) continue;
		for (const target of targets) {
			for (const kind of KINDS) {
				const plain: AttackAction = { type: 'attack', seat, kind, attacker, target, aids: [] };
				const variants = kind === 'destroy' && player.hand.includes(WHISPERING_CAMPAIGN) ? [plain, { ...plain, whispering: true }] : [plain];
				for (const action of variants) {
					if (attackProblem(state, action) !== null) continue;
					const aidCandidates = Object.keys(structure).filter((card) => aidProblem(state, action, card, []) === null);
					const privileges = privilegeChoices(state, action);
					options.push(privileges.length > 0 ? { action, aidCandidates, privileges } : { action, aidCandidates });
				}
			}
		}
	}
	return options;
}

function turnOptions(state: GameState, seat: Seat): LegalAction[] {
	const turn = state.turn!;
	const player = playerOf(state, seat);
	const structure = player.structure;
	const options: LegalAction[] = [];
	if (turn.lastCapture !== null) {
		const money = structure[turn.lastCapture.attacker]?.money ?? 0;
		if (money > 0 && structure[turn.lastCapture.target] !== undefined) {
			options.push({ action: { type: 'captureTransfer', seat, amount: 1 }, max: money });
		}
	}
	if (turn.step === 'actions') options.push(...attackOptions(state, seat));
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
	if (turn.step === 'actions' && turn.actionsLeft > 0) {
		for (const card in structure) {
			if (card === player.illuminati) continue;
			for (const master in structure) {
				for (const side of outSides(master)) {
					const action = { type: 'move', seat, card, master, side } as const;
					if (moveProblem(state, action) === null) options.push({ action });
				}
			}
		}
	}
	for (const card in structure) {
		if (card !== player.illuminati) options.push({ action: { type: 'drop', seat, card } });
	}
	for (const action of [
		{ type: 'passTurn', seat },
		{ type: 'endActions', seat },
		{ type: 'endTurn', seat },
		{ type: 'recycle', seat },
	] as const) {
		if (accepted(state, action)) options.push({ action });
	}
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

function revealOptions(state: GameState, seat: Seat): LegalAction[] {
	const player = playerOf(state, seat);
	if (player.goalCommitment === null || player.revealedGoal !== null || player.eliminated) return [];
	return ufoGoalChoices(player.illuminati!).map((goal) => ({
		action: { type: 'revealGoal', seat, goal, salt: '' },
		needsSecret: true,
	}));
}

/** Everything `seat` may do in this state: the rules' options, and the deals open to it
 * (deals.ts). Empty while the game waits for randomness. */
export function legalActions(state: GameState, seat: Seat): LegalAction[] {
	const options = rulesOptions(state, seat);
	if (state.random !== null || seat < 0 || seat >= state.players.length) return options;
	// Deals only while step considers entries at all: probing with an offer id that was never
	// made is refused NO_SUCH_OFFER exactly when nothing else (a window, an absence) comes first.
	const probe = step(state, { type: 'withdrawOffer', seat, offer: state.offerCount });
	const open = !probe.ok && probe.error.code === 'NO_SUCH_OFFER';
	return open ? [...options, ...dealOptions(state, seat)] : options;
}

/** The rules' options for `seat`, deals aside. */
function rulesOptions(state: GameState, seat: Seat): LegalAction[] {
	if (state.random !== null || seat < 0 || seat >= state.players.length) return [];
	if (playerOf(state, seat).absent) return membershipOptions(state, seat);
	if (state.chain !== null) {
		return [...windowOptions(state, seat), ...specialOptions(state, seat), ...abolishOptions(state, seat), ...viewOptions(state, seat), ...membershipOptions(state, seat)];
	}
	const phase = state.phase.kind === 'over' || state.phase.kind === 'setup' || state.phase.kind === 'ufoGoal' ? [] : specialOptions(state, seat);
	return [...phaseOptions(state, seat), ...windowOptions(state, seat), ...phase, ...viewOptions(state, seat), ...membershipOptions(state, seat)];
}

/** Illuminated Phone Company (FR add-on): a look at each other player's Specials, at any time. */
function viewOptions(state: GameState, seat: Seat): LegalAction[] {
	return state.players
		.map((other) => ({ type: 'viewSpecials', seat, player: other.seat }) as const)
		.filter((action) => viewSpecialsProblem(state, action) === null)
		.map((action) => ({ action }));
}

/** Leaving the Game (always open to a seat still in the game), votes to declare another seat
 * absent, and an absent seat's return. */
function membershipOptions(state: GameState, seat: Seat): LegalAction[] {
	const player = playerOf(state, seat);
	if (state.phase.kind === 'over' || player.eliminated) return [];
	const options: LegalAction[] = [{ action: { type: 'leave', seat } }];
	if (player.absent) return [...options, { action: { type: 'returnPresent', seat } }];
	for (const other of state.players) {
		const action = { type: 'declareAbsent', seat, target: other.seat } as const;
		if (declareAbsentProblem(state, action) === null) options.push({ action });
	}
	return options;
}

/** Joining, leaving and absence votes are always open: they don't make a seat one the game waits for. */
const ALWAYS_OPEN: ReadonlySet<string> = new Set(['revealGoal', 'leave', 'declareAbsent', 'returnPresent', 'viewSpecials']);

function phaseOptions(state: GameState, seat: Seat): LegalAction[] {
	const phase = state.phase;
	switch (phase.kind) {
		case 'over':
		case 'setup':
			return [];
		case 'ufoGoal':
			return phase.seat === seat ? [{ action: { type: 'commitGoal', seat, commitment: ZERO_COMMITMENT }, needsSecret: true }] : [];
		case 'income':
			return phase.owing.filter((debt) => debt.seat === seat).flatMap((debt) => payOptions(state, debt));
		case 'ufoClaim':
			return phase.seats.includes(seat) ? [{ action: { type: 'declineClaim', seat } }, ...revealOptions(state, seat)] : revealOptions(state, seat);
		case 'placement': {
			const placement = phase.placement;
			if (placement.seat !== seat) return [];
			const head = placement.queue[0]!;
			const structure = playerOf(state, seat).structure;
			const sides = openArrows(structure, head.master);
			if (placement.awaitingRoot && placement.transfer !== undefined) return placeReceivedOptions(state, seat);
			if (placement.awaitingRoot) return sides.map((side) => ({ action: { type: 'placeCapture', seat, side } }));
			return [...sides, null].map((side) => ({ action: { type: 'placePuppet', seat, card: head.card, side } }));
		}
		case 'attack': {
			const attack = phase.attack;
			const options: LegalAction[] = [];
			if (seat === attack.seat && !attack.committed) {
				const declared = { ...attack, type: 'attack' } as const;
				for (const card in playerOf(state, seat).structure) {
					if (aidProblem(state, declared, card, attack.aids) === null) options.push({ action: { type: 'aid', seat, card } });
				}
				options.push({ action: { type: 'callOff', seat } });
			}
			return [...options, ...spendingOptions(state, seat), ...abolishOptions(state, seat)];
		}
		case 'turn':
			return state.turn!.seat === seat ? [...turnOptions(state, seat), ...revealOptions(state, seat)] : revealOptions(state, seat);
		case 'afterRoll':
		case 'turnStart':
			return revealOptions(state, seat);
	}
}

/** Seats that have something to do now, not counting a UFO reveal (which is always open). */
export function seatsToAct(state: GameState): Seat[] {
	return state.players
		.map((p) => p.seat)
		.filter((seat) => rulesOptions(state, seat).some((legal) => !ALWAYS_OPEN.has(legal.action.type)));
}
