// Issue 16: Spanish left every card name in English ("El puesto 1 juega con The Gnomes of
// Zurich"). Every card now has a Spanish name: the Spanish rulebook's where it gives one (the
// Illuminati, some groups and Specials), our own translation otherwise, each marked with its
// source (ui/cards/names-es.ts); sentences agree with, lower-case and contract them.
import { describe, expect, it } from 'vitest';
import { ALL_CARDS, CARDS, ILLUMINATI } from '../../src/lib/engine/cards/index.js';
import { SPANISH_NAMES } from '../../src/lib/ui/cards/names-es.js';
import { filterCards, NO_QUERY } from '../../src/lib/ui/cards/filter.js';
import { cardName, describeLines } from '../../src/lib/ui/words/index.js';
import { cardParams, contractSpanish } from '../../src/lib/ui/words/names.js';
import { scenario } from '../helpers/scenario.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';

describe('Spanish card names', () => {
	failOnMissingMessages();

	it('every card has one, marked as the rulebook’s or ours', () => {
		for (const id of Object.keys(CARDS)) {
			const spanish = SPANISH_NAMES[id];
			expect(spanish, id).toBeDefined();
			expect(['rulebook', 'ours']).toContain(spanish!.source);
			expect(spanish!.name.trim()).toBe(spanish!.name);
			expect(spanish!.name).not.toBe('');
		}
		expect(Object.keys(SPANISH_NAMES).sort()).toEqual(Object.keys(CARDS).sort());
		// Two cards share a name only where the English ones do (Interference, twice).
		const byName = new Map<string, string[]>();
		for (const card of ALL_CARDS) byName.set(SPANISH_NAMES[card.id]!.name, [...(byName.get(SPANISH_NAMES[card.id]!.name) ?? []), card.name]);
		for (const [name, english] of byName) expect(new Set(english).size, name).toBe(1);
	});

	it('the eight Illuminati have the rulebook’s names; the rest mixes both sources', () => {
		for (const card of ILLUMINATI) expect(SPANISH_NAMES[card.id]!.source, card.id).toBe('rulebook');
		const sources = ALL_CARDS.map((card) => SPANISH_NAMES[card.id]!.source);
		expect(sources.filter((s) => s === 'rulebook').length).toBeGreaterThan(30);
		expect(sources.filter((s) => s === 'ours').length).toBeGreaterThan(30);
	});

	it('are what Spanish shows: the issue’s own line now reads in Spanish', () => {
		expect(cardName('gnomes-of-zurich', 'es')).toBe('Los Gnomos de Zúrich');
		const dealt = scenario({ players: [{ illuminati: 'gnomes-of-zurich' }, { illuminati: 'bermuda-triangle' }] });
		// The state before the deal: the Illuminati still to be dealt (what the log tells for a deal).
		const before = { ...dealt, random: { kind: 'illuminati' }, players: dealt.players.map((p) => ({ ...p, illuminati: null })) } as unknown as typeof dealt;
		const told = describeLines(before, { type: 'random', value: 'x' } as never, dealt, 'es').join(' ');
		expect(told).toContain('El puesto 1 juega con los Gnomos de Zúrich.');
		expect(told).toContain('El puesto 2 juega con el Triángulo de las Bermudas.');
		expect(told).not.toMatch(/\bThe\b|Gnomes|Bermuda Triangle/);
		for (const card of ALL_CARDS) if (SPANISH_NAMES[card.id]!.name !== card.name) expect(cardName(card.id, 'es')).not.toBe(card.name);
	});

	it('verbs agree with them', () => {
		const number = (id: string) => cardParams('x', id, 'es').xN;
		expect([number('ufos'), number('gnomes-of-zurich'), number('yuppies'), number('democrats')]).toEqual(['other', 'other', 'other', 'other']);
		expect([number('network'), number('texas'), number('bermuda-triangle'), number('irs'), number('cia'), number('post-office')]).toEqual(['one', 'one', 'one', 'one', 'one', 'one']);
	});

	it('inside a sentence their article is lower case and contracts', () => {
		expect(contractSpanish('El puesto 1 juega con Los Gnomos de Zúrich.')).toBe('El puesto 1 juega con los Gnomos de Zúrich.');
		expect(contractSpanish('Pasa al control de El Triángulo de las Bermudas.')).toBe('Pasa al control del Triángulo de las Bermudas.');
		expect(contractSpanish('Nombra a El Servicio Postal Iluminado.')).toBe('Nombra al Servicio Postal Iluminado.');
		expect(contractSpanish('Los OVNIs atacan (La Red).')).toBe('Los OVNIs atacan (La Red).');
	});

	it('the card list finds a card by its Spanish name and sorts Spanish names without their article', () => {
		const find = (text: string) => filterCards(ALL_CARDS, { ...NO_QUERY, text }, 'es').map((card) => card.id);
		expect(find('gnomos de zurich')).toContain('gnomes-of-zurich');
		expect(find('Campaña de rumores')).toContain('whispering-campaign');
		const illuminati = filterCards(ALL_CARDS, { ...NO_QUERY, kind: 'illuminati' }, 'es').map((card) => cardName(card.id, 'es').replace(/^(Los|Las|La|El) /, ''));
		expect(illuminati).toEqual([...illuminati].sort((a, b) => a.localeCompare(b, 'es', { sensitivity: 'base' })));
	});
});
