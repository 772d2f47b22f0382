/**
 * legalActions(state, seat): what a seat may do now. Each entry holds one legal instance; `max`
 * says an amount may be any whole number up to it, `aidCandidates` that any subset of them may be
 * announced as aid (attack declaration, aid and spending are separate steps), `needsSecret` that
 * the player's own secret completes it. Every check here is the one `step` itself runs.
 */
import type { AttackAction, PlayerAction } from './actions.js';
import { dealOptions, placeReceivedOptions } from './deals.js';
import { aidProblem } from './attack.js';
import { attackOptions } from './legal-attacks.js';
import { listed, TURN_SECTIONS, type Section } from './legal-turn.js';
import { declareAbsentProblem } from './absence.js';
import { abolishOptions, spendingOptions, specialOptions, windowOptions } from './legal-specials.js';
import { playerOf } from './state.js';
import { entryGateProblem } from './step.js';
import { accusationGateProblem, hiddenIlluminatiHolds } from './hidden-illuminati-deal.js';
import { defenceRevealOptions } from './hidden-illuminati-reveal.js';
import { placementChoices } from './placement.js';
import { debtSources } from './turn.js';
import type { CardId, GameState, IncomeDebt, Seat } from './types.js';
import { hasSecretGoal, ufoGoalChoices } from './victory.js';
import { viewSpecialsProblem } from './illuminated.js';
import { waiveTaxOptions } from './irs.js';

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

/** The payments of `debt`, appended to `options` until it holds `limit` of them. */
function payOptions(state: GameState, debt: IncomeDebt, options: LegalAction[], limit: number): void {
	const structure = playerOf(state, debt.seat).structure;
	const sources = debtSources(state, debt);
	for (const card of sources) {
		if (options.length >= limit) return;
		if (structure[card]!.money >= debt.amount) {
			options.push({ action: { type: 'pay', seat: debt.seat, reason: debt.reason, sources: [{ card, amount: debt.amount }] } });
		}
	}
	if (debt.reason === 'tax' && debt.amount === 2) {
		for (let i = 0; i < sources.length; i++) {
			for (let j = i + 1; j < sources.length; j++) {
				if (options.length >= limit) return;
				const pair = [{ card: sources[i]!, amount: 1 }, { card: sources[j]!, amount: 1 }];
				options.push({ action: { type: 'pay', seat: debt.seat, reason: 'tax', sources: pair } });
			}
		}
	}
}

/** `seat`'s payments, debt by debt: the first `limit` of them. */
function incomePayments(state: GameState, owing: readonly IncomeDebt[], seat: Seat, limit = Infinity): LegalAction[] {
	const options: LegalAction[] = [];
	for (const debt of owing) if (debt.seat === seat && options.length < limit) payOptions(state, debt, options, limit);
	return options;
}

/** The payments among legalActions(state, seat), in the same order, without listing the rest: for
 * playouts that take the first one. Empty outside the income phase and where legalActions lists
 * none (randomness pending, a window open, the seat absent); not for Hidden Illuminati games,
 * where an accusation can hold them. `limit`: only the first ones (a playout takes the first). */
export function paymentOptions(state: GameState, seat: Seat, limit = Infinity): LegalAction[] {
	const phase = state.phase;
	if (phase.kind !== 'income' || state.random !== null || state.chain !== null || !Number.isInteger(seat) || seat < 0 || seat >= state.players.length || playerOf(state, seat).absent) return [];
	return incomePayments(state, phase.owing, seat, limit);
}

function revealOptions(state: GameState, seat: Seat): LegalAction[] {
	const player = playerOf(state, seat);
	if (player.goalCommitment === null || player.revealedGoal !== null || player.eliminated) return [];
	if (!hasSecretGoal(state, player)) return []; // Hidden Illuminati: every seat committed (hidden-illuminati-goal.ts)
	return ufoGoalChoices(player.illuminati!).map((goal) => ({
		action: { type: 'revealGoal', seat, goal, salt: '' },
		needsSecret: true,
	}));
}

/** Everything `seat` may do in this state: the rules' options, and the deals open to it
 * (deals.ts). Empty while the game waits for randomness. The list is the caller's to keep. */
export function legalActions(state: GameState, seat: Seat): LegalAction[] {
	const options = rulesOptions(state, seat);
	if (state.random !== null || !Number.isInteger(seat) || seat < 0 || seat >= state.players.length) return options.slice();
	// Hidden Illuminati: while an accusation waits for its answer, only what step takes then.
	if (hiddenIlluminatiHolds(state)) return options.filter((legal) => accusationGateProblem(state, legal.action) === null);
	// Deals only while step considers entries at all (no window, no absence in the way).
	const list = options.slice();
	if (entryGateProblem(state, { type: 'withdrawOffer', seat, offer: state.offerCount }) === null) {
		for (const deal of dealOptions(state, seat)) list.push(deal);
	}
	return list;
}

/** The attacks among legalActions(state, seat), in the same order and with the same aid and
 * privileges, without listing the rest: for playouts that choose an attack first. */
export function legalAttacks(state: GameState, seat: Seat): LegalAction[] {
	const listed = cachedState === state ? cachedBySeat[seat] : undefined;
	if (listed !== undefined) return listed.filter((legal) => legal.action.type === 'attack');
	if (state.random !== null || state.chain !== null || state.phase.kind !== 'turn' || state.turn?.seat !== seat) return [];
	if (!Number.isInteger(seat) || seat < 0 || seat >= state.players.length || playerOf(state, seat).absent || state.turn.step !== 'actions') return [];
	return attackOptions(state, seat);
}

