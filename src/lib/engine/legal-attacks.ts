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
import { ownerOf, playerOf } from './state.js';
import { hasOpenArrow } from './structure.js';
import type { AttackKind, CardId, GameState, Seat } from './types.js';

type Privilege = NonNullable<AttackAction['privilege']>;

const KINDS: readonly AttackKind[] = ['control', 'neutralize', 'destroy'];
const NO_PRIVILEGES: readonly Privilege[] = [];
const NONE: readonly CardId[] = [];
const PLAIN: readonly boolean[] = [false];

interface Target {
	readonly card: CardId;
	readonly owner: Seat | null;
	readonly barred: readonly string[];
}

/** Groups that may be attacked at all: uncontrolled ones, then each structure's, in that order. */
function targets(state: GameState): Target[] {
	const list: Target[] = [];
	const add = (card: CardId) => {
		const owner = ownerOf(state, card);
		if (attackTargetProblem(state, card, owner) === null) list.push({ card, owner, barred: immunityAgainst(state, owner) });
	};
	for (const card of state.uncontrolled) add(card);
	for (const player of state.players) for (const card in player.structure) if (CARDS[card]?.kind === 'group') add(card);
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
	// One probe object, rewritten for each candidate; a declaration is made only for legal ones.
	const probe: { -readonly [K in keyof AttackAction]: AttackAction[K] } = { type: 'attack', seat, kind: 'control', attacker: '', target: '', aids: [] };
	for (const attacker in structure) {
		if (attackerProblem(state, seat, attacker) !== null) continue;
		let open: boolean | undefined;
		const openArrow = () => (open ??= hasOpenArrow(structure, attacker));
		probe.attacker = attacker;
		for (const target of all) {
			probe.target = target.card;
			for (const kind of KINDS) {
				probe.kind = kind;
				for (const whispering of kind === 'destroy' && whisperer ? [false, true] : PLAIN) {
					if (whispering) probe.whispering = true;
					else delete probe.whispering;
					const problem =
						attackKindProblem(state, probe, target.owner, openArrow) ??
						declarationExtrasProblem(state, probe) ??
						immunityProblem(state, attacker, probe, target.owner, target.barred);
					if (problem !== null) continue;
					const action: AttackAction = whispering ? { type: 'attack', seat, kind, attacker, target: target.card, aids: [], whispering } : { type: 'attack', seat, kind, attacker, target: target.card, aids: [] };
					const aidCandidates: CardId[] = [];
					for (const card of pool) {
						if ((aidAlreadyInProblem(action, card, NONE) ?? aidOwnTargetProblem(action, card) ?? immunityProblem(state, card, action, target.owner, target.barred)) === null) aidCandidates.push(card);
					}
					const slot = whispering ? 1 : 0;
					const allowed = (privileges[slot] ??= privilegesFor(state, action));
					options.push(allowed.length > 0 ? { action, aidCandidates, privileges: allowed } : { action, aidCandidates });
				}
			}
		}
	}
	return options;
}
