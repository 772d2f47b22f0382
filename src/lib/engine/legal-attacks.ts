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

const KINDS: readonly AttackKind[] = ['control', 'neutralize', 'destroy'];
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

export function attackOptions(state: GameState, seat: Seat): LegalAction[] {
	if (attackTurnProblem(state, seat) !== null) return [];
	const player = playerOf(state, seat);
	const structure = player.structure;
	const whisperer = player.hand.includes(WHISPERING_CAMPAIGN);
	// The aiding cards' own checks (in the structure, transferable power, not used this turn).
	const pool: CardId[] = [];
	for (const card in structure) {
		if ((aidInStructureProblem(state, seat, card) ?? aidTransferableProblem(card) ?? aidParticipationProblem(state, card)) === null) pool.push(card);
	}
	const all = targets(state);
	const privileges: (readonly Privilege[] | undefined)[] = [undefined, undefined];
	const options: LegalAction[] = [];
	// Two probe objects (plain and whispering), rewritten for each candidate; a declaration is made
	// only for legal ones. Never `delete` a probe's field: that makes every read of it slow.
	const plain: Probe = { type: 'attack', seat, kind: 'control', attacker: '', target: '', aids: NONE };
	const whisper: Probe = { type: 'attack', seat, kind: 'destroy', attacker: '', target: '', aids: NONE, whispering: true };
	for (const attacker in structure) {
		if (attackerProblem(state, seat, attacker) !== null) continue;
		let open: boolean | undefined;
		const openArrow = () => (open ??= hasOpenArrow(structure, attacker));
		plain.attacker = whisper.attacker = attacker;
		// Aid that depends on the attacker only (not the attacker itself); per attack, the checks
		// that read the kind and the target run only where they can refuse (see aidsFor).
		let ownAids: readonly CardId[] | undefined;
		for (const target of all) {
			if (target.card === attacker) continue; // attackKindProblem: CANNOT_ATTACK_ITSELF
			plain.target = whisper.target = target.card;
			for (const kind of KINDS) {
				// Necessary conditions of attackKindProblem and declarationExtrasProblem, asked first
				// so that the many refused candidates cost no error object; the checks below decide.
				if (kind === 'control' && (target.owner === seat || !openArrow())) continue;
				if (kind === 'neutralize' && (target.owner === null || target.owner === seat)) continue;
				// A destroy is plain against a group with Power, a Whispering Campaign against one without.
				const whispering = kind === 'destroy' && !target.powered;
				if (whispering && !whisperer) continue;
				const probe = whispering ? whisper : plain;
				probe.kind = kind;
				const problem =
					attackKindProblem(state, probe, target.owner, openArrow) ??
					declarationExtrasProblem(state, probe) ??
					immunityProblem(state, attacker, probe, target.owner, target.barred);
				if (problem !== null) continue;
				const action: AttackAction = whispering ? { type: 'attack', seat, kind, attacker, target: target.card, aids: [], whispering } : { type: 'attack', seat, kind, attacker, target: target.card, aids: [] };
				ownAids ??= pool.filter((card) => aidAlreadyInProblem(action, card, NONE) === null);
				const aidCandidates = aidsFor(state, action, target, pool, ownAids);
				const slot = whispering ? 1 : 0;
				const allowed = (privileges[slot] ??= privilegesFor(state, action));
				options.push(allowed.length > 0 ? { action, aidCandidates, privileges: allowed } : { action, aidCandidates });
			}
		}
	}
	return options;
}

type Probe = { -readonly [K in keyof AttackAction]: AttackAction[K] };

/** The cards that may aid `action`: `ownAids` (the pool less the attacker, shared between the
 * attacker's attacks) unless the target can refuse one: aidOwnTargetProblem refuses only in a
 * destroy, and immunityProblem only when the target's owner bars an alignment. */
function aidsFor(state: GameState, action: AttackAction, target: Target, pool: readonly CardId[], ownAids: readonly CardId[]): readonly CardId[] {
	if (action.kind !== 'destroy' && target.barred.length === 0) return ownAids;
	const aids: CardId[] = [];
	for (const card of pool) {
		if ((aidAlreadyInProblem(action, card, NONE) ?? aidOwnTargetProblem(action, card) ?? immunityProblem(state, card, action, target.owner, target.barred)) === null) aids.push(card);
	}
	return aids;
}