/** The rules' options of the last state asked about, per seat: a state never changes, and a
 * playout asks seatsToAct and then legalActions of the same state. One state is kept (not a
 * WeakMap of every state: its ephemerons cost the garbage collector more than they save). Callers
 * get copies. */
let cachedState: GameState | null = null;
let cachedBySeat: (readonly LegalAction[] | undefined)[] = [];

function cachedFor(state: GameState): (readonly LegalAction[] | undefined)[] {
	if (cachedState !== state) {
		cachedState = state;
		cachedBySeat = [];
	}
	return cachedBySeat;
}

/** The rules' options for `seat`, deals aside. */
function rulesOptions(state: GameState, seat: Seat): readonly LegalAction[] {
	const bySeat = cachedFor(state);
	let options = bySeat[seat];
	if (options === undefined) {
		const list: LegalAction[] = [];
		for (const part of rulesSections(state, seat)) part.add(state, seat, list);
		bySeat[seat] = options = list;
	}
	return options;
}

const MEMBERSHIP: Section = listed(membershipOptions);
const VIEWS: Section = listed(viewOptions);
const WINDOWS: Section = listed(windowOptions);
const SPECIALS: Section = listed(specialOptions, true);
const ABOLISH: Section = listed(abolishOptions);
const REVEAL: Section = listed(revealOptions);
const PHASE: Section = listed(phaseOptions);
const NONE_SECTIONS: readonly Section[] = [];
const ABSENT_SECTIONS: readonly Section[] = [MEMBERSHIP];
const CHAIN_SECTIONS: readonly Section[] = [WINDOWS, SPECIALS, ABOLISH, VIEWS, MEMBERSHIP];
const ACTIVE_SECTIONS: readonly Section[] = [...TURN_SECTIONS, REVEAL, WINDOWS, SPECIALS, VIEWS, MEMBERSHIP];
const PHASE_SECTIONS: readonly Section[] = [PHASE, WINDOWS, SPECIALS, VIEWS, MEMBERSHIP];
const QUIET_PHASE_SECTIONS: readonly Section[] = [PHASE, WINDOWS, VIEWS, MEMBERSHIP];

/** The rules' options for `seat` in sections, in the order legalActions lists them. */
function rulesSections(state: GameState, seat: Seat): readonly Section[] {
	if (state.random !== null || !Number.isInteger(seat) || seat < 0 || seat >= state.players.length) return NONE_SECTIONS;
	if (playerOf(state, seat).absent) return ABSENT_SECTIONS;
	if (state.chain !== null) return CHAIN_SECTIONS;
	const kind = state.phase.kind;
	if (kind === 'turn' && state.turn!.seat === seat) return ACTIVE_SECTIONS;
	// No Specials while the game is over, in setup or choosing UFO goals.
	return kind === 'over' || kind === 'setup' || kind === 'ufoGoal' ? QUIET_PHASE_SECTIONS : PHASE_SECTIONS;
}

/** Illuminated Phone Company (FR add-on): a look at each other player's Specials, at any time.
 * When the phase or the seat's own ability refuses (checks that do not read the player named),
 * every other player is refused too: one question then. */
function viewOptions(state: GameState, seat: Seat): LegalAction[] {
	const options: LegalAction[] = [];
	for (const other of state.players) {
		const action = { type: 'viewSpecials', seat, player: other.seat } as const;
		const problem = viewSpecialsProblem(state, action);
		if (problem === null) options.push({ action });
		else if (problem.code === 'WRONG_PHASE' || problem.code === 'NO_ABILITY') break;
	}
	return options;
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
			return incomePayments(state, phase.owing, seat);
		case 'ufoClaim':
			return phase.seats.includes(seat) ? [{ action: { type: 'declineClaim', seat } }, ...revealOptions(state, seat)] : revealOptions(state, seat);
		case 'placement': {
			if (phase.placement.seat !== seat) return [];
			const choices = placementChoices(state, seat);
			return choices === null ? placeReceivedOptions(state, seat) : choices.map((action) => ({ action }));
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
			return [...options, ...spendingOptions(state, seat), ...abolishOptions(state, seat), ...defenceRevealOptions(state, seat)];
		}
		case 'turnStart':
			return [...waiveTaxOptions(state, seat), ...revealOptions(state, seat)];
		case 'turn': // the active seat's options: rulesSections
		case 'afterRoll':
			return revealOptions(state, seat);
	}
}

/** Seats that have something to do now, not counting a UFO reveal (which is always open). */
export function seatsToAct(state: GameState): Seat[] {
	return state.players.map((p) => p.seat).filter((seat) => waitsFor(state, seat));
}

/** Whether `seat` has an option other than the always-open ones: the cheap sections are asked
 * first, and the costly ones only when those have none. */
function waitsFor(state: GameState, seat: Seat): boolean {
	const known = cachedState === state ? cachedBySeat[seat] : undefined;
	if (known !== undefined) return known.some(waitedFor);
	const sections = rulesSections(state, seat);
	for (const costly of [false, true]) {
		for (const part of sections) {
			if ((part.costly === true) !== costly) continue;
			const options: LegalAction[] = [];
			part.add(state, seat, options);
			if (options.some(waitedFor)) return true;
		}
	}
	return false;
}

function waitedFor(legal: LegalAction): boolean {
	return !ALWAYS_OPEN.has(legal.action.type);
}
