/**
 * The attacks a seat may declare now, for legalActions. The declaration's checks are the stages of
 * attackProblem (attack.ts), each run once where it applies: the turn once, each attacker once,
 * each target once, each pair and kind once; the aiding card's own checks once per seat and its
 * part in the attack per listed attack. Nothing here decides a rule.
 */
import type { AttackAction } from './actions.js';
import {
	aidAlreadyInProblem,
	aidInStructureProblem,
	aidOwnTargetProblem,
	aidParticipationProblem,
	aidTransferableProblem,
	attackerProblem,
	attackKindProblem,
	attackTargetProblem,
	attackTurnProblem,
	immunityAgainst,
	immunityProblem,
	immunityVariesWithTarget,
} from './attack.js';
import type { LegalAction } from './legal.js';
import { declarationExtrasProblem, WHISPERING_CAMPAIGN } from './privilege.js';
import { powerOf } from './odds.js';
import { playerOf } from './state.js';
import { hasOpenArrow } from './structure.js';
import type { AttackKind, CardId, GameState, Seat } from './types.js';

type Privilege = NonNullable<AttackAction['privilege']>;

const NO_PRIVILEGES: readonly Privilege[] = [];
const NONE: readonly CardId[] = [];
const BAVARIAN: Privilege = { kind: 'bavarian' };
/** The attacker's open arrow, as attackKindProblem asks it: one function each, made once. */
const OPEN = (): boolean => true;
const CLOSED = (): boolean => false;

interface Target {
	readonly card: CardId;
	readonly owner: Seat | null;
	readonly barred: readonly string[];
	/** Printed Power (powerOf): a plain destroy needs some, a Whispering Campaign none. */
	readonly power: number;
}

const UNBARRED: readonly string[] = [];

/** Groups that may be attacked at all: uncontrolled ones, then each structure's, in that order.
 * A structure's cards are owned by its seat and an uncontrolled card by no one (each card is in
 * one place: invariants.ts), so owners and immunity are read once per structure, not per card. */
function targets(state: GameState): Target[] {
	const list: Target[] = [];
	for (const card of state.uncontrolled) {
		if (attackTargetProblem(state, card, null) === null) list.push({ card, owner: null, barred: UNBARRED, power: powerOf(card) });
	}
	for (const player of state.players) {
		const barred = immunityAgainst(state, player.seat);
		const owner = player.seat;
		for (const card in player.structure) {
			if (attackTargetProblem(state, card, owner) === null) list.push({ card, owner, barred, power: powerOf(card) });
		}
	}
	return list;
}

/** Privileges a legal declaration may also carry: the ones whose own check passes, the rest of the
 * declaration being legal already. That check reads the seat, its turn and hand, and whether the
 * attack is a Whispering Campaign, so one list serves every plain attack and one every whisper. */
function privilegesFor(state: GameState, action: AttackAction): readonly Privilege[] {
	const hand = playerOf(state, action.seat).hand;
	let legal: Privilege[] | undefined;
	const probe: Probe = { type: 'attack', seat: action.seat, kind: action.kind, attacker: action.attacker, target: action.target, aids: action.aids, whispering: action.whispering, privilege: BAVARIAN };
	// The Bavarian payment, then each distinct Special in the hand to discard (no closure per query).
	for (let i = -1; i < hand.length; i++) {
		if (i >= 0 && hand.indexOf(hand[i]!) !== i) continue;
		const privilege: Privilege = i < 0 ? BAVARIAN : { kind: 'discard', card: hand[i]! };
		probe.privilege = privilege;
		if (declarationExtrasProblem(state, probe) === null) (legal ??= []).push(privilege);
	}
	return legal ?? NO_PRIVILEGES;
}

/** One attacker's attacks, appended to `options`. The conditions of attackKindProblem that read
 * only the target's owner and the attacker's open arrow pick the kinds worth asking about; every
 * listed declaration then passes attackKindProblem, declarationExtrasProblem (a Whispering
 * Campaign's; a plain declaration with no privilege carries nothing it checks) and immunityProblem. */
interface AttackerScan {
	readonly state: GameState;
	readonly seat: Seat;
	readonly targets: readonly Target[];
	readonly whisperer: boolean;
	readonly neutralizeNeedsOpenArrow: boolean;
	readonly pool: readonly CardId[];
	readonly privileges: (readonly Privilege[] | undefined)[];
	readonly options: LegalAction[];
}

