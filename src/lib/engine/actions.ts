/**
 * Actions: a tagged union. Player actions carry the seat that acts; randomness entries carry none
 * (the protocol layer derives their seed from every player's reveals).
 */
import type { Alignment, AttackKind, CardId, OfferSide, Seat, Side } from './types.js';
import type { RevealedTerms } from './offer-terms.js';

/** Randomness for whatever the state asks for (state.random), from a hex seed. */
export interface RandomAction {
	readonly type: 'random';
	readonly seed: string;
}

/** Sandbox only: the dice and cards the pending random request gets, stated outright. */
export interface FixedAction {
	readonly type: 'fixed';
	readonly dice?: readonly (readonly [number, number])[];
	readonly cards?: readonly CardId[];
}

/** Secret deck (hidden.ts): the cards at the next positions of the masked deck for the pending
 * draw or targets request, as the protocol learned them; null = drawn into the drawer's hand unseen. */
export interface DealAction {
	readonly type: 'deal';
	readonly cards: readonly (CardId | null)[];
}

/** Secret deck: the card at a hidden position of a seat's hand, shown to all with its proof (the
 * protocol checked it); from then on it is an ordinary card in that hand. */
export interface ShowCardAction {
	readonly type: 'showCard';
	readonly seat: Seat;
	readonly position: number;
	readonly card: CardId;
}

/** The UFOs commit to their secret goal: sha256 hex of `${goalIlluminatiId}:${salt}`. */
export interface CommitGoalAction {
	readonly type: 'commitGoal';
	readonly seat: Seat;
	readonly commitment: string;
}

/** The UFOs reveal the goal (any time, or in the claim window at the end of a turn). */
export interface RevealGoalAction {
	readonly type: 'revealGoal';
	readonly seat: Seat;
	readonly goal: CardId;
	readonly salt: string;
}

export interface DeclineClaimAction {
	readonly type: 'declineClaim';
	readonly seat: Seat;
}

/** Income step: choose the treasuries that pay the IRS tax or the Post Office upkeep. */
export interface PayAction {
	readonly type: 'pay';
	readonly seat: Seat;
	readonly reason: 'tax' | 'upkeep';
	readonly sources: readonly { readonly card: CardId; readonly amount: number }[];
}

export interface AttackAction {
	readonly type: 'attack';
	readonly seat: Seat;
	readonly kind: AttackKind;
	readonly attacker: CardId;
	readonly target: CardId;
	/** Groups adding transferable power, all announced with the attack. */
	readonly aids: readonly CardId[];
	/** Privilege: discard any Special, or (the Bavarian Illuminati, once a turn) pay 5 MB. */
	readonly privilege?: { readonly kind: 'discard'; readonly card: CardId } | { readonly kind: 'bavarian' };
	/** Whispering Campaign, played with the attack, to destroy a group with no Power. */
	readonly whispering?: boolean;
}

/** Add a group's transferable power to the attack under way, before anyone spends money. */
export interface AidAction {
	readonly type: 'aid';
	readonly seat: Seat;
	readonly card: CardId;
}

/** Spend money on the attack under way: the attacker from the attacking group or Illuminati,
 * the defender from the target group or Illuminati. */
export interface SpendAction {
	readonly type: 'spend';
	readonly seat: Seat;
	readonly from: CardId;
	readonly amount: number;
	/** Interference: another player spends from its Illuminati for or against the attack. */
	readonly side?: 'for' | 'against';
}

/** Play a Special card; the fields it needs depend on the card. */
export interface PlaySpecialAction {
	readonly type: 'playSpecial';
	readonly seat: Seat;
	readonly card: CardId;
	/** A group: Bribery's catch, Media Campaign's revival, Computer Espionage's treasury. */
	readonly target?: CardId;
	/** Computer Espionage: the player whose Specials to see. */
	readonly player?: Seat;
	/** Bribery: the arrow the catch goes on. */
	readonly master?: CardId;
	readonly side?: Side;
	/** White Collar Crime: every treasury's new amount (5 MB more in all). */
	readonly treasuries?: Readonly<Record<CardId, number>>;
	/** Secrets Man Was Not Meant to Know: the play in the chain to cancel (default: the last). */
	readonly cancels?: number;
}

/** Discard two Specials together to abolish a privilege (or one to replace a cancelled one). */
export interface AbolishPrivilegeAction {
	readonly type: 'abolishPrivilege';
	readonly seat: Seat;
	readonly cards: readonly CardId[];
}

/** Nothing to play in the window that is open now. */
export interface PassWindowAction {
	readonly type: 'passWindow';
	readonly seat: Seat;
}

export interface PassSpendingAction {
	readonly type: 'passSpending';
	readonly seat: Seat;
}

export interface CallOffAction {
	readonly type: 'callOff';
	readonly seat: Seat;
}

/** After a successful control attack: the attacking group's open arrow the catch goes on. */
export interface PlaceCaptureAction {
	readonly type: 'placeCapture';
	readonly seat: Seat;
	readonly side: Side;
}

