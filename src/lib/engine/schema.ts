/**
 * The shape of every action, checked before any rule: a log entry from a file or a peer is
 * untrusted JSON. A malformed entry gets a specific message and changes nothing.
 */
import type { Action, ActionType, DeckAction } from './actions.js';
import { ALIGNMENTS, CARDS } from './cards/index.js';

type FieldKind =
	| 'seat'
	| 'card'
	| 'cards'
	| 'side'
	| 'sideOrNull'
	| 'amount'
	| 'text'
	| 'hex'
	| 'attackKind'
	| 'mode'
	| 'op'
	| 'alignment'
	| 'reason'
	| 'sources'
	| 'treasuries'
	| 'layout'
	| 'dice'
	| 'offerSide'
	| 'boolean'
	| 'privilege'
	| 'flag'
	| 'interference'
	| 'dealt'
	| 'boxes'
	| 'offerTerms';

interface Field {
	readonly kind: FieldKind;
	readonly optional?: boolean;
}

const SEAT: Field = { kind: 'seat' };
const CARD: Field = { kind: 'card' };

const SCHEMAS: Readonly<Record<ActionType | DeckAction['type'], Readonly<Record<string, Field>>>> = {
	random: { seed: { kind: 'hex' } },
	fixed: { dice: { kind: 'dice', optional: true }, cards: { kind: 'cards', optional: true } },
	deal: { cards: { kind: 'dealt' } },
	showCard: { seat: SEAT, position: { kind: 'amount' }, card: CARD },
	commitGoal: { seat: SEAT, commitment: { kind: 'hex' } },
	revealGoal: { seat: SEAT, goal: CARD, salt: { kind: 'text' } },
	declineClaim: { seat: SEAT },
	pay: { seat: SEAT, reason: { kind: 'reason' }, sources: { kind: 'sources' } },
	attack: {
		seat: SEAT,
		kind: { kind: 'attackKind' },
		attacker: CARD,
		target: CARD,
		aids: { kind: 'cards' },
		privilege: { kind: 'privilege', optional: true },
		whispering: { kind: 'flag', optional: true },
	},
	playSpecial: {
		seat: SEAT,
		card: CARD,
		target: { kind: 'card', optional: true },
		player: { kind: 'seat', optional: true },
		master: { kind: 'card', optional: true },
		side: { kind: 'side', optional: true },
		treasuries: { kind: 'treasuries', optional: true },
		cancels: { kind: 'amount', optional: true },
	},
	abolishPrivilege: { seat: SEAT, cards: { kind: 'cards' } },
	passWindow: { seat: SEAT },
	aid: { seat: SEAT, card: CARD },
	spend: { seat: SEAT, from: CARD, amount: { kind: 'amount' }, side: { kind: 'interference', optional: true } },
	passSpending: { seat: SEAT },
	callOff: { seat: SEAT },
	placeCapture: { seat: SEAT, side: { kind: 'side' } },
	placePuppet: { seat: SEAT, card: CARD, side: { kind: 'sideOrNull' } },
	captureTransfer: { seat: SEAT, amount: { kind: 'amount' } },
	transfer: { seat: SEAT, mode: { kind: 'mode' }, from: CARD, to: CARD, amount: { kind: 'amount' } },
	move: { seat: SEAT, card: CARD, master: CARD, side: { kind: 'side' } },
	drop: { seat: SEAT, card: CARD },
	passTurn: { seat: SEAT },
	endActions: { seat: SEAT },
	endTurn: { seat: SEAT },
	redistribute: { seat: SEAT, treasuries: { kind: 'treasuries' } },
	reorganize: { seat: SEAT, layout: { kind: 'layout' } },
	editAlignment: { seat: SEAT, target: CARD, op: { kind: 'op' }, alignment: { kind: 'alignment' } },
	recycle: { seat: SEAT },
	offer: {
		seat: SEAT,
		to: SEAT,
		give: { kind: 'offerSide' },
		take: { kind: 'offerSide' },
		private: { kind: 'boolean' },
		note: { kind: 'text', optional: true },
		commitment: { kind: 'hex', optional: true },
		boxes: { kind: 'boxes', optional: true },
	},
	acceptOffer: {
		seat: SEAT,
		offer: { kind: 'amount' },
		terms: { kind: 'offerTerms', optional: true },
		digest: { kind: 'hex', optional: true },
		chosen: { kind: 'cards', optional: true },
	},
	declineOffer: { seat: SEAT, offer: { kind: 'amount' }, digest: { kind: 'hex', optional: true } },
	withdrawOffer: { seat: SEAT, offer: { kind: 'amount' }, digest: { kind: 'hex', optional: true } },
	give: { seat: SEAT, to: SEAT, money: { kind: 'amount' }, specials: { kind: 'cards' } },
	placeReceived: { seat: SEAT, master: CARD, side: { kind: 'side' } },
	leave: { seat: SEAT },
	declareAbsent: { seat: SEAT, target: SEAT },
	returnPresent: { seat: SEAT },
	viewSpecials: { seat: SEAT, player: SEAT },
	skipPlayer: { seat: SEAT, target: SEAT },
	waiveTax: { seat: SEAT, target: SEAT },
	accuse: { seat: SEAT, target: SEAT, illuminati: CARD },
	stateIlluminati: { seat: SEAT, power: { kind: 'amount' }, income: { kind: 'amount' } },
	denyAccusation: { seat: SEAT, illuminati: { kind: 'card', optional: true }, by: { kind: 'seat', optional: true } },
	revealIlluminati: { seat: SEAT },
	dealIlluminati: {},
	showIlluminati: { seat: SEAT, card: CARD },
};

