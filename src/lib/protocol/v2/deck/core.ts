/**
 * What a version-2 replay tracks of the secret deck (docs/deck.md): the open deck, each seat's
 * shuffle step, the final masked deck, the draw under way with its seals or public partials,
 * the positions kept unseen, the seeds revealed at the end and the audit's verdict. Plain data
 * (arrays, Maps) so the replay's copy of the core (cloneCoreV2) copies it.
 */
import { CARDS } from '../../../engine/cards/index.js';
import type { CardId, GameState, Seat } from '../../../engine/index.js';
import { openDeck } from '../../deck/index.js';
import type { SeedWait } from './withheld.js';

/** Card numbers of the masked deck: a card's index in the card table (at most 128, deck/cards.ts). */
const CARD_IDS: readonly CardId[] = Object.keys(CARDS);
const NUMBERS = new Map(CARD_IDS.map((id, i) => [id, i]));
export const cardNumber = (card: CardId): number => NUMBERS.get(card)!;
export const cardAt = (number: number): CardId | null => CARD_IDS[number] ?? null;

export interface ShuffleStepState {
	readonly seat: Seat;
	readonly commitment: string;
	/** The parts received so far (null: not yet). */
	readonly parts: (readonly string[] | null)[];
	/** The whole deck once every part is in and the step passed the immediate check. */
	deck: string[] | null;
}

/** A draw from the masked deck under way: its positions and what came for each. */
export interface DeckDraw {
	/** The entry after which the engine asked for the cards: seals and partials wait for it to be final. */
	readonly opener: string;
	/** The drawer (a draw into a hand), or null (cards added face up as targets). */
	readonly drawer: Seat | null;
	readonly positions: readonly number[];
	/** Public partials of a face-up draw: position → seat → share. */
	readonly partials: Map<number, Map<Seat, string>>;
	/** What the draw gave at each position: a card shown, or null (kept unseen by the drawer). */
	readonly results: Map<number, CardId | null>;
}

/** A fault the deck proved or the audit found, naming its seat (shown at the game's end). */
export interface DeckFault {
	readonly seat: Seat;
	readonly code: string;
	readonly message: string;
}

export interface DeckCore {
	/** The entry after which the deck was made (the first draw): shuffles wait for it to be final. */
	readonly opener: string;
	/** Card numbers of the open deck, in order (the unseen pool when the deck was made, sorted). */
	readonly cards: readonly number[];
	readonly open: readonly string[];
	/** Seats that shuffle, in order (seats held, not voted out or caught cheating when it began). */
	readonly order: readonly Seat[];
	readonly steps: ShuffleStepState[];
	/** The shuffled deck draws take positions from, once every seat in the order shuffled (or was skipped). */
	final: string[] | null;
	draw: DeckDraw | null;
	/** Sealed partials posted for draws into hands: position → sender → box. Public; only the drawer opens them. */
	readonly seals: Map<number, Map<Seat, { readonly to: Seat; readonly box: string }>>;
	/** Positions kept unseen, by holder (the audit checks each was a Special). */
	readonly kept: Map<number, Seat>;
	/** Positions shown to all, with their cards. */
	readonly shown: Map<number, CardId>;
	/** Computer Espionage: hidden cards re-sealed to the seat shown a hand: `${to} ${position}` → sender and box. */
	readonly tells: Map<string, { readonly from: Seat; readonly box: string }>;
	/** Seal complaints judged: `${position} ${from}`. */
	readonly complaints: Set<string>;
	readonly seeds: Map<Seat, string>;
	/** Votes at the game's end against seats that withhold their seed, and those found withholding (withheld.ts). */
	seedWait?: SeedWait;
	readonly faults: DeckFault[];
	/** Once every shuffler's seed is in at the game's end: the card at every position (everything shown). */
	audit: { readonly cards: readonly (CardId | null)[] } | null;
}

/** The deck for the engine's unseen pool, to be shuffled by `order`. */
export function startDeck(engine: GameState, opener: string, order: readonly Seat[]): DeckCore {
	const cards = engine.deck.map(cardNumber).sort((a, b) => a - b);
	const open = openDeck(cards);
	if (!open.ok) throw new Error(`protocol bug: the open deck: ${open.error.message}`);
	return {
		opener,
		cards,
		open: open.value,
		order,
		steps: [],
		final: null,
		draw: null,
		seals: new Map(),
		kept: new Map(),
		shown: new Map(),
		tells: new Map(),
		complaints: new Set(),
		seeds: new Map(),
		faults: [],
		audit: null,
	};
}

/** Whether one more card kept unseen could not be a Special (Draw Cards: a group drawn is placed
 * face up). Every position a drawer said it kept and has not shown is, if honest, a distinct Special
 * of the engine's unseen pool, as is none of the cards shown in the draw under way; once those
 * claims cover every unseen Special, a further claim cannot be checked, so the card is shown.
 * Cards of a drawer voted out go to its hand unseen without a claim and are not counted. Nor are the
 * claims of a seat caught cheating (`cheaters`): they are no evidence, and counting them let a
 * convicted seat's kept groups go on forcing the honest seats to show every Special they draw
 * (red team, session 16). Leaving them out only loosens the bound, so no honest claim is refused. */
export function keepingUnprovable(engine: GameState, deck: DeckCore, cheaters: ReadonlySet<Seat> = new Set()): boolean {
	let claimed = 0;
	for (const [position, holder] of deck.kept) if (!deck.shown.has(position) && !cheaters.has(holder)) claimed++;
	const shownNow = new Set(deck.draw?.results.values() ?? []);
	let specials = 0;
	for (const card of engine.deck) if (CARDS[card]?.kind === 'special' && !shownNow.has(card)) specials++;
	return claimed >= specials;
}

/** The deck the next shuffle takes: the open deck, or the last complete step's. */
export function lastDeck(deck: DeckCore): readonly string[] {
	for (let i = deck.steps.length - 1; i >= 0; i--) if (deck.steps[i]!.deck !== null) return deck.steps[i]!.deck!;
	return deck.open;
}

/** How many parts a deck of n cards is posted in. */
export const partsFor = (n: number, per: number): number => Math.ceil(n / per);
