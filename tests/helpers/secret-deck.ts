/**
 * Secret-deck games for tests without the cryptography: the masked deck is stood in for by an order
 * the test chooses (the protocol's real deck is tested in tests/protocol/deck-game). Seeds for the
 * rest come from a counter.
 */
import { expect } from 'vitest';
import { legalActions, step, withDefaults, type CardId, type GameState } from '../../src/lib/engine/index.js';
import { CARDS } from '../../src/lib/engine/cards/index.js';
import { invariantProblems } from '../../src/lib/engine/invariants.js';
import { initialState } from '../../src/lib/engine/setup.js';
import { viewFor } from '../../src/lib/engine/knowledge.js';

const seedOf = (i: number) => i.toString(16).padStart(32, '0');
const isSpecial = (card: CardId) => CARDS[card]?.kind === 'special';

/** A stand-in for the masked deck: the open deck in a fixed order chosen by the test. */
export interface Table {
	state: GameState;
	order: CardId[] | null;
	knowledge: Record<number, CardId>[];
	seeds: number;
}

export function advance(table: Table, arrange: (pool: CardId[]) => CardId[]): void {
	for (;;) {
		settleRandom(table, arrange);
		// Windows at a turn's start (and any other): every seat passes, until the first draw.
		if (table.state.drawn !== undefined || table.state.turn === null) return;
		const passes = table.state.players.flatMap((p) => legalActions(table.state, p.seat).filter((legal) => legal.action.type === 'passWindow'));
		if (passes.length === 0) return;
		for (const pass of passes) table.state = must(step(table.state, pass.action));
	}
}

function settleRandom(table: Table, arrange: (pool: CardId[]) => CardId[]): void {
	while (table.state.random !== null) {
		const request = table.state.random;
		if (request.kind === 'draw' || request.kind === 'targets') {
			table.order ??= arrange([...table.state.deck].sort());
			const first = table.state.drawn ?? 0;
			const cards = table.order.slice(first, first + request.count).map((card, k) => {
				if (request.kind === 'draw' && isSpecial(card)) {
					table.knowledge[request.seat]![first + k] = card;
					return null;
				}
				return card;
			});
			table.state = must(step(table.state, { type: 'deal', cards }));
		} else table.state = must(step(table.state, { type: 'random', seed: seedOf(++table.seeds) }));
	}
}

export function must(result: ReturnType<typeof step>): GameState {
	if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
	expect(invariantProblems(result.state)).toEqual([]);
	return result.state;
}

export function newTable(players: number): Table {
	const illuminati = ['bavarian-illuminati', 'discordian-society', 'gnomes-of-zurich', 'network', 'servants-of-cthulhu', 'society-of-assassins', 'ufos', 'bermuda-triangle'].slice(0, players);
	const options = withDefaults({ players, illuminati, secretDeck: true });
	return { state: initialState(options), order: null, knowledge: Array.from({ length: players }, () => ({})), seeds: 0 };
}

/** Puts `specials` first (seat order of draws), then the rest. */
export const specialsFirst = (specials: CardId[]) => (pool: CardId[]) => [...specials, ...pool.filter((card) => !specials.includes(card))];

export function passTurn(table: Table, arrange: (pool: CardId[]) => CardId[]): void {
	const seat = table.state.turn!.seat;
	for (let guard = 0; guard < 20 && table.state.turn?.seat === seat; guard++) {
		const view = viewFor(table.state, seat, table.knowledge[seat]!);
		const acting = legalActions(view, seat).find((legal) => ['passWindow', 'endActions', 'endTurn', 'passTurn'].includes(legal.action.type));
		if (acting === undefined) {
			// Someone else's window: everyone passes.
			for (let other = 0; other < table.state.players.length; other++) {
				const pass = legalActions(table.state, other).find((legal) => legal.action.type === 'passWindow');
				if (pass) table.state = must(step(table.state, pass.action));
			}
		} else table.state = must(step(table.state, acting.action));
		advance(table, arrange);
	}
}

