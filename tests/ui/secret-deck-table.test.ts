/**
 * The table under the secret deck (ui/table/seen.ts, view.ts; issue 13): each device sees its own
 * hidden Specials face up, every other seat's as a face-down count, and what Computer Espionage
 * showed only on the spy's device. The draw pile counts only cards that can still be drawn.
 */
import { describe, expect, it } from 'vitest';
import { legalActions, step, type Seat } from '../../src/lib/engine/index.js';
import { hiddenOf } from '../../src/lib/engine/hidden.js';
import { seenBy } from '../../src/lib/ui/table/seen.js';
import { tableView } from '../../src/lib/ui/table/view.js';
import { advance, must, newTable, passTurn, specialsFirst } from '../helpers/secret-deck.js';
import { planNewGame, defaultForm } from '../../src/lib/ui/app/new-game.js';
import { describe as tell } from '../../src/lib/ui/words/index.js';

describe('The table shows hidden hands to their holder alone', () => {
	it('the drawer sees its Special face up; another seat sees one card face down and no name', () => {
		const table = newTable(3);
		advance(table, specialsFirst(['computer-espionage']));
		const drawer = table.state.turn!.seat;
		const other = ((drawer + 1) % 3) as Seat;
		const mine = tableView(seenBy(table.state, [drawer], { [drawer]: table.knowledge[drawer]! }), [drawer]).players[drawer]!;
		expect(mine.hand).toEqual(['computer-espionage']);
		expect(mine.hidden).toBe(0);
		expect(mine.specials).toBe(1);
		const theirs = tableView(seenBy(table.state, [other], { [other]: table.knowledge[other]! }), [other]);
		expect(theirs.players[drawer]!.hand).toBeNull();
		expect(theirs.players[drawer]!.hidden).toBe(1);
		expect(theirs.players[drawer]!.specials).toBe(1);
		expect(JSON.stringify(theirs)).not.toContain('computer-espionage');
		// The pile is the cards still drawable: the same number on both devices.
		expect(theirs.drawPile).toBe(tableView(seenBy(table.state, [drawer], { [drawer]: table.knowledge[drawer]! }), [drawer]).drawPile);
		expect(theirs.drawPile).toBe(table.state.deck.length - 1);
	});

	it('Computer Espionage: the spy sees the cards it was told; a third seat sees positions only', () => {
		const table = newTable(3);
		const arrange = specialsFirst(['computer-espionage', 'deep-agent', 'slush-fund']);
		advance(table, arrange);
		const spy = table.state.turn!.seat as Seat;
		for (let i = 0; i < 3; i++) passTurn(table, arrange);
		const target = ((spy + 1) % 3) as Seat;
		const third = ((spy + 2) % 3) as Seat;
		const [position] = hiddenOf(table.state.players[target]!);
		const told = table.knowledge[target]![position!]!;
		table.state = must(step(table.state, { type: 'showCard', seat: spy, position: 0, card: 'computer-espionage' }));
		table.state = must(step(table.state, { type: 'playSpecial', seat: spy, card: 'computer-espionage', player: target }));
		for (let other = 0; other < 3 && table.state.chain !== null; other++) {
			const pass = legalActions(table.state, other).find((legal) => legal.action.type === 'passWindow');
			if (pass) table.state = must(step(table.state, pass.action));
		}
		// What the spy's device learned from the target's `tell` (the protocol's job; here by hand).
		const spyKnows = { ...table.knowledge[spy], [position!]: told };
		const spyView = tableView(seenBy(table.state, [spy], { [spy]: spyKnows }), [spy]);
		const grant = spyView.players[spy]!.grants.at(-1)!;
		expect(grant.subject).toEqual({ kind: 'hand', seat: target, cards: [told], positions: [] });
		const thirdView = tableView(seenBy(table.state, [third], { [third]: table.knowledge[third]! }), [third]);
		expect(thirdView.players[spy]!.grants).toEqual([]);
		expect(JSON.stringify(thirdView)).not.toContain(told);
		// Not yet opened: the spy's grant names no card and counts the one still to come.
		const early = tableView(seenBy(table.state, [spy], { [spy]: table.knowledge[spy]! }), [spy]).players[spy]!.grants.at(-1)!;
		expect(early.subject).toEqual({ kind: 'hand', seat: target, cards: [], positions: [position] });
	});
});

describe('The log in words under the secret deck', () => {
	it('a Special kept face down is told without its name; a shown one is named', () => {
		const table = newTable(3);
		advance(table, specialsFirst(['deep-agent']));
		const drawing = { ...table.state, random: { kind: 'draw' as const, seat: 1, count: 1 } };
		const deal = { type: 'deal' as const, cards: [null] };
		const after = must(step(drawing, deal));
		for (const locale of ['en', 'fr', 'es'] as const) {
			const line = tell(drawing, deal, after, locale, { viewer: 2 });
			expect(line).toMatch(/face down|face cachée|boca abajo/);
			expect(line).not.toContain('{');
		}
		const [position] = hiddenOf(after.players[1]!);
		const show = { type: 'showCard' as const, seat: 1, position: position!, card: table.state.deck.find((id) => id === 'deep-agent')! };
		const shown = must(step(after, show));
		expect(tell(after, show, shown, 'en')).toMatch(/shows Deep Agent, drawn face down\.$/);
	});
});

describe('New games: the secret deck for online games with other devices', () => {
	const plan = (change: Partial<ReturnType<typeof defaultForm>>) => {
		const result = planNewGame({ ...defaultForm(), ...change }, 'Game');
		if (!result.ok) throw new Error(result.problem);
		return result.options.secretDeck === true;
	};
	it('is on online with seats for other devices unless the table asks for open hands', () => {
		expect(plan({ mode: 'online', players: 3, mine: 1, openHands: false })).toBe(true);
		expect(plan({ mode: 'online', players: 3, mine: 1, openHands: true })).toBe(false);
	});
	it('is off in hot seat, and online when this device holds every seat', () => {
		expect(plan({ mode: 'local', players: 3, openHands: false })).toBe(false);
		expect(plan({ mode: 'online', players: 2, mine: 2, openHands: false })).toBe(false);
	});
});
