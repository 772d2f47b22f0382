/**
 * The game state: plain, readonly JSON data. Nothing here is a class, a Map or a float, so a
 * state can be hashed, stored, compared and sent as it is.
 */
import type { AttackKind, CardId, Side } from './cards/types.js';

export type { Alignment, AttackKind, CardId, Side } from './cards/types.js';

export type Seat = number;

/** Quarter turns clockwise applied to a card's own frame. */
export type Rotation = 0 | 1 | 2 | 3;

/** Named rule options. Each covers a point where the rulebooks differ (docs/rules-differences.md). */
export interface RuleOptions {
	/** French text: an attack to neutralize also needs an open outgoing arrow. Default false. */
	readonly neutralizeNeedsOpenArrow: boolean;
	/** What a majority declaring a seat absent does: it leaves the game, its turns are passed, or
	 * ('bot', online games) a deterministic bot plays its turns through other seats' stand-in entries. Default 'leave'. */
	readonly absence: 'leave' | 'passTurns' | 'bot';
	/** Advanced Rules, Adjusting Game Length: the basic goal is raised by this many groups (0..20). Default 0. */
	readonly basicGoalBonus: number;
	/** Advanced Rules, very long game: no goals; the game ends when no group is left uncontrolled, scored by Power. */
	readonly veryLongGame: boolean;
	/** Advanced Rules, Secret (hidden) goals: every player commits to a special goal from the list; the UFOs get +1 Power. */
	readonly hiddenGoals: boolean;
	/** Advanced Rules, Larger Games: Illuminati income +3 MB with 7 players, +5 MB with 8. Default false. */
	readonly largerGameIncome: boolean;
	/** FR add-on article: the illuminated groups (ILLUMINATED ids) a seat may play as its Illuminati. Default none. */
	readonly illuminated: readonly CardId[];
	/** FR add-on article: whether random Illuminati may be drawn among the `illuminated` ones. Default false. */
	readonly illuminatedInDraw: boolean;
	/** Who may abolish a privilege: Deep Agent or two Specials (EN/ES/v4), or Deep Agent only (FR). */
	readonly privilegeAbolish: 'deepAgentOrTwoSpecials' | 'deepAgentOnly';
	/** About the Illuminati (ES/FR): an Illuminati eliminated by an attack counts for the attacker's destroy count. */
	readonly cthulhuCountsEliminated: boolean;
	/** 2018 rules (v4.0), Sequence of Play step 7, Add targets: the uncontrolled area is refilled to three groups at the end of each turn. Default false. */
	readonly addTargets: boolean;
	/** ES/FR advanced rule, Hidden Illuminati (hidden-illuminati.ts): Illuminati face down until
	 * identified by an accusation. Absent = off (not in DEFAULT_RULES: canonical options unchanged). */
	readonly hiddenIlluminati?: boolean;
	/** Its alternative rule: an unidentified Illuminati may overstate its Power and/or Income by 1. */
	readonly hiddenIlluminatiBluff?: boolean;
	/** A privileged attack's spending window waits for every seat still in the game, as every other
	 * window does, so a seat that may abolish the privilege (Deep Agent, two Specials) or interfere
	 * alone (Interference) gets its chance before the roll (privilege.ts). Absent = off: the window
	 * waits for the attacker, the defender and an Interference player only, as logs from before it
	 * were played; new games set it (NEW_GAME_RULES). */
	readonly privilegedWindowAsksAll?: boolean;
	/** Passing for 5 MB is refused after any free action of the player in its own turn (Actions:
	 * "not even free actions"), in whichever phase it came (a Special as the turn begins or during
	 * its own attack), and an attack called off gives back the right to pass only if nothing else was
	 * done meanwhile (state.ts markFreeAction). Absent = off: a Special played outside the actions
	 * step, or a gift or Special during an attack later called off, left the turn passable, as logs
	 * from before it were played; new games set it (NEW_GAME_RULES). */
	readonly everyFreeActionCounts?: boolean;
}

/** The rules a log's setup is read against (log.ts): the classic texts' options, without the keys
 * added later (LATER_RULE_KEYS), so a log from before a fix, which lacks its key, replays as it
 * was played (absent = off). Not the rules of a game started now: DEFAULT_RULES. */
export const LOG_BASE_RULES: RuleOptions = {
	neutralizeNeedsOpenArrow: false,
	absence: 'leave',
	basicGoalBonus: 0,
	veryLongGame: false,
	hiddenGoals: false,
	largerGameIncome: false,
	illuminated: [],
	illuminatedInDraw: false,
	privilegeAbolish: 'deepAgentOrTwoSpecials',
	cthulhuCountsEliminated: true,
	addTargets: false,
};

