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
} from './attack.js';
import { CARDS } from './cards/index.js';
import type { LegalAction } from './legal.js';
import { declarationExtrasProblem, WHISPERING_CAMPAIGN } from './privilege.js';
import { powerOf } from './odds.js';
import { ownerOf, playerOf } from './state.js';
import { hasOpenArrow } from './structure.js';
import type { AttackKind, CardId, GameState, Seat } from './types.js';

type Privilege = NonNullable<AttackAction['privilege']>;

const NO_PRIVILEGES: readonly Privilege[] = [];
const NONE: readonly CardId[] = [];

interface Target {
	readonly card: CardId;
	readonly owner: Seat | null;
	readonly barred: readonly string[];
	/** Printed Power above 0: a plain destroy needs it, a Whispering Campaign its absence. */
	readonly powered: boolean;
}

/** Groups that may be attacked at all: uncontrolled ones, then each structure's, in that order.
 * A structure's cards are owned by its seat (each card is in one place: invariants.ts), so their
 * owner and its immunity are read once per structure. */
function targets(state: GameState): Target[] {
	const list: Target[] = [];
	const add = (card: CardId, owner: Seat | null, barred: readonly string[]) => {
		if (attackTargetProblem(state, card, owner) === null) list.push({ card, owner, barred, powered: powerOf(card) > 0 });
	};
	for (const card of state.uncontrolled) {
		const owner = ownerOf(state, card);
		add(card, owner, immunityAgainst(state, owner));
	}
	for (const player of state.players) {
		let barred: readonly string[] | undefined;
		for (const card in player.structure) if (CARDS[card]?.kind === 'group') add(card, player.seat, (barred ??= immunityAgainst(state, player.seat)));
	}
	return list;
}

/** Privileges a legal declaration may also carry: the ones whose own check passes, the rest of the
 * declaration being legal already. That check reads the seat, its turn and hand, and whether the
 * attack is a Whispering Campaign, so one list serves every plain attack and one every whisper. */
function privilegesFor(state: GameState, action: AttackAction): readonly Privilege[] {
	const hand = playerOf(state, action.seat).hand;
	const choices: Privilege[] = [{ kind: 'bavarian' }];
	for (const card of new Set(hand)) choices.push({ kind: 'discard', card });
	const legal = choices.filter((privilege) => declarationExtrasProblem(state, { ...action, privilege }) === null);
	return legal.length === 0 ? NO_PRIVILEGES : legal;
}

/** A (target, kind) pair that the target alone does not rule out: the necessary conditions of
 * attackKindProblem and declarationExtrasProblem that read only the target and the seat (control
 * of one's own group, neutralizing an uncontrolled or own group, a plain destroy of a group
 * without Power, a Whispering Campaign without the card). Listed once, shared by every attacker. */
interface Candidate {
	readonly target: Target;
	readonly kind: AttackKind;
	readonly whispering: boolean;
}

function candidatesFor(all: readonly Target[], seat: Seat, whisperer: boolean): Candidate[] {
	const list: Candidate[] = [];
	for (const target of all) {
		if (target.owner !== seat) list.push({ target, kind: 'control', whispering: false });
		if (target.owner !== null && target.owner !== seat) list.push({ target, kind: 'neutralize', whispering: false });
		// A destroy is plain against a group with Power, a Whispering Campaign against one without.
		if (target.powered || whisperer) list.push({ target, kind: 'destroy', whispering: !target.powered });
	}
	return list;
}

export function attackOptions(state: GameState, seat: Seat): LegalAction[] {
	if (attackTurnProblem(state, seat) !== null) return [];
	const player = playerOf(state, seat);
	const structure = player.structure;
	// The attackers first: with none (most seats' cards used or powerless), nothing else is asked.
	const attackers: CardId[] = [];
	for (const attacker in structure) if (attackerProblem(state, seat, attacker) === null) attackers.push(attacker);
	if (attackers.length === 0) return [];
	// The aiding cards' own checks (in the structure, transferable power, not used this turn).
	const pool: CardId[] = [];
	for (const card in structure) {
		if ((aidInStructureProblem(state, seat, card) ?? aidTransferableProblem(state, card) ?? aidParticipationProblem(state, card)) === null) pool.push(card);
	}
	const candidates = candidatesFor(targets(state), seat, player.hand.includes(WHISPERING_CAMPAIGN));
	const privileges: (readonly Privilege[] | undefined)[] = [undefined, undefined];
	const options: LegalAction[] = [];
	// Two probe objects (plain and whispering), rewritten for each candidate; a declaration is made
	// only for legal ones. Never `delete` a probe's field: that makes every read of it slow.
	const plain: Probe = { type: 'attack', seat, kind: 'control', attacker: '', target: '', aids: NONE };
	const whisper: Probe = { type: 'attack', seat, kind: 'destroy', attacker: '', target: '', aids: NONE, whispering: true };
	for (const attacker of attackers) {
		let open: boolean | undefined;
		const openArrow = () => (open ??= hasOpenArrow(structure, attacker));
		plain.attacker = whisper.attacker = attacker;
		// Aid that depends on the attacker only (not the attacker itself); per attack, the checks
		// that read the kind and the target run only where they can refuse (see aidsFor).
		let ownAids: readonly CardId[] | undefined;
		for (const { target, kind, whispering } of candidates) {
			if (target.card === attacker) continue; // attackKindProblem: CANNOT_ATTACK_ITSELF
			if (kind === 'control' && !openArrow()) continue; // attackKindProblem: NO_OPEN_ARROW
			const probe = whispering ? whisper : plain;
			probe.target = target.card;
			probe.kind = kind;
			const problem =
				attackKindProblem(state, probe, target.owner, openArrow) ??
				declarationExtrasProblem(state, probe) ??
				immunityProblem(state, attacker, probe, target.owner, target.barred);
			if (problem !== null) continue;
			// The declaration carries no aid: the shared empty list (actions are read-only).
			const action: AttackAction = whispering ? { type: 'attack', seat, kind, attacker, target: target.card, aids: NONE, whispering } : { type: 'attack', seat, kind, attacker, target: target.card, aids: NONE };
			ownAids ??= pool.filter((card) => aidAlreadyInProblem(action, card, NONE) === null);
			const aidCandidates = aidsFor(state, action, target, ownAids);
			const slot = whispering ? 1 : 0;
			const allowed = (privileges[slot] ??= privilegesFor(state, action));
			options.push(allowed.length > 0 ? { action, aidCandidates, privileges: allowed } : { action, aidCandidates });
		}
	}
	return options;
}

type Probe = { -readonly [K in keyof AttackAction]: AttackAction[K] };

/** The cards that may aid `action`: `ownAids` (the pool less the attacker, shared between the
 * attacker's attacks) unless the target can refuse one: aidOwnTargetProblem refuses only in a
 * destroy, and immunityProblem only when the target's owner bars an alignment. */
function aidsFor(state: GameState, action: AttackAction, target: Target, ownAids: readonly CardId[]): readonly CardId[] {
	if (action.kind !== 'destroy' && target.barred.length === 0) return ownAids;
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
