/**
 * A seat's legal actions grouped into the choices the action panel shows. Every LegalAction the
 * engine lists (legalActions) lands in exactly one choice; the panel offers nothing else, so the
 * UI never decides a rule itself. A choice holds the engine's own entries (`options`): a builder
 * (attack, transfer, offer …) only combines what they allow.
 */
import type { LegalAction, PlayerAction } from '$lib/engine/index.js';

/** Where a choice is shown in the panel, in this order. */
export const TOPICS = ['goal', 'income', 'placement', 'attackUnderWay', 'window', 'attack', 'turn', 'specials', 'deals', 'membership'] as const;
export type Topic = (typeof TOPICS)[number];

/** The kind of control a choice becomes; one per kind of entry, with the two offer answers together. */
export type ChoiceKind =
	| 'commitGoal'
	| 'revealGoal'
	| 'declineClaim'
	| 'pay'
	| 'placeCapture'
	| 'placePuppet'
	| 'placeReceived'
	| 'captureTransfer'
	| 'aid'
	| 'spend'
	| 'passSpending'
	| 'callOff'
	| 'abolishPrivilege'
	| 'passWindow'
	| 'declareAttack'
	| 'transfer'
	| 'move'
	| 'drop'
	| 'editAlignment'
	| 'redistribute'
	| 'reorganize'
	| 'recycle'
	| 'passTurn'
	| 'endActions'
	| 'endTurn'
	| 'playSpecial'
	| 'offer'
	| 'answerOffer'
	| 'withdrawOffer'
	| 'give'
	| 'leave'
	| 'declareAbsent'
	| 'returnPresent'
	| 'viewSpecials'
	| 'skipPlayer'
	| 'waiveTax'
	| 'accuse'
	| 'stateIlluminati';

export interface UiChoice {
	/** Unique within one seat's choices: the kind, and the card, debt or offer it is about. */
	readonly key: string;
	readonly kind: ChoiceKind;
	readonly topic: Topic;
	/** The engine's entries this choice offers, in the engine's order. */
	readonly options: readonly LegalAction[];
}

const KIND_OF: Readonly<Record<PlayerAction['type'], ChoiceKind>> = {
	commitGoal: 'commitGoal',
	revealGoal: 'revealGoal',
	declineClaim: 'declineClaim',
	pay: 'pay',
	attack: 'declareAttack',
	aid: 'aid',
	spend: 'spend',
	playSpecial: 'playSpecial',
	abolishPrivilege: 'abolishPrivilege',
	passWindow: 'passWindow',
	passSpending: 'passSpending',
	callOff: 'callOff',
	placeCapture: 'placeCapture',
	placePuppet: 'placePuppet',
	captureTransfer: 'captureTransfer',
	transfer: 'transfer',
	move: 'move',
	drop: 'drop',
	passTurn: 'passTurn',
	endActions: 'endActions',
	endTurn: 'endTurn',
	redistribute: 'redistribute',
	reorganize: 'reorganize',
	editAlignment: 'editAlignment',
	recycle: 'recycle',
	offer: 'offer',
	acceptOffer: 'answerOffer',
	declineOffer: 'answerOffer',
	withdrawOffer: 'withdrawOffer',
	give: 'give',
	placeReceived: 'placeReceived',
	leave: 'leave',
	declareAbsent: 'declareAbsent',
	returnPresent: 'returnPresent',
	viewSpecials: 'viewSpecials',
	skipPlayer: 'skipPlayer',
	waiveTax: 'waiveTax',
	accuse: 'accuse',
	stateIlluminati: 'stateIlluminati',
	denyAccusation: 'accuse',
	// Hidden Illuminati: the reveal is offered with the statement, in "Your Illuminati" (HiddenIlluminatiTools.svelte).
	revealIlluminati: 'stateIlluminati',
};