function scanAttacker(scan: AttackerScan, attacker: CardId, open: boolean): void {
	const { state, seat, targets: all, options } = scan;
	const openArrow = open ? OPEN : CLOSED;
	const probe: Probe = { type: 'attack', seat, kind: 'control', attacker, target: '', aids: NONE, whispering: false };
	// Aid that depends on the attacker only (not the attacker itself); per attack, the checks that
	// read the kind and the target run only where they can refuse (see aidsFor).
	let ownAids: readonly CardId[] | undefined;
	// Immunity (Discordian Society): when neither the attacker's nor an aid's answer can change with
	// the target, one answer per barred list (per Illuminati) serves all of its structure's groups.
	const attackerFixed = !immunityVariesWithTarget(attacker);
	let barredSeen = UNBARRED;
	let barredRefuses = false;
	let aidsFixed: boolean | undefined;
	let aidsSeen = UNBARRED;
	let aidsAgainst: readonly CardId[] = NONE;
	for (let i = 0; i < all.length; i++) {
		const target = all[i]!;
		const card = target.card;
		if (card === attacker) continue; // attackKindProblem: CANNOT_ATTACK_ITSELF
		const owner = target.owner;
		const rival = owner !== null && owner !== seat;
		for (let k = 0; k < 3; k++) {
			const kind: AttackKind = k === 0 ? 'control' : k === 1 ? 'neutralize' : 'destroy';
			let whispering = false;
			if (k === 0) {
				if (owner === seat || !open) continue;
			} else if (k === 1) {
				if (!rival || (scan.neutralizeNeedsOpenArrow && !open)) continue;
			} else if (target.power <= 0) {
				if (!scan.whisperer) continue;
				whispering = true;
			}
			probe.kind = kind;
			probe.target = card;
			probe.whispering = whispering;
			if ((attackKindProblem(state, probe, owner, openArrow, target.power) ?? (whispering ? declarationExtrasProblem(state, probe) : null)) !== null) continue;
			const barred = target.barred;
			if (barred.length > 0) {
				if (!attackerFixed) {
					if (immunityProblem(state, attacker, probe, owner, barred) !== null) continue;
				} else {
					if (barred !== barredSeen) barredRefuses = immunityProblem(state, attacker, probe, owner, (barredSeen = barred)) !== null;
					if (barredRefuses) continue;
				}
			}
			// The declaration carries no aid: the shared empty list (actions are read-only).
			const action: AttackAction = whispering ? { type: 'attack', seat, kind, attacker, target: card, aids: NONE, whispering } : { type: 'attack', seat, kind, attacker, target: card, aids: NONE };
			ownAids ??= scan.pool.filter((aid) => aidAlreadyInProblem(action, aid, NONE) === null);
			// The pool is the seat's own cards: only a destroy of its own group can refuse one.
			let aidCandidates = ownAids;
			if (kind === 'destroy' && owner === seat) aidCandidates = aidsFor(state, action, target, ownAids);
			else if (barred.length > 0) {
				aidsFixed ??= ownAids.every((aid) => !immunityVariesWithTarget(aid));
				if (!aidsFixed) aidCandidates = aidsFor(state, action, target, ownAids);
				else {
					if (barred !== aidsSeen) aidsAgainst = aidsFor(state, action, target, ownAids);
					aidsSeen = barred;
					aidCandidates = aidsAgainst;
				}
			}
			const slot = whispering ? 1 : 0;
			const allowed = (scan.privileges[slot] ??= privilegesFor(state, action));
			options.push(allowed.length > 0 ? { action, aidCandidates, privileges: allowed } : { action, aidCandidates });
		}
	}
}

/** The attacks `seat` may declare now, appended to `options` (returned). */
export function attackOptions(state: GameState, seat: Seat, options: LegalAction[] = []): LegalAction[] {
	if (attackTurnProblem(state, seat) !== null) return options;
	const player = playerOf(state, seat);
	const structure = player.structure;
	// The attackers first: with none (most seats' cards used or powerless), nothing else is asked.
	const attackers: CardId[] = [];
	for (const attacker in structure) if (attackerProblem(state, seat, attacker) === null) attackers.push(attacker);
	if (attackers.length === 0) return options;
	// The aiding cards' own checks (in the structure, transferable power, not used this turn).
	const pool: CardId[] = [];
	for (const card in structure) {
		if ((aidInStructureProblem(state, seat, card) ?? aidTransferableProblem(state, card) ?? aidParticipationProblem(state, card)) === null) pool.push(card);
	}
	const scan: AttackerScan = {
		state,
		seat,
		targets: targets(state),
		whisperer: player.hand.includes(WHISPERING_CAMPAIGN),
		neutralizeNeedsOpenArrow: state.options.rules.neutralizeNeedsOpenArrow === true,
		pool,
		privileges: [undefined, undefined],
		options,
	};
	for (const attacker of attackers) scanAttacker(scan, attacker, hasOpenArrow(structure, attacker));
	return options;
}

type Probe = { -readonly [K in keyof AttackAction]: AttackAction[K] };

/** The cards that may aid `action`: `ownAids` (the pool less the attacker, shared between the
 * attacker's attacks) unless the target can refuse one: aidOwnTargetProblem refuses only in a
 * destroy, and immunityProblem only when the target's owner bars an alignment. */
function aidsFor(state: GameState, action: AttackAction, target: Target, ownAids: readonly CardId[]): readonly CardId[] {
	let aids: CardId[] | undefined;
	for (let i = 0; i < ownAids.length; i++) {
		const card = ownAids[i]!;
		const refused = (aidOwnTargetProblem(action, card) ?? immunityProblem(state, card, action, target.owner, target.barred)) !== null;
		if (refused) aids ??= ownAids.slice(0, i);
		else if (aids !== undefined) aids.push(card);
	}
	// Nothing refused: the attacker's list, shared.
	return aids ?? ownAids;
}