/** A puppet that no longer fits where it was: another arrow of the same master, or null to drop it. */
export interface PlacePuppetAction {
	readonly type: 'placePuppet';
	readonly seat: Seat;
	readonly card: CardId;
	readonly side: Side | null;
}

/** Right after a capture: move money from the attacking group onto its catch (part of the attack). */
export interface CaptureTransferAction {
	readonly type: 'captureTransfer';
	readonly seat: Seat;
	readonly amount: number;
}

/** Money between adjacent groups: as one of the two actions, or as one of the two free transfers. */
export interface TransferAction {
	readonly type: 'transfer';
	readonly seat: Seat;
	readonly mode: 'action' | 'free';
	readonly from: CardId;
	readonly to: CardId;
	readonly amount: number;
}

/** Move a group (and its puppets) onto an open arrow of another card of the same structure. */
export interface MoveAction {
	readonly type: 'move';
	readonly seat: Seat;
	readonly card: CardId;
	readonly master: CardId;
	readonly side: Side;
}

/** Free action: a group and its puppets go uncontrolled. */
export interface DropAction {
	readonly type: 'drop';
	readonly seat: Seat;
	readonly card: CardId;
}

/** Take no action this turn and collect 5 MB instead. Ends the turn. */
export interface PassTurnAction {
	readonly type: 'passTurn';
	readonly seat: Seat;
}

export interface EndActionsAction {
	readonly type: 'endActions';
	readonly seat: Seat;
}

export interface EndTurnAction {
	readonly type: 'endTurn';
	readonly seat: Seat;
}

/** Gnomes of Zurich, end of turn: the new amount in every treasury (same total). */
export interface RedistributeAction {
	readonly type: 'redistribute';
	readonly seat: Seat;
	readonly treasuries: Readonly<Record<CardId, number>>;
}

/** Bermuda Triangle, end of turn: a whole new layout, masters placed before their puppets. */
export interface ReorganizeAction {
	readonly type: 'reorganize';
	readonly seat: Seat;
	readonly layout: readonly { readonly card: CardId; readonly master: CardId; readonly side: Side }[];
}

/** Orbital Mind Control Lasers: change one alignment of one other group until the end of the turn. */
export interface EditAlignmentAction {
	readonly type: 'editAlignment';
	readonly seat: Seat;
	readonly target: CardId;
	readonly op: 'add' | 'remove' | 'reverse';
	readonly alignment: Alignment;
}

/** Recyclers: pay 5 MB from the Recyclers to draw one more card. */
export interface RecycleAction {
	readonly type: 'recycle';
	readonly seat: Seat;
}

/** Gifts and Trades: an offer to one other player (money, Specials, groups either way). It lapses
 * at the end of the turn; a private offer is shown only to its two parties. */
export interface OfferAction {
	readonly type: 'offer';
	readonly seat: Seat;
	readonly to: Seat;
	readonly give: OfferSide;
	readonly take: OfferSide;
	readonly private: boolean;
	/** A promise for later, shown and never enforced (When Is a Deal Binding?). */
	readonly note?: string;
	/** A sealed private offer (offer-terms.ts): empty sides, the commitment to the real terms, and
	 * their boxes (base64url, opaque to the engine): to the recipient, then to the maker. */
	readonly commitment?: string;
	readonly boxes?: readonly string[];
}

/** The receiver accepts: the exchange happens at once, whole or not at all. */
export interface AcceptOfferAction {
	readonly type: 'acceptOffer';
	readonly seat: Seat;
	readonly offer: number;
	/** A sealed offer: the terms its commitment stands for (offer-terms.ts). */
	readonly terms?: RevealedTerms;
	/** The offer answered, by content (offerDigest, deals.ts): the number is only where it was
	 * when the answer was signed, and an offer placed before it in the final order shifts it. */
	readonly digest?: string;
	/** The Specials the receiver picks for an offer that asks for some of its choice
	 * (`take.anySpecials`, offer-choice.ts); absent otherwise. */
	readonly chosen?: readonly CardId[];
}

export interface DeclineOfferAction {
	readonly type: 'declineOffer';
	readonly seat: Seat;
	readonly offer: number;
	/** As AcceptOfferAction's. */
	readonly digest?: string;
}

export interface WithdrawOfferAction {
	readonly type: 'withdrawOffer';
	readonly seat: Seat;
	readonly offer: number;
	/** As AcceptOfferAction's. */
	readonly digest?: string;
}

/** Free action, any time: give money (Illuminati to Illuminati) or Specials to another player. */
export interface GiveAction {
	readonly type: 'give';
	readonly seat: Seat;
	readonly to: Seat;
	readonly money: number;
	readonly specials: readonly CardId[];
}

/** Transferring Groups: the receiver fits a received group onto an open arrow of any of its cards. */
export interface PlaceReceivedAction {
	readonly type: 'placeReceived';
	readonly seat: Seat;
	readonly master: CardId;
	readonly side: Side;
}