/** The classic rules, as a game started now plays them: the base options and every later fix on. */
export const DEFAULT_RULES: RuleOptions = { ...LOG_BASE_RULES, privilegedWindowAsksAll: true, everyFreeActionCounts: true };

/** The rules a new game starts with (the same as DEFAULT_RULES; the name the app's setup uses). */
export const NEW_GAME_RULES: RuleOptions = DEFAULT_RULES;

/** Optional rule options outside LOG_BASE_RULES that a log may carry (absent = off). */
export const LATER_RULE_KEYS = ['privilegedWindowAsksAll', 'everyFreeActionCounts'] as const;

export interface GameOptions {
	/** 2 to 8 seats, in turn order. */
	readonly players: number;
	/** 'random' draws each seat's Illuminati; otherwise the Illuminati chosen for each seat. */
	readonly illuminati: 'random' | readonly CardId[];
	/** A sandbox game fixes dice and draws explicitly in the log instead of using seeds. */
	readonly sandbox: boolean;
	readonly rules: RuleOptions;
	/** Hands are secret (protocol v2 online games, docs/deck.md): the draw pile is a masked deck,
	 * a card drawn into a hand is a hidden position, and the protocol states identities (hidden.ts). */
	readonly secretDeck?: boolean;
}

/** One card in a power structure. The Illuminati sits at (0, 0) with no master. */
export interface Placement {
	readonly master: CardId | null;
	/** The master's outgoing arrow (in the master's own frame) this card hangs on. */
	readonly side: Side;
	readonly x: number;
	readonly y: number;
	readonly rot: Rotation;
	/** The card's treasury, in MB. */
	readonly money: number;
}

export interface PlayerState {
	readonly seat: Seat;
	readonly illuminati: CardId | null;
	readonly structure: Readonly<Record<CardId, Placement>>;
	readonly hand: readonly CardId[];
	/** Secret deck: positions of the masked deck drawn into this hand and not shown (hidden.ts).
	 * Their cards are still in `deck`, the unseen pool. Absent otherwise. */
	readonly hidden?: readonly number[];
	/** Turns this player has finished (elimination is possible after the third). */
	readonly turnsCompleted: number;
	/** Groups destroyed by this player's attacks, plus Illuminati its attacks eliminated. */
	readonly kills: number;
	readonly eliminated: boolean;
	/** Leaving the Game: the player dropped out (or was declared absent under absence 'leave'); also eliminated. */
	readonly left: boolean;
	/** Declared absent under absence 'passTurns': the engine passes its turns and its windows do not wait for it. */
	readonly absent: boolean;
	/** Seats that voted this player absent since it last acted. */
	readonly absenceVotes: readonly Seat[];
	/** UFOs: hash commitment to the secret goal, and the goal once revealed. */
	readonly goalCommitment: string | null;
	readonly revealedGoal: CardId | null;
}

/** What randomness the next log entry must supply. */
export type RandomRequest =
	| { readonly kind: 'illuminati'; readonly count: number }
	| { readonly kind: 'layout'; readonly count: number }
	| { readonly kind: 'firstPlayer'; readonly seats: readonly Seat[] }
	| { readonly kind: 'draw'; readonly seat: Seat; readonly count: number }
	| { readonly kind: 'attackRoll' }
	/** Add targets (option addTargets): cards for the uncontrolled area at the end of a turn. */
	| { readonly kind: 'targets'; readonly count: number };

export type TurnStep = 'income' | 'actions' | 'transfers' | 'ability';

export interface AlignmentEdit {
	readonly card: CardId;
	readonly op: 'add' | 'remove' | 'reverse';
	readonly alignment: import('./cards/types.js').Alignment;
}

export interface TurnState {
	readonly seat: Seat;
	readonly step: TurnStep;
	readonly actionsLeft: number;
	readonly freeTransfersLeft: number;
	/** How many attacks each card has attacked in or aided this turn. */
	readonly participated: Readonly<Record<CardId, number>>;
	/** True once the player did anything that rules out passing for 5 MB. */
	readonly acted: boolean;
	readonly alignmentEdits: readonly AlignmentEdit[];
	readonly usedAbilities: readonly CardId[];
	/** Set right after a capture: the attacking group may move money onto its catch. */
	readonly lastCapture: { readonly attacker: CardId; readonly target: CardId } | null;
}

