/**
 * The attacks a seat may declare now, for legalActions. The declaration's checks are the stages of
 * attackProblem (attack.ts), each run once where it applies: the turn once, each attacker once,
 * each target once, each pair and kind once; the aiding card's own checks once per seat and its
 * part in the attack per listed attack. Nothing here decides a rule.
 */
import type { AttackAction } from './actions.js';
import {
	aidAlreadyInProblem,
	aidOwnTargetProblem,
	aidParticipationProblem,
	aidTransferableProblem,
	attackerReadyProblem,
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
import { keysOf } from './keys.js';
import type { AttackKind, CardId, GameState, Seat } from './types.js';

type Privilege = NonNullable<AttackAction['privilege']>;

const NO_PRIVILEGES: readonly Privilege[] = [];
const NONE: readonly CardId[] = [];
const BAVARIAN: Privilege = { kind: 'bavarian' };
/** The attacker's open arrow, as attackKindProblem asks it when known: one function each, made once. */
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

/** `card` as a target (owner, immunity, printed Power), or null when attackTargetProblem refuses
 * it; `barredBy` keeps immunityAgainst per owner. A structure's cards are owned by its seat and an
 * uncontrolled card by no one (each card is in one place: invariants.ts). */
function targetOf(state: GameState, card: CardId, owner: Seat | null, barredBy: (readonly string[] | undefined)[]): Target | null {
	if (attackTargetProblem(state, card, owner) !== null) return null;
	const barred = owner === null ? UNBARRED : (barredBy[owner] ??= immunityAgainst(state, owner));
	return { card, owner, barred, power: powerOf(card) };
}

/** Groups that may be attacked at all: uncontrolled ones, then each structure's, in that order. */
function targets(state: GameState): Target[] {
	const list: Target[] = [];
	const barredBy: (readonly string[] | undefined)[] = [];
	for (const card of state.uncontrolled) {
		const target = targetOf(state, card, null, barredBy);
		if (target !== null) list.push(target);
	}
	for (const player of state.players) {
		for (const card in player.structure) {
			const target = targetOf(state, card, player.seat, barredBy);
			if (target !== null) list.push(target);
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

/** What every attacker's scan shares: the state, the seat, the aiding pool (poolOf). */
interface AttackerScan {
	readonly state: GameState;
	readonly seat: Seat;
	readonly whisperer: boolean;
	readonly neutralizeNeedsOpenArrow: boolean;
	pool: readonly CardId[] | undefined;
}

/** The aiding cards' own checks (in the structure, transferable power, not used this turn), asked
 * when an attack is first found. */
function poolOf(scan: AttackerScan): readonly CardId[] {
	if (scan.pool === undefined) {
		const { state, seat } = scan;
		const pool: CardId[] = [];
		// aidInStructureProblem holds for every card looked at.
		for (const card in playerOf(state, seat).structure) {
			if ((aidTransferableProblem(state, card) ?? aidParticipationProblem(state, card)) === null) pool.push(card);
		}
		scan.pool = pool;
	}
	return scan.pool;
}

/**
 * One attacker's declarations, asked per (target, kind): `declaration` answers whether the attack
 * may be declared (null: refused) and `aidsOf` its aid candidates. The conditions of
 * attackKindProblem that read only the target's owner and the attacker's open arrow pick the kinds
 * worth asking about; every declaration it gives passes attackKindProblem,
 * declarationExtrasProblem (a Whispering Campaign's; a plain declaration with no privilege carries
 * nothing it checks) and immunityProblem. The answers it keeps (the immunity per barred list, the
 * attacker's aid pool) do not depend on the order targets are asked in, so a listing and a random
 * draw get the same answers.
 */
class AttackerDeclarations {
	private readonly probe: Probe;
	/** hasOpenArrow: given (a listing asks every kind), or asked the first time a kind needs it. */
	private open: boolean | undefined;
	private readonly openArrow: () => boolean;
	/** Immunity (Discordian Society): when neither the attacker's nor an aid's answer can change with
	 * the target, one answer per barred list (per Illuminati) serves all of its structure's groups. */
	private attackerFixed: boolean | undefined;
	private barredSeen = UNBARRED;
	private barredRefuses = false;
	/** Aid that depends on the attacker only (not the attacker itself); per attack, the checks that
	 * read the kind and the target run only where they can refuse (see aidsFor). */
	private ownAids: readonly CardId[] | undefined;
	private aidsFixed: boolean | undefined;
	private aidsSeen = UNBARRED;
	private aidsAgainst: readonly CardId[] = NONE;

	constructor(
		private readonly scan: AttackerScan,
		readonly attacker: CardId,
		structure: GameState['players'][number]['structure'],
		open?: boolean,
	) {
		this.probe = { type: 'attack', seat: scan.seat, kind: 'control', attacker, target: '', aids: NONE, whispering: false };
		this.open = open;
		this.openArrow = open === true ? OPEN : open === false ? CLOSED : () => (this.open ??= hasOpenArrow(structure, attacker));
	}

	/** The declaration of kind `k` (0 control, 1 neutralize, 2 destroy: plain against a group with
	 * Power, else a Whispering Campaign) against `target`, or null when refused. */
	declaration(target: Target, k: number): AttackAction | null {
		const { state, seat } = this.scan;
		const attacker = this.attacker;
		const card = target.card;
		if (card === attacker) return null; // attackKindProblem: CANNOT_ATTACK_ITSELF
		const owner = target.owner;
		let whispering = false;
		if (k === 0) {
			if (owner === seat || !(this.open ?? this.openArrow())) return null;
		} else if (k === 1) {
			if (owner === null || owner === seat || (this.scan.neutralizeNeedsOpenArrow && !(this.open ?? this.openArrow()))) return null;
		} else if (target.power <= 0) {
			if (!this.scan.whisperer) return null;
			whispering = true;
		}
		const kind: AttackKind = k === 0 ? 'control' : k === 1 ? 'neutralize' : 'destroy';
		const probe = this.probe;
		probe.kind = kind;
		probe.target = card;
		probe.whispering = whispering;
		if ((attackKindProblem(state, probe, owner, this.openArrow, target.power) ?? (whispering ? declarationExtrasProblem(state, probe) : null)) !== null) return null;
		const barred = target.barred;
		if (barred.length > 0) {
			if (!(this.attackerFixed ??= !immunityVariesWithTarget(attacker))) {
				if (immunityProblem(state, attacker, probe, owner, barred) !== null) return null;
			} else {
				if (barred !== this.barredSeen) this.barredRefuses = immunityProblem(state, attacker, probe, owner, (this.barredSeen = barred)) !== null;
				if (this.barredRefuses) return null;
			}
		}
		// The declaration carries no aid: the shared empty list (actions are read-only).
		return whispering ? { type: 'attack', seat, kind, attacker, target: card, aids: NONE, whispering } : { type: 'attack', seat, kind, attacker, target: card, aids: NONE };
	}

	/** The cards that may aid `action`, a declaration this attacker's `declaration` gave against `target`. */
	aidsOf(action: AttackAction, target: Target): readonly CardId[] {
		const { state, seat } = this.scan;
		const ownAids = (this.ownAids ??= poolOf(this.scan).filter((aid) => aidAlreadyInProblem(action, aid, NONE) === null));
		// The pool is the seat's own cards: only a destroy of its own group can refuse one.
		if (action.kind === 'destroy' && target.owner === seat) return aidsFor(state, action, target, ownAids);
		const barred = target.barred;
		if (barred.length === 0) return ownAids;
		this.aidsFixed ??= ownAids.every((aid) => !immunityVariesWithTarget(aid));
		if (!this.aidsFixed) return aidsFor(state, action, target, ownAids);
		if (barred !== this.aidsSeen) this.aidsAgainst = aidsFor(state, action, target, ownAids);
		this.aidsSeen = barred;
		return this.aidsAgainst;
	}
}

/** The seat's attack scan and the cards that may attack, or null when it may not attack now
 * (attackTurnProblem) or no card may attack (attackerProblem). */
function attackScan(state: GameState, seat: Seat): { scan: AttackerScan; attackers: CardId[] } | null {
	if (attackTurnProblem(state, seat) !== null) return null;
	const player = playerOf(state, seat);
	// The attackers first: with none (most seats' cards used or powerless), nothing else is asked.
	const attackers: CardId[] = [];
	// attackerProblem's first check (in the structure) holds for every card looked at.
	for (const attacker in player.structure) if (attackerReadyProblem(state, attacker) === null) attackers.push(attacker);
	if (attackers.length === 0) return null;
	const scan: AttackerScan = {
		state,
		seat,
		whisperer: player.hand.includes(WHISPERING_CAMPAIGN),
		neutralizeNeedsOpenArrow: state.options.rules.neutralizeNeedsOpenArrow === true,
		pool: undefined,
	};
	return { scan, attackers };
}

/** The attacks `seat` may declare now, appended to `options` (returned): for each attacker, each
 * target, each kind. */
export function attackOptions(state: GameState, seat: Seat, options: LegalAction[] = []): LegalAction[] {
	const found = attackScan(state, seat);
	if (found === null) return options;
	const { scan, attackers } = found;
	const structure = playerOf(state, seat).structure;
	const all = targets(state);
	// Privileges: one list for every plain attack and one for every whisper (privilegesFor).
	let plain: readonly Privilege[] | undefined;
	let whisper: readonly Privilege[] | undefined;
	for (const attacker of attackers) {
		const declarations = new AttackerDeclarations(scan, attacker, structure, hasOpenArrow(structure, attacker));
		for (let i = 0; i < all.length; i++) {
			const target = all[i]!;
			for (let k = 0; k < 3; k++) {
				const action = declarations.declaration(target, k);
				if (action === null) continue;
				const aidCandidates = declarations.aidsOf(action, target);
				const allowed = action.whispering === true ? (whisper ??= privilegesFor(state, action)) : (plain ??= privilegesFor(state, action));
				options.push(allowed.length > 0 ? { action, aidCandidates, privileges: allowed } : { action, aidCandidates });
			}
		}
	}
	return options;
}

/** One of the attacks `seat` may declare now, drawn uniformly without listing them: a draw is a
 * kind (control, neutralize, a plain destroy, a Whispering Campaign), an attacker that may attack
 * (attackerProblem) and a card in play (uncontrolled, then each structure's), each uniform from
 * `index(n)` (a whole number in [0, n)) in that order, kept when attackOptions lists that
 * declaration (so when attackProblem accepts it); each listed declaration is exactly one such
 * triple, so the kept ones are uniform over the list. 'none' with no attacker (no draw made);
 * null after `tries` refused draws (the caller may then list them). Privileges are not looked at. */
export function drawAttack(state: GameState, seat: Seat, index: (n: number) => number, tries: number): { action: AttackAction; aidCandidates: readonly CardId[] } | 'none' | null {
	const found = attackScan(state, seat);
	if (found === null) return 'none';
	const { scan, attackers } = found;
	const structure = playerOf(state, seat).structure;
	// Every card in play, in targets()'s order: the uncontrolled ones, then each structure's keys;
	// only the drawn card is looked at (and asked once: `drawn`).
	const uncontrolled = state.uncontrolled;
	const players = state.players;
	const keys: (readonly CardId[])[] = [];
	let count = uncontrolled.length;
	for (let p = 0; p < players.length; p++) {
		const list = keysOf(players[p]!.structure, players[p]!.seat);
		keys.push(list);
		count += list.length;
	}
	const barredBy: (readonly string[] | undefined)[] = [];
	const declarations: (AttackerDeclarations | undefined)[] = [];
	const drawn: (Target | null | undefined)[] = [];
	for (let draw = 0; draw < tries; draw++) {
		const kind = index(4);
		const a = index(attackers.length);
		const t = index(count);
		let target = drawn[t];
		if (target === undefined) target = drawn[t] = cardAt(state, keys, t, barredBy);
		if (target === null) continue;
		const attacker = (declarations[a] ??= new AttackerDeclarations(scan, attackers[a]!, structure));
		const action = attacker.declaration(target, Math.min(kind, 2));
		if (action !== null && (action.whispering === true) === (kind === 3)) return { action, aidCandidates: attacker.aidsOf(action, target) };
	}
	return null;
}

/** The `t`-th card in play (drawAttack's order) as a target, or null when refused. */
function cardAt(state: GameState, keys: readonly (readonly CardId[])[], t: number, barredBy: (readonly string[] | undefined)[]): Target | null {
	const uncontrolled = state.uncontrolled;
	if (t < uncontrolled.length) return targetOf(state, uncontrolled[t]!, null, barredBy);
	let i = t - uncontrolled.length;
	for (let p = 0; p < keys.length; p++) {
		const list = keys[p]!;
		if (i < list.length) return targetOf(state, list[i]!, state.players[p]!.seat, barredBy);
		i -= list.length;
	}
	return null;
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