export type PlayerAction =
	| CommitGoalAction
	| RevealGoalAction
	| DeclineClaimAction
	| PayAction
	| AttackAction
	| AidAction
	| SpendAction
	| PlaySpecialAction
	| AbolishPrivilegeAction
	| PassWindowAction
	| PassSpendingAction
	| CallOffAction
	| PlaceCaptureAction
	| PlacePuppetAction
	| CaptureTransferAction
	| TransferAction
	| MoveAction
	| DropAction
	| PassTurnAction
	| EndActionsAction
	| EndTurnAction
	| RedistributeAction
	| ReorganizeAction
	| EditAlignmentAction
	| RecycleAction
	| OfferAction
	| AcceptOfferAction
	| DeclineOfferAction
	| WithdrawOfferAction
	| GiveAction
	| PlaceReceivedAction
	| LeaveAction
	| DeclareAbsentAction
	| ReturnPresentAction
	| ViewSpecialsAction
	| SkipPlayerAction
	| WaiveTaxAction
	| AccuseAction
	| StateIlluminatiAction
	| DenyAccusationAction
	| RevealIlluminatiAction;

/** Hidden Illuminati (option hiddenIlluminati, accusation.ts): in the actions step, one of the
 * turn's two actions, naming the Illuminati another seat is thought to be ("I think you are Cthulhu"). */
export interface AccuseAction {
	readonly type: 'accuse';
	readonly seat: Seat;
	readonly target: Seat;
	readonly illuminati: CardId;
}

/** Hidden Illuminati: what this seat's face-down Illuminati plays with from now on (at most its
 * printed Power and Income, one more each with hiddenIlluminatiBluff). A free action in its turn. */
export interface StateIlluminatiAction {
	readonly type: 'stateIlluminati';
	readonly seat: Seat;
	readonly power: number;
	readonly income: number;
}

/** Hidden Illuminati with the secret deal (hidden-illuminati.ts): the accused's "no" to the accusation
 * waiting for its answer. The engine cannot judge it (it does not know the card); it is recorded and
 * checked when every Illuminati opens at the end. A right accusation is answered by `showIlluminati`. */
export interface DenyAccusationAction {
	readonly type: 'denyAccusation';
	readonly seat: Seat;
	/** The accusation answered: the card named and the accuser. Refused when another accusation
	 * waits (an answer that landed on a later accusation recorded a "no" to a card never named). */
	readonly illuminati?: CardId;
	readonly by?: Seat;
}

/** Hidden Illuminati: a seat turns its own face-down Illuminati face up, to use its ability
 * (hidden-illuminati-reveal.ts). Under the secret deal its device then shows the card with proof. */
export interface RevealIlluminatiAction {
	readonly type: 'revealIlluminati';
	readonly seat: Seat;
}

/** Hidden Illuminati with the secret deal: the Illuminati request answered by the masked Illuminati
 * deck (protocol); every seat gets its face-down stand-in (cards/face-down.ts). */
export interface DealIlluminatiAction {
	readonly type: 'dealIlluminati';
}

/** Hidden Illuminati with the secret deal: a seat's Illuminati shown to all with its proof (the
 * protocol checked it); from then on it is face up, its stand-in replaced by the card. */
export interface ShowIlluminatiAction {
	readonly type: 'showIlluminati';
	readonly seat: Seat;
	readonly card: CardId;
}

/** Illuminated Phone Company (FR add-on): look at another player's Special cards, at any time. */
export interface ViewSpecialsAction {
	readonly type: 'viewSpecials';
	readonly seat: Seat;
	readonly player: Seat;
}

/** Illuminated Post Office (FR add-on), end of its turn: `target` loses its next turn. */
export interface SkipPlayerAction {
	readonly type: 'skipPlayer';
	readonly seat: Seat;
	readonly target: Seat;
}

/** The IRS's controller, as its turn begins, excuses `target` from this turn's tax (irs.ts). */
export interface WaiveTaxAction {
	readonly type: 'waiveTax';
	readonly seat: Seat;
	readonly target: Seat;
}

/** Leaving the Game: the player drops out at any time; its groups go uncontrolled. */
export interface LeaveAction {
	readonly type: 'leave';
	readonly seat: Seat;
}

/** A vote that `target` no longer answers; a majority of the other present seats makes it absent. */
export interface DeclareAbsentAction {
	readonly type: 'declareAbsent';
	readonly seat: Seat;
	readonly target: Seat;
}

/** An absent seat (rule option absence 'passTurns') comes back and plays again. */
export interface ReturnPresentAction {
	readonly type: 'returnPresent';
	readonly seat: Seat;
}

export type Action = RandomAction | FixedAction | PlayerAction;

/** What only the protocol applies under the secret deck (hidden.ts), after checking its proofs. */
export type DeckAction = DealAction | ShowCardAction | DealIlluminatiAction | ShowIlluminatiAction;

export type ActionType = Action['type'];
