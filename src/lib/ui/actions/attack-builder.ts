/**
 * Declaring an attack, one step at a time (Basic Rules: Attacks; Attack to Control, to Neutralize,
 * to Destroy; Interference for the privilege). The engine lists every legal declaration, each with
 * no aid, the groups that may aid it (`aidCandidates`, any subset) and the privileges it may carry.
 * The builder walks them: an attacker among the listed ones, then a target listed with it, then a
 * kind (and Whispering Campaign where listed), then a privilege if any is listed, then the aid.
 * A choice the engine did not list is ignored, so every finished draft is a listed declaration.
 */
import { attackOdds, type AttackAction, type AttackKind, type AttackOdds, type AttackQuery, type CardId, type GameState, type LegalAction } from '$lib/engine/index.js';

export type Privilege = NonNullable<AttackAction['privilege']>;

/** A kind of attack as offered: Whispering Campaign is its own way to destroy. */
export interface AttackVariant {
	readonly kind: AttackKind;
	readonly whispering: boolean;
}

export interface AttackDraft {
	readonly attacker: CardId | null;
	readonly target: CardId | null;
	readonly variant: AttackVariant | null;
	/** undefined until chosen (or skipped when the declaration allows none); null: no privilege. */
	readonly privilege: Privilege | null | undefined;
	readonly aids: readonly CardId[];
}

export type AttackStep = 'attacker' | 'target' | 'kind' | 'privilege' | 'aid';

export const EMPTY_DRAFT: AttackDraft = { attacker: null, target: null, variant: null, privilege: undefined, aids: [] };

type Declaration = LegalAction & { readonly action: AttackAction };

/** The attack declarations among a seat's legal actions. */
export function declarations(legal: readonly LegalAction[]): Declaration[] {
	return legal.filter((entry): entry is Declaration => entry.action.type === 'attack');
}

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];

export function attackersOf(decls: readonly Declaration[]): CardId[] {
	return unique(decls.map((d) => d.action.attacker));
}

export function targetsOf(decls: readonly Declaration[], attacker: CardId | null): CardId[] {
	return unique(decls.filter((d) => d.action.attacker === attacker).map((d) => d.action.target));
}

export function variantsOf(decls: readonly Declaration[], attacker: CardId | null, target: CardId | null): AttackVariant[] {
	return decls
		.filter((d) => d.action.attacker === attacker && d.action.target === target)
		.map((d) => ({ kind: d.action.kind, whispering: d.action.whispering === true }));
}

const sameVariant = (a: AttackVariant, b: AttackVariant): boolean => a.kind === b.kind && a.whispering === b.whispering;

const samePrivilege = (a: Privilege, b: Privilege): boolean =>
	a.kind === b.kind && (a.kind === 'bavarian' || (b.kind === 'discard' && a.card === b.card));

/** The listed declaration the draft's attacker, target and kind pick out. */
export function declarationOf(decls: readonly Declaration[], draft: AttackDraft): Declaration | undefined {
	const variant = draft.variant;
	if (variant === null) return undefined;
	return decls.find(
		(d) =>
			d.action.attacker === draft.attacker &&
			d.action.target === draft.target &&
			sameVariant({ kind: d.action.kind, whispering: d.action.whispering === true }, variant),
	);
}

export function privilegesOf(decl: Declaration | undefined): readonly Privilege[] {
	return decl?.privileges ?? [];
}

export function aidCandidatesOf(decl: Declaration | undefined): readonly CardId[] {
	return decl?.aidCandidates ?? [];
}

/** The step the draft is at: the first one still to choose. */
export function stepOf(decls: readonly Declaration[], draft: AttackDraft): AttackStep {
	if (draft.attacker === null || !attackersOf(decls).includes(draft.attacker)) return 'attacker';
	if (draft.target === null || !targetsOf(decls, draft.attacker).includes(draft.target)) return 'target';
	const decl = declarationOf(decls, draft);
	if (decl === undefined) return 'kind';
	if (draft.privilege === undefined) return 'privilege';
	return 'aid';
}

export function chooseAttacker(decls: readonly Declaration[], draft: AttackDraft, attacker: CardId): AttackDraft {
	return attackersOf(decls).includes(attacker) ? { ...EMPTY_DRAFT, attacker } : draft;
}

export function chooseTarget(decls: readonly Declaration[], draft: AttackDraft, target: CardId): AttackDraft {
	return targetsOf(decls, draft.attacker).includes(target) ? { ...EMPTY_DRAFT, attacker: draft.attacker, target } : draft;
}

export function chooseVariant(decls: readonly Declaration[], draft: AttackDraft, variant: AttackVariant): AttackDraft {
	const next = { ...draft, variant, privilege: undefined, aids: [] };
	const decl = declarationOf(decls, next);
	if (decl === undefined) return draft;
	// No privilege listed: the step is skipped (an attack without one).
	return privilegesOf(decl).length === 0 ? { ...next, privilege: null } : next;
}

