/**
 * Settling the state's random request from a log entry: a seed (dice by rejection sampling, draws
 * uniform among the cards left) or, in a sandbox game, dice and cards stated outright.
 */
import type { FixedAction, RandomAction } from './actions.js';
import { isGroup, isIlluminati } from './cards/index.js';
import { fail, ok, type StepResult } from './errors.js';
import { isValidSeed, ByteStream } from './random.js';
import { assignIlluminati, layOut, rollForFirst } from './setup.js';
import { resolveRoll } from './attack.js';
import { receiveDraw, receiveTargets } from './turn.js';
import { drawable } from './illuminated.js';
import { isSecretDeck } from './hidden.js';
import type { CardId, GameState, RandomRequest } from './types.js';

/** The cards a request draws from, and how many dice pairs or cards it needs. */
export function requestShape(state: GameState, request: RandomRequest): { pool: CardId[]; cards: number; dice: number } {
	switch (request.kind) {
		case 'illuminati':
			return { pool: state.outOfPlay.filter((id) => isIlluminati(id) && drawable(state, id)), cards: request.count, dice: 0 };
		case 'layout':
			return { pool: state.deck.filter(isGroup), cards: request.count, dice: 0 };
		case 'draw':
		case 'targets':
			return { pool: [...state.deck], cards: request.count, dice: 0 };
		case 'firstPlayer':
			return { pool: [], cards: 0, dice: request.seats.length };
		case 'attackRoll':
			return { pool: [], cards: 0, dice: 1 };
	}
}

function settle(state: GameState, cards: readonly CardId[], dice: readonly (readonly [number, number])[]): GameState {
	const request = state.random!;
	switch (request.kind) {
		case 'illuminati':
			return assignIlluminati(state, cards);
		case 'layout':
			return layOut({ ...state, random: null }, cards);
		case 'draw':
			return receiveDraw(state, request.seat, cards);
		case 'targets':
			return receiveTargets(state, cards);
		case 'firstPlayer':
			return rollForFirst(state, request.seats, dice);
		case 'attackRoll':
			return resolveRoll(state, dice[0]!);
	}
}

export function applyRandom(state: GameState, action: RandomAction): StepResult<GameState> {
	if (state.random === null) return fail('RANDOMNESS_NOT_EXPECTED', 'Nothing random is pending.');
	if (!isValidSeed(action.seed)) return fail('BAD_RANDOMNESS', 'A seed is 16 to 128 lowercase hex digits.');
	// Secret deck: draws come from the masked deck as a `deal` (hidden.ts), never from a seed.
	if (isSecretDeck(state) && (state.random.kind === 'draw' || state.random.kind === 'targets')) return fail('BAD_RANDOMNESS', 'A secret-deck draw is dealt from the masked deck, not drawn by a seed.');
	// Hidden Illuminati in a secret-deck game: the Illuminati come from their own masked deck (hidden-illuminati-deal.ts).
	if (isSecretDeck(state) && state.options.rules.hiddenIlluminati === true && state.random.kind === 'illuminati') return fail('BAD_RANDOMNESS', 'Hidden Illuminati are dealt face down from their masked deck, not drawn by a seed.');
	const shape = requestShape(state, state.random);
	const stream = new ByteStream(action.seed);
	const pool = shape.pool.slice();
	const cards: CardId[] = [];
	for (let i = 0; i < shape.cards && pool.length > 0; i++) cards.push(pool.splice(stream.below(pool.length), 1)[0]!);
	const dice = Array.from({ length: shape.dice }, () => stream.twoDice());
	return ok(settle(state, cards, dice));
}

export function applyFixed(state: GameState, action: FixedAction): StepResult<GameState> {
	if (!state.options.sandbox) return fail('SANDBOX_ONLY', 'Only a sandbox game states dice and draws outright.');
	if (state.random === null) return fail('RANDOMNESS_NOT_EXPECTED', 'Nothing random is pending.');
	const shape = requestShape(state, state.random);
	const cards = action.cards ?? [];
	const dice = action.dice ?? [];
	if (cards.length !== shape.cards || dice.length !== shape.dice) {
		return fail('BAD_RANDOMNESS', `This needs ${shape.cards} card(s) and ${shape.dice} pair(s) of dice.`);
	}
	if (new Set(cards).size !== cards.length || cards.some((card) => !shape.pool.includes(card))) {
		return fail('BAD_RANDOMNESS', 'Each card must be distinct and still available to draw.');
	}
	if (dice.some((pair) => pair.length !== 2 || pair.some((die) => !Number.isInteger(die) || die < 1 || die > 6))) {
		return fail('BAD_RANDOMNESS', 'Each die shows a whole number from 1 to 6.');
	}
	return ok(settle(state, cards, dice));
}
