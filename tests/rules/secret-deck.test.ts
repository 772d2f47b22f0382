/**
 * The secret deck (engine/hidden.ts, engine/knowledge.ts; docs/deck.md): the public state holds no
 * hidden card identity. A card drawn into a hand is a position; the unseen pool is public as a set;
 * groups drawn are shown; a device's knowledge (position → card) lives outside the state and
 * `viewFor` gives one seat what it may know.
 */
import { describe, expect, it } from 'vitest';
import { legalActions, stateHash, step, type CardId, type GameState, type Seat } from '../../src/lib/engine/index.js';
import { CARDS } from '../../src/lib/engine/cards/index.js';
import { cardsToShow, handFor, viewFor } from '../../src/lib/engine/knowledge.js';
import { drawableCount, hiddenOf } from '../../src/lib/engine/hidden.js';
import { advance, must, newTable, passTurn, specialsFirst } from '../helpers/secret-deck.js';

const seedOf = (i: number) => i.toString(16).padStart(32, '0');

describe('Secret deck: the public state holds no hidden card', () => {
	it('a Special drawn into a hand is a position; the pool keeps it; a group drawn is shown', () => {
		const arrange = specialsFirst(['computer-espionage']);
		const table = newTable(3);
		advance(table, arrange);
		expect(table.state.options.secretDeck).toBe(true);
		const drawer = table.state.turn!.seat;
		expect(hiddenOf(table.state.players[drawer]!)).toEqual([0]);
		expect(table.state.players[drawer]!.hand).toEqual([]);
		expect(table.state.deck).toContain('computer-espionage');
		expect(table.state.drawn).toBe(1);
		expect(drawableCount(table.state)).toBe(table.state.deck.length - 1);
		expect(table.knowledge[drawer]).toEqual({ 0: 'computer-espionage' });
	});

	it('two games that differ only in which Special each hand holds have the same public state, hash for hash', () => {
		const run = (specials: CardId[]) => {
			const table = newTable(3);
			advance(table, specialsFirst(specials));
			for (let turn = 0; turn < 3; turn++) passTurn(table, specialsFirst(specials));
			return table;
		};
		const a = run(['assassination', 'bribery', 'deep-agent', 'slush-fund']);
		const b = run(['slush-fund', 'deep-agent', 'bribery', 'assassination']);
		expect(a.state.drawn).toBeGreaterThanOrEqual(3);
		expect(stateHash(a.state)).toBe(stateHash(b.state));
		expect(a.knowledge).not.toEqual(b.knowledge);
	});

	it('a seed is refused for a secret-deck draw, and a deal is refused outside one', () => {
		const table = newTable(2);
		advance(table, (pool) => pool);
		const drawing = { ...table.state, random: { kind: 'draw' as const, seat: 0, count: 1 } };
		const seeded = step(drawing, { type: 'random', seed: seedOf(9) });
		expect(seeded.ok ? null : seeded.error.code).toBe('BAD_RANDOMNESS');
		const open = { ...drawing, options: { ...drawing.options, secretDeck: false } };
		const dealt = step(open, { type: 'deal', cards: [null] });
		expect(dealt.ok ? null : dealt.error.code).toBe('NOT_APPLICABLE');
		const wrongCount = step(drawing, { type: 'deal', cards: [null, null] });
		expect(wrongCount.ok ? null : wrongCount.error.code).toBe('BAD_RANDOMNESS');
		const seen = step(drawing, { type: 'deal', cards: [table.state.uncontrolled[0]!] });
		expect(seen.ok ? null : seen.error.code).toBe('BAD_RANDOMNESS');
	});
});

describe('Secret deck: what one seat may know', () => {
	it('viewFor puts only the seat’s own known cards in its hand; others see a count', () => {
		const table = newTable(3);
		advance(table, specialsFirst(['computer-espionage']));
		const drawer = table.state.turn!.seat as Seat;
		const own = viewFor(table.state, drawer, table.knowledge[drawer]!);
		expect(own.players[drawer]!.hand).toEqual(['computer-espionage']);
		expect(own.deck).not.toContain('computer-espionage');
		const other = (drawer + 1) % 3;
		expect(viewFor(table.state, other, table.knowledge[other]!)).toBe(table.state);
		expect(handFor(table.state, drawer)).toEqual({ cards: [], hidden: 1 });
		expect(viewFor(table.state, null, {})).toBe(table.state);
	});

	it('legal moves for a seat come from its view: it may play its hidden Special, no one else sees it', () => {
		const table = newTable(3);
		advance(table, specialsFirst(['computer-espionage']));
		const drawer = table.state.turn!.seat as Seat;
		const plays = (state: GameState) => legalActions(state, drawer).filter((legal) => legal.action.type === 'playSpecial');
		expect(plays(table.state)).toEqual([]);
		const mine = plays(viewFor(table.state, drawer, table.knowledge[drawer]!));
		expect(mine.length).toBeGreaterThan(0);
		expect(cardsToShow(table.state, drawer, mine[0]!.action, table.knowledge[drawer]!)).toEqual([{ position: 0, card: 'computer-espionage' }]);
	});

	it('showing a hidden card makes it an ordinary card; Computer Espionage then records positions, never identities', () => {
		const table = newTable(3);
		const arrange = specialsFirst(['computer-espionage', 'deep-agent', 'slush-fund']);
		advance(table, arrange);
		const spy = table.state.turn!.seat as Seat;
		passTurn(table, arrange);
		passTurn(table, arrange);
		passTurn(table, arrange);
		expect(table.state.turn!.seat).toBe(spy);
		const target = ((spy + 1) % 3) as Seat;
		const targetHidden = hiddenOf(table.state.players[target]!);
		expect(targetHidden.length).toBe(1);
		table.state = must(step(table.state, { type: 'showCard', seat: spy, position: 0, card: 'computer-espionage' }));
		expect(table.state.players[spy]!.hand).toContain('computer-espionage');
		expect(table.state.deck).not.toContain('computer-espionage');
		table.state = must(step(table.state, { type: 'playSpecial', seat: spy, card: 'computer-espionage', player: target }));
		for (let other = 0; other < 3 && table.state.chain !== null; other++) {
			const pass = legalActions(table.state, other).find((legal) => legal.action.type === 'passWindow');
			if (pass) table.state = must(step(table.state, pass.action));
		}
		const grant = table.state.grants.at(-1)!;
		expect(grant.viewer).toBe(spy);
		expect(grant.subject).toEqual({ kind: 'hand', seat: target, cards: [], positions: targetHidden });
		expect(JSON.stringify(table.state.grants)).not.toMatch(/deep-agent|slush-fund/);
	});

	it('a position not in the hand, a card not unseen, or a group is refused when shown', () => {
		const table = newTable(2);
		advance(table, specialsFirst(['deep-agent']));
		const seat = table.state.turn!.seat;
		const code = (r: ReturnType<typeof step>) => (r.ok ? null : r.error.code);
		expect(code(step(table.state, { type: 'showCard', seat, position: 5, card: 'deep-agent' }))).toBe('NOT_IN_HAND');
		expect(code(step(table.state, { type: 'showCard', seat: 1 - seat, position: 0, card: 'deep-agent' }))).toBe('NOT_IN_HAND');
		expect(code(step(table.state, { type: 'showCard', seat, position: 0, card: table.state.uncontrolled[0]! }))).toBe('NOT_IN_HAND');
		const group = table.state.deck.find((card) => CARDS[card]?.kind === 'group')!;
		expect(code(step(table.state, { type: 'showCard', seat, position: 0, card: group }))).toBe('NOT_APPLICABLE');
	});
});
