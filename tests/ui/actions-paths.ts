// How the action panel reaches each listed entry: the clicks of its builder, replayed with the same
// pure functions the components call. `canonical` is the entry itself (amounts at the listed 1,
// no aid, no privilege); `variants` are the other actions the same controls can send (the most
// money, every aid, each privilege …). Used by the tests that every entry is reachable and that
// everything the builders send is accepted by `step`.
import type { CardId, GameState, LegalAction, OfferAction, PlayerAction, ReorganizeAction, Seat } from '../../src/lib/engine/index.js';
import {
	EMPTY_DRAFT,
	attackersOf,
	aidCandidatesOf,
	buildAttack,
	chooseAttacker,
	choosePrivilege,
	chooseTarget,
	chooseVariant,
	declarationOf,
	declarations,
	privilegesOf,
	stepOf,
	targetsOf,
	toggleAid,
	variantsOf,
	type AttackDraft,
} from '../../src/lib/ui/actions/attack-builder.js';
import type { UiChoice } from '../../src/lib/ui/actions/choices.js';
import { giveAction, giveMoneyMax, giveRecipients, giveSpecials, offerAction, offerViews } from '../../src/lib/ui/actions/deals.js';
import { commitAction, goalChoices, revealAction, type GoalSecret } from '../../src/lib/ui/actions/goal.js';
import { maxOf, transferDestinations, transferModes, transferSources, withAmount } from '../../src/lib/ui/actions/money.js';
import { alignmentEdit, alignmentOps, alignmentTargets, alignmentValues, droppableCards, movableCards, moveDestinations, reorganizeAction, treasuriesOf, withTreasuries } from '../../src/lib/ui/actions/organize.js';
import { placementSides, receivedMasters } from '../../src/lib/ui/actions/placement.js';
import { spendAction, spendSources } from '../../src/lib/ui/actions/spending.js';

export interface UiPath {
	/** What the controls send for this entry; null: the controls cannot reach it. */
	readonly canonical: PlayerAction | null;
	readonly variants: readonly PlayerAction[];
}

const none: UiPath = { canonical: null, variants: [] };

/** Attack: attacker, then target, then kind, then (if listed) no privilege — the builder's clicks. */
function attackPath(choice: UiChoice, legal: LegalAction): UiPath {
	const decls = declarations(choice.options);
	const action = legal.action;
	if (action.type !== 'attack') return none;
	let draft: AttackDraft = EMPTY_DRAFT;
	if (!attackersOf(decls).includes(action.attacker)) return none;
	draft = chooseAttacker(decls, draft, action.attacker);
	if (!targetsOf(decls, draft.attacker).includes(action.target)) return none;
	draft = chooseTarget(decls, draft, action.target);
	const variant = variantsOf(decls, draft.attacker, draft.target).find((v) => v.kind === action.kind && v.whispering === (action.whispering === true));
	if (variant === undefined) return none;
	draft = chooseVariant(decls, draft, variant);
	if (stepOf(decls, draft) === 'privilege') draft = choosePrivilege(decls, draft, null);
	const canonical = buildAttack(decls, draft);
	const decl = declarationOf(decls, draft);
	const withAllAid = aidCandidatesOf(decl).reduce((d, card) => toggleAid(decls, d, card), draft);
	const variants = [buildAttack(decls, withAllAid), ...privilegesOf(decl).map((p) => buildAttack(decls, choosePrivilege(decls, withAllAid, p)))];
	return { canonical, variants: variants.filter((v): v is NonNullable<typeof v> => v !== null) };
}

function amountPath(legal: LegalAction): UiPath {
	return { canonical: withAmount(legal, 1), variants: [withAmount(legal, maxOf(legal))] };
}

export function uiPath(state: GameState, seat: Seat, choice: UiChoice, legal: LegalAction, secret: GoalSecret | undefined): UiPath {
	const action = legal.action;
	const options = choice.options;
	switch (action.type) {
		case 'attack':
			return attackPath(choice, legal);
		case 'spend': {
			const source = spendSources(options).find((s) => s.legal === legal);
			return source ? { canonical: spendAction(source, 1), variants: [spendAction(source, source.max)] } : none;
		}
		case 'transfer': {
			if (!transferSources(options).includes(action.from) || !transferDestinations(options, action.from).includes(action.to)) return none;
			const mode = transferModes(options, action.from, action.to).find((m) => m.action.mode === action.mode);
			return mode ? amountPath(mode) : none;
		}
		case 'captureTransfer':
			return amountPath(legal);
		case 'placeCapture':
		case 'placePuppet': {
			const side = placementSides(options).find((s) => s.legal === legal);
			return side ? { canonical: side.legal.action, variants: [] } : none;
		}
		case 'placeReceived': {
			const found = receivedMasters(options)
				.find((m) => m.master === action.master)
				?.sides.find((s) => s.side === action.side);
			return found ? { canonical: found.legal.action, variants: [] } : none;
		}
		case 'move':
			return movableCards(options).includes(action.card) ? { canonical: moveDestinations(options, action.card).find((m) => m.master === action.master && m.side === action.side) ?? null, variants: [] } : none;
		case 'drop':
			return droppableCards(options).includes(action.card) ? { canonical: action, variants: [] } : none;
		case 'editAlignment': {
			const reachable = alignmentTargets(options).includes(action.target) && alignmentOps(options, action.target).includes(action.op) && alignmentValues(options, action.target, action.op).includes(action.alignment);
			return reachable ? { canonical: alignmentEdit(options, action.target, action.op, action.alignment) ?? null, variants: [] } : none;
		}
		case 'redistribute':
			return { canonical: withTreasuries(action, treasuriesOf(action)!), variants: [] };
		case 'playSpecial':
			return { canonical: action.treasuries ? withTreasuries(action, treasuriesOf(action)!) : action, variants: [] };
		case 'reorganize': {
			const illuminati = state.players[seat]!.illuminati!;
			return { canonical: reorganizeAction(action, (action as ReorganizeAction).layout, illuminati), variants: [] };
		}
		case 'commitGoal':
			// The device chooses the goal and salt at this moment.
			return { canonical: commitAction(legal, secret ?? { goal: goalChoices()[0]!, salt: 'a5'.repeat(16) }), variants: [] };
		case 'revealGoal':
			// Only the goal this device committed to can be revealed (its salt completes it).
			return { canonical: secret?.goal === action.goal ? revealAction(options, secret) : null, variants: [] };
		case 'acceptOffer':
		case 'declineOffer':
		case 'withdrawOffer': {
			const view = offerViews(state, seat, options).find((v) => v.offer.id === action.offer);
			const field = action.type === 'acceptOffer' ? 'accept' : action.type === 'declineOffer' ? 'decline' : 'withdraw';
			return { canonical: view?.[field]?.action ?? null, variants: [] };
		}
		case 'give': {
			if (!giveRecipients(options).includes(action.to)) return none;
			if (action.money > 0) {
				const max = giveMoneyMax(options, action.to);
				return { canonical: giveAction(seat, action.to, 1, []), variants: [giveAction(seat, action.to, max, [])] };
			}
			const specials: CardId[] = giveSpecials(options, action.to).filter((card) => action.specials.includes(card));
			return { canonical: giveAction(seat, action.to, 0, specials), variants: [] };
		}
		case 'offer': {
			const example = action as OfferAction;
			return { canonical: offerAction(seat, { to: example.to, give: example.give, take: example.take, private: example.private, note: '' }), variants: [] };
		}
		default:
			// Plain buttons and lists: the entry itself.
			return { canonical: action, variants: [] };
	}
}