/** Log action types; the secret deck's `deal` and `showCard` (hidden.ts) and the Hidden Illuminati
 * deal's `dealIlluminati` and `showIlluminati` (hidden-illuminati.ts) only the protocol applies. */
const PROTOCOL_ONLY: ReadonlySet<string> = new Set(['deal', 'showCard', 'dealIlluminati', 'showIlluminati']);
export const ACTION_TYPES = Object.keys(SCHEMAS).filter((type) => !PROTOCOL_ONLY.has(type)) as ActionType[];

const MAX_TEXT = 200;
const MAX_LIST = 120;

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const isCard = (value: unknown): boolean => typeof value === 'string' && Object.prototype.hasOwnProperty.call(CARDS, value);
const isSide = (value: unknown): boolean => value === 0 || value === 1 || value === 2 || value === 3;

function fieldProblem(kind: FieldKind, value: unknown, players: number): string | null {
	switch (kind) {
		case 'seat':
			return isInt(value) && value >= 0 && value < players ? null : `a seat from 0 to ${players - 1}`;
		case 'card':
			return isCard(value) ? null : 'a known card id';
		case 'cards':
			return Array.isArray(value) && value.length <= MAX_LIST && value.every(isCard) ? null : 'a list of known card ids';
		case 'side':
			return isSide(value) ? null : 'a side 0..3';
		case 'sideOrNull':
			return value === null || isSide(value) ? null : 'a side 0..3 or null';
		case 'amount':
			return isInt(value) && value >= 0 && value <= 1_000_000 ? null : 'a whole number of MB';
		case 'text':
			return typeof value === 'string' && value.length <= MAX_TEXT ? null : `text of at most ${MAX_TEXT} characters`;
		case 'hex':
			return typeof value === 'string' && /^[0-9a-f]{16,128}$/.test(value) ? null : '16 to 128 lowercase hex digits';
		case 'attackKind':
			return value === 'control' || value === 'neutralize' || value === 'destroy' ? null : 'control, neutralize or destroy';
		case 'mode':
			return value === 'action' || value === 'free' ? null : 'action or free';
		case 'op':
			return value === 'add' || value === 'remove' || value === 'reverse' ? null : 'add, remove or reverse';
		case 'alignment':
			return (ALIGNMENTS as readonly unknown[]).includes(value) ? null : 'an alignment';
		case 'reason':
			return value === 'tax' || value === 'upkeep' ? null : 'tax or upkeep';
		case 'sources':
			return Array.isArray(value) &&
				value.length <= MAX_LIST &&
				value.every((s) => isRecord(s) && isCard(s.card) && isInt(s.amount) && Object.keys(s).length === 2)
				? null
				: 'a list of { card, amount }';
		case 'treasuries':
			return isRecord(value) && Object.entries(value).every(([card, amount]) => isCard(card) && isInt(amount))
				? null
				: 'an object of card id to MB';
		case 'layout':
			return Array.isArray(value) &&
				value.length <= MAX_LIST &&
				value.every((e) => isRecord(e) && isCard(e.card) && isCard(e.master) && isSide(e.side) && Object.keys(e).length === 3)
				? null
				: 'a list of { card, master, side }';
		case 'privilege':
			return isRecord(value) &&
				((value.kind === 'bavarian' && Object.keys(value).length === 1) ||
					(value.kind === 'discard' && isCard(value.card) && Object.keys(value).length === 2))
				? null
				: '{ kind: "bavarian" } or { kind: "discard", card }';
		case 'flag':
			return typeof value === 'boolean' ? null : 'true or false';
		case 'interference':
			return value === 'for' || value === 'against' ? null : 'for or against';
		case 'offerSide':
			return isRecord(value) &&
				Object.keys(value).length === ('anySpecials' in value ? 4 : 3) &&
				(!('anySpecials' in value) || (isInt(value.anySpecials) && value.anySpecials >= 1 && value.anySpecials <= MAX_LIST)) &&
				isInt(value.money) &&
				value.money >= 0 &&
				value.money <= 1_000_000 &&
				[value.specials, value.groups].every((list) => Array.isArray(list) && list.length <= MAX_LIST && list.every(isCard))
				? null
				: '{ money, specials, groups, anySpecials? }: whole MB, lists of known card ids and a count';
		case 'boolean':
			return typeof value === 'boolean' ? null : 'true or false';
		case 'boxes':
			return Array.isArray(value) && value.length === 2 && value.every((box) => typeof box === 'string' && /^[A-Za-z0-9_-]{1,4096}$/.test(box))
				? null
				: 'two base64url boxes (to the recipient, then to the maker)';
		case 'offerTerms':
			return isRecord(value) &&
				Object.keys(value).sort().join() === 'give,note,salt,take' &&
				fieldProblem('offerSide', value.give, players) === null &&
				fieldProblem('offerSide', value.take, players) === null &&
				typeof value.salt === 'string' &&
				/^[0-9a-f]{32,128}$/.test(value.salt) &&
				typeof value.note === 'string' &&
				/^([0-9a-f]{64})?$/.test(value.note)
				? null
				: '{ give, take, salt, note }: two offer sides, a hex salt and a note digest (or "")';
		case 'dealt':
			return Array.isArray(value) && value.length <= MAX_LIST && value.every((card) => card === null || isCard(card)) ? null : 'a list of known card ids or null';
		case 'dice':
			return Array.isArray(value) &&
				value.length <= 16 &&
				value.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every(isInt))
				? null
				: 'a list of [die, die] pairs';
	}
}

/** Null when `value` is a well-formed action for a game of `players` seats, else what is wrong. */
export function actionShapeProblem(value: unknown, players: number): string | null {
	if (!isRecord(value)) return 'an action is a JSON object';
	const type = value.type;
	if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(SCHEMAS, type)) {
		return `unknown action type ${JSON.stringify(type)}`;
	}
	const schema = SCHEMAS[type as ActionType];
	for (const key of Object.keys(value)) {
		if (key !== 'type' && !Object.prototype.hasOwnProperty.call(schema, key)) return `${type}: unexpected field "${key}"`;
	}
	// The schema is this module's own constant: its keys without an entries list (every step asks).
	for (const key in schema) {
		const field = schema[key]!;
		if (!(key in value) || value[key] === undefined) {
			if (field.optional) continue;
			return `${type}: missing field "${key}"`;
		}
		const problem = fieldProblem(field.kind, value[key], players);
		if (problem !== null) return `${type}.${key} must be ${problem}`;
	}
	return null;
}

export function isAction(value: unknown, players: number): value is Action {
	return actionShapeProblem(value, players) === null;
}