export interface AttackState {
	readonly seat: Seat;
	readonly kind: AttackKind;
	readonly attacker: CardId;
	readonly target: CardId;
	readonly aids: readonly CardId[];
	/** The seat owning the target, or null for an uncontrolled target or one's own group. */
	readonly defender: Seat | null;
	readonly attackerSpent: number;
	readonly defenderGroupSpent: number;
	readonly defenderIlluminatiSpent: number;
	/** Whether the player had done anything this turn before declaring (restored on calling off). */
	readonly actedBefore: boolean;
	/** Committed once money is spent or the dice are rolled; then it can't be called off. */
	readonly committed: boolean;
	/** Seats that passed since the last spend; the window closes when every eligible seat has. */
	readonly passed: readonly Seat[];
	readonly roll: readonly [number, number] | null;
	/** Privileged: no one may interfere (Interference). Once abolished it never comes back. */
	readonly privileged: boolean;
	readonly privilegeAbolished: boolean;
	/** Seats that played the Interference card on this privileged attack. */
	readonly interferers: readonly Seat[];
	/** MB other players spent for and against the attack (±1 each). */
	readonly support: number;
	readonly opposition: number;
	/** Whispering Campaign: a powerless group attacked as for control; success destroys it. */
	readonly whispering: boolean;
	/** MB paid for the Bavarian privilege (refunded if the attack is unwound). */
	readonly privilegePaid: number;
}

/** What a Special card (or a discard of Specials) does once its cancel window closes. */
export type SpecialPlayEffect =
	| { readonly kind: 'privilege' }
	| { readonly kind: 'abolishPrivilege' }
	| { readonly kind: 'interference' }
	| { readonly kind: 'setRoll'; readonly value: number }
	| { readonly kind: 'bribery'; readonly target: CardId; readonly master: CardId; readonly side: Side }
	| { readonly kind: 'inspectHand'; readonly player: Seat }
	| { readonly kind: 'inspectTreasury'; readonly target: CardId }
	| { readonly kind: 'doubleIncome' }
	| { readonly kind: 'revive'; readonly target: CardId }
	| { readonly kind: 'skipTurn' }
	| { readonly kind: 'gainMoney'; readonly amount: number }
	| { readonly kind: 'whispering' }
	| { readonly kind: 'reorganizeMoney'; readonly treasuries: Readonly<Record<CardId, number>> }
	| { readonly kind: 'cancel'; readonly target: number }
	| { readonly kind: 'replace'; readonly target: number };

export interface ChainPlay {
	readonly seat: Seat;
	readonly cards: readonly CardId[];
	readonly effect: SpecialPlayEffect;
}

/** Specials played and not yet resolved: the first play, then the cards answering it (Secrets
 * Man Was Not Meant to Know cancels; a replacement stands in for a cancelled card of a pair). */
export interface Chain {
	readonly plays: readonly ChainPlay[];
	readonly passed: readonly Seat[];
}

/** Computer Espionage: what one player was shown. Honest clients show it to that player only. */
export interface Grant {
	readonly viewer: Seat;
	readonly subject: { readonly kind: 'hand'; readonly seat: Seat; readonly cards: readonly CardId[]; readonly positions?: readonly number[] } | { readonly kind: 'treasury'; readonly card: CardId; readonly money: number };
	/** Entries accepted when it was granted. */
	readonly at: number;
}

/** A subtree being fitted into a structure one card at a time (capture, move). */
export interface PlacementState {
	readonly seat: Seat;
	/** Cards still to place, with the master and side they want, in breadth-first order. */
	readonly queue: readonly { readonly card: CardId; readonly master: CardId; readonly side: Side }[];
	/** Treasuries travelling with the cards being placed. */
	readonly money: Readonly<Record<CardId, number>>;
	/** Each waiting card's own puppets, by the side of that card they hang on. */
	readonly children: Readonly<Record<CardId, readonly { readonly card: CardId; readonly side: Side }[]>>;
	/** After the placement, a capture lets the attacker move money onto the catch. */
	readonly capture: { readonly attacker: CardId; readonly target: CardId } | null;
	/** A capture waits for the attacker to choose the arrow for the first card. */
	readonly awaitingRoot: boolean;
	/** Transferring Groups: a received root at the head waits for its receiver to choose any card
	 * and open arrow (placeReceived); further received roots wait here, each with its receiver. */
	readonly transfer?: { readonly waiting: readonly { readonly seat: Seat; readonly card: CardId }[] };
}