export function choosePrivilege(decls: readonly Declaration[], draft: AttackDraft, privilege: Privilege | null): AttackDraft {
	const decl = declarationOf(decls, draft);
	if (decl === undefined) return draft;
	if (privilege !== null && !privilegesOf(decl).some((listed) => samePrivilege(listed, privilege))) return draft;
	return { ...draft, privilege };
}

/** Adds or removes one aiding group (any subset of the listed candidates may aid). */
export function toggleAid(decls: readonly Declaration[], draft: AttackDraft, card: CardId): AttackDraft {
	if (stepOf(decls, draft) !== 'aid' || !aidCandidatesOf(declarationOf(decls, draft)).includes(card)) return draft;
	const aids = draft.aids.includes(card) ? draft.aids.filter((aid) => aid !== card) : [...draft.aids, card];
	return { ...draft, aids };
}

/** Goes back to a step, forgetting what was chosen from it on. */
export function backTo(draft: AttackDraft, step: AttackStep): AttackDraft {
	switch (step) {
		case 'attacker':
			return EMPTY_DRAFT;
		case 'target':
			return { ...EMPTY_DRAFT, attacker: draft.attacker };
		case 'kind':
			return { ...EMPTY_DRAFT, attacker: draft.attacker, target: draft.target };
		case 'privilege':
			return { ...draft, privilege: undefined, aids: [] };
		case 'aid':
			return { ...draft, aids: [] };
	}
}

/** The query for the odds once attacker, target and kind are chosen (no money spent yet). */
export function draftQuery(seat: number, draft: AttackDraft, variant: AttackVariant | null = draft.variant): AttackQuery | null {
	if (draft.attacker === null || draft.target === null || variant === null) return null;
	return { seat, kind: variant.kind, attacker: draft.attacker, target: draft.target, aids: draft.aids, whispering: variant.whispering };
}

/** The number needed and the exact chance, from the engine, for the draft as it stands. */
export function draftOdds(state: GameState, seat: number, draft: AttackDraft, variant?: AttackVariant): AttackOdds | null {
	const query = draftQuery(seat, draft, variant ?? draft.variant);
	return query === null ? null : attackOdds(state, query);
}

/** The attack to declare, once every step is done; null before. */
export function buildAttack(decls: readonly Declaration[], draft: AttackDraft): AttackAction | null {
	if (stepOf(decls, draft) !== 'aid') return null;
	const decl = declarationOf(decls, draft)!;
	const aids = aidCandidatesOf(decl).filter((card) => draft.aids.includes(card));
	const action: AttackAction = { ...decl.action, aids };
	return draft.privilege ? { ...action, privilege: draft.privilege } : action;
}

/** Cards the table may offer at this step (attackers, targets, aid), and the ones already chosen. */
export function draftCards(decls: readonly Declaration[], draft: AttackDraft): { selectable: CardId[]; highlight: CardId[] } {
	const step = stepOf(decls, draft);
	const chosen = [draft.attacker, draft.target, ...draft.aids].filter((card): card is CardId => card !== null);
	switch (step) {
		case 'attacker':
			return { selectable: attackersOf(decls), highlight: [] };
		case 'target':
			return { selectable: targetsOf(decls, draft.attacker), highlight: chosen };
		case 'aid':
			return { selectable: [...aidCandidatesOf(declarationOf(decls, draft))], highlight: chosen };
		default:
			return { selectable: [], highlight: chosen };
	}
}

/**
 * The kind a tap on the table pre-fills once the target is chosen: the only one listed, else an
 * attack to control when listed (the usual one); null leaves the choice to the player. The
 * "Change" link goes back to every kind the engine lists.
 */
export function defaultVariant(decls: readonly Declaration[], draft: AttackDraft): AttackVariant | null {
	const variants = variantsOf(decls, draft.attacker, draft.target);
	if (variants.length === 1) return variants[0]!;
	return variants.find((v) => v.kind === 'control' && !v.whispering) ?? null;
}

/** Tapping the target on the table: the target, with its kind pre-filled (defaultVariant). */
export function tapTarget(decls: readonly Declaration[], draft: AttackDraft, target: CardId): AttackDraft {
	const next = chooseTarget(decls, draft, target);
	if (next === draft) return draft;
	const variant = defaultVariant(decls, next);
	return variant === null ? next : chooseVariant(decls, next, variant);
}

/** A table click at the current step: pick the attacker or target (kind pre-filled), or toggle an aid. */
export function pickCard(decls: readonly Declaration[], draft: AttackDraft, card: CardId): AttackDraft {
	switch (stepOf(decls, draft)) {
		case 'attacker':
			return chooseAttacker(decls, draft, card);
		case 'target':
			return tapTarget(decls, draft, card);
		case 'aid':
			return toggleAid(decls, draft, card);
		default:
			return draft;
	}
}