export const TOPIC_OF: Readonly<Record<ChoiceKind, Topic>> = {
	commitGoal: 'goal',
	revealGoal: 'goal',
	declineClaim: 'goal',
	pay: 'income',
	placeCapture: 'placement',
	placePuppet: 'placement',
	placeReceived: 'placement',
	captureTransfer: 'placement',
	aid: 'attackUnderWay',
	spend: 'attackUnderWay',
	passSpending: 'attackUnderWay',
	callOff: 'attackUnderWay',
	abolishPrivilege: 'attackUnderWay',
	passWindow: 'window',
	declareAttack: 'attack',
	transfer: 'turn',
	move: 'turn',
	drop: 'turn',
	editAlignment: 'turn',
	redistribute: 'turn',
	reorganize: 'turn',
	recycle: 'turn',
	passTurn: 'turn',
	endActions: 'turn',
	endTurn: 'turn',
	playSpecial: 'specials',
	offer: 'deals',
	answerOffer: 'deals',
	withdrawOffer: 'deals',
	give: 'deals',
	leave: 'membership',
	declareAbsent: 'membership',
	returnPresent: 'membership',
	// FR add-on: the Illuminated Phone Company's look, the Illuminated Post Office's naming.
	viewSpecials: 'specials',
	skipPlayer: 'turn',
	// Negotiations: the IRS's controller excuses a player from this turn's tax, in the turn-start window.
	waiveTax: 'window',
	// Hidden Illuminati (rule option): an accusation is one of the turn's actions.
	accuse: 'turn',
	stateIlluminati: 'turn',
};

/** The key of the choice an entry belongs to. */
export function choiceKey(legal: LegalAction): string {
	const action = legal.action;
	const kind = KIND_OF[action.type];
	switch (action.type) {
		case 'pay':
			return `${kind}:${action.reason}`;
		case 'playSpecial':
			return `${kind}:${action.card}`;
		case 'acceptOffer':
		case 'declineOffer':
		case 'withdrawOffer':
			return `${kind}:${action.offer}`;
		default:
			return kind;
	}
}

/** Groups entries into choices, keeping the engine's order (a choice appears where its first entry was). */
export function groupChoices(legal: readonly LegalAction[]): UiChoice[] {
	const byKey = new Map<string, LegalAction[]>();
	for (const entry of legal) {
		const key = choiceKey(entry);
		const list = byKey.get(key);
		if (list === undefined) byKey.set(key, [entry]);
		else list.push(entry);
	}
	return [...byKey].map(([key, options]) => {
		const kind = KIND_OF[options[0]!.action.type];
		return { key, kind, topic: TOPIC_OF[kind], options };
	});
}

/** The choices of one topic. */
export function choicesIn(choices: readonly UiChoice[], topic: Topic): UiChoice[] {
	return choices.filter((choice) => choice.topic === topic);
}

/** The first choice of a kind, if any. */
export function choiceOf(choices: readonly UiChoice[], kind: ChoiceKind): UiChoice | undefined {
	return choices.find((choice) => choice.kind === kind);
}

/** A choice's single entry (for plain buttons: pass, end, call off …). */
export function onlyOption(choice: UiChoice | undefined): LegalAction | undefined {
	return choice?.options[0];
}

/** Kinds a seat is never waited for: a reveal and a look at Specials (always open), deals and membership. */
const NEVER_AWAITED: ReadonlySet<ChoiceKind> = new Set(['revealGoal', 'viewSpecials', 'offer', 'answerOffer', 'withdrawOffer', 'give', 'leave', 'declareAbsent', 'returnPresent']);

/** Passes a seat makes when it is all the engine lists for it. */
const AUTOMATIC_PASSES: ReadonlySet<PlayerAction['type']> = new Set(['passWindow', 'passSpending']);

/**
 * The pass a client may make on its own: a Specials window (passWindow) or an attack's spending
 * (passSpending) where the engine lists nothing else the rules wait for (Basic Rules: Special
 * Cards — every window asks every seat, so a seat with nothing to play just passes; a seat with
 * no money to spend, or an onlooker of a privileged attack without a pair, Deep Agent or
 * Interference, has nothing to do but pass). Null when there is a real choice.
 */
export function automaticPass(legal: readonly LegalAction[]): PlayerAction | null {
	const awaited = legal.filter((entry) => !NEVER_AWAITED.has(KIND_OF[entry.action.type]));
	return awaited.length === 1 && AUTOMATIC_PASSES.has(awaited[0]!.action.type) ? awaited[0]!.action : null;
}