export type Phase =
	| { readonly kind: 'setup' }
	| { readonly kind: 'ufoGoal'; readonly seat: Seat }
	| { readonly kind: 'turn' }
	| { readonly kind: 'income'; readonly owing: readonly IncomeDebt[] }
	| { readonly kind: 'attack'; readonly attack: AttackState }
	/** Right after the dice: cards played "immediately after the roll" (Assassination, Murphy's Law). */
	| { readonly kind: 'afterRoll'; readonly attack: AttackState; readonly passed: readonly Seat[] }
	/** The start of a turn, before income: Senate Investigating Committee, Market Manipulation. */
	| { readonly kind: 'turnStart'; readonly passed: readonly Seat[]; readonly doubleIncome: boolean; /** Excused from this turn's IRS tax (irs.ts); absent: none. */ readonly taxWaived?: readonly Seat[] }
	| { readonly kind: 'placement'; readonly placement: PlacementState }
	/** Secret goals met at the end of a turn: each seat listed still claims (reveals) or declines;
	 * the turn ends when none is left, so claims made in one window share the win (ES "Fin de la partida"). */
	| { readonly kind: 'ufoClaim'; readonly seats: readonly Seat[] }
	| { readonly kind: 'over' };

/** What the FR add-on's illuminated groups need remembered; present only when one is played. */
export interface IlluminatedState {
	/** Illuminated Post Office: the seat that loses its next turn, and the last seat it named. */
	readonly skip: Seat | null;
	readonly lastNamed: Seat | null;
	/** The seat whose attack destroyed each group, for goals naming a destroyed group. */
	readonly destroyedBy: Readonly<Record<CardId, Seat>>;
}

/** An income-step payment that needs its payer's choice of treasury. */
export interface IncomeDebt {
	readonly seat: Seat;
	readonly reason: 'tax' | 'upkeep';
	readonly amount: number;
}

/** What one side of an offer hands over (Gifts and Trades): money from its Illuminati, Specials, groups. */
export interface OfferSide {
	readonly money: number;
	readonly specials: readonly CardId[];
	readonly groups: readonly CardId[];
	/** Only in what an offer asks for: this many more Specials, which the receiver picks when it
	 * accepts (offer-choice.ts). A seat may know how many Specials another holds, not which. */
	readonly anySpecials?: number;
}

/** An open offer from one player to another (deals.ts). It lapses at the end of the turn. */
export interface Offer {
	readonly id: number;
	readonly from: Seat;
	readonly to: Seat;
	/** What the maker hands over, and what it asks for in return. */
	readonly give: OfferSide;
	readonly take: OfferSide;
	/** Seen only by its two parties (visibleOffers). */
	readonly private: boolean;
	/** A promise for later: shown, never enforced (When Is a Deal Binding?). */
	readonly note: string | null;
	/** state.turnCount when it was made. */
	readonly turn: number;
	/** A sealed private offer (offer-terms.ts): the commitment to its terms, which the log and the
	 * state never hold; `give` and `take` are then empty and `note` null until it is accepted. */
	readonly commitment?: string;
}

export interface GameState {
	readonly options: GameOptions;
	readonly players: readonly PlayerState[];
	/** The draw pile. It has no order: a draw picks uniformly among these cards. Secret deck: the
	 * unseen pool, the draw pile and every hidden card in a hand (hidden.ts). */
	readonly deck: readonly CardId[];
	/** Secret deck: positions of the masked deck drawn so far (the next draw's position). */
	readonly drawn?: number;
	readonly uncontrolled: readonly CardId[];
	readonly dead: readonly CardId[];
	/** Specials that were played or discarded. */
	readonly discard: readonly CardId[];
	/** Illuminati not in the game (unused, eliminated or left). */
	readonly outOfPlay: readonly CardId[];
	/** MB paid out by the bank and paid back to it: the treasuries always hold issued − returned. */
	readonly bank: { readonly issued: number; readonly returned: number };
	readonly phase: Phase;
	readonly turn: TurnState | null;
	/** Turns started in the whole game. */
	readonly turnCount: number;
	readonly firstSeat: Seat | null;
	readonly random: RandomRequest | null;
	readonly winners: readonly Seat[];
	/** The most recent attack that was rolled, with the number it needed and its result. */
	readonly lastAttack: (AttackState & { readonly needed: number; readonly success: boolean }) | null;
	/** Specials waiting in their cancel window; while set, only answers to it are accepted. */
	readonly chain: Chain | null;
	/** Computer Espionage results: who was shown what. */
	readonly grants: readonly Grant[];
	/** Open offers between players (Gifts and Trades); cleared when a turn ends. */
	readonly offers: readonly Offer[];
	/** Offers made so far: the next offer's id. */
	readonly offerCount: number;
	/** Entries accepted so far. */
	readonly accepted: number;
	/** FR add-on: set once a seat plays an illuminated group; absent otherwise (old states unchanged). */
	readonly illuminated?: IlluminatedState;
	/** Hidden Illuminati option: who is identified, what each seat plays with; absent otherwise. */
	readonly hiddenIlluminati?: import('./hidden-illuminati.js').HiddenIlluminatiState;
}
