// Issue 16: the ⚔ marker in a card's corner read as a close button. Each card of the attack under
// way now carries a tag with the role in words (also its tooltip), drawn with an icon that is not
// a cross, away from the corner where close buttons sit; the card's accessible name says the role.
import { render } from 'svelte/server';
import { afterAll, describe, expect, it } from 'vitest';
import { play, scenario } from '../helpers/scenario.js';
import Table from '../../src/lib/ui/table/Table.svelte';
import { translate } from '../../src/lib/ui/i18n/index.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';
import { awaitLazyPanels } from '../support/lazy-panels.js';

const state = play(
	scenario({
		players: [
			{ illuminati: 'bavarian-illuminati', money: 20, groups: [{ card: 'multinational-oil-companies', side: 1, money: 4 }] },
			{ illuminati: 'network', money: 10, groups: [{ card: 'republicans', side: 1, money: 5 }] },
		],
		uncontrolled: ['yuppies'],
	}),
	{ type: 'attack', seat: 0, kind: 'control', attacker: 'multinational-oil-companies', target: 'yuppies', aids: [] },
);

/** The tags drawn on the table, with the card each is on. */
function tags(html: string): { card: string; title: string; text: string; svg: string }[] {
	const out: { card: string; title: string; text: string; svg: string }[] = [];
	for (const button of html.split('<button').slice(1)) {
		const card = /data-card="([^"]+)"/.exec(button)?.[1];
		const tag = /<span class="role role-\w+[^"]*" title="([^"]*)"[^>]*data-testid="role-tag"[^>]*>([\s\S]*?)<\/span>\s*<\/span>/.exec(button);
		if (card === undefined || tag === null) continue;
		const svg = /<svg[\s\S]*?<\/svg>/.exec(tag[2]!)?.[0] ?? '';
		out.push({ card, title: tag[1]!, text: tag[2]!.replace(/<svg[\s\S]*?<\/svg>/, '').replace(/<[^>]+>/g, '').trim(), svg });
	}
	return out;
}

describe('the attack’s role tags on the table', () => {
	failOnMissingMessages();
	// Panels the rendered components load with import() finish loading before teardown.
	afterAll(() => awaitLazyPanels(import.meta.url));

	it('name the role in words, as text and tooltip, with no ⚔ or × glyph', () => {
		const { body } = render(Table, { props: { state, viewer: [0] } });
		const found = tags(body);
		const attacker = found.find((tag) => tag.card === 'multinational-oil-companies');
		const target = found.find((tag) => tag.card === 'yuppies');
		expect(attacker).toMatchObject({ title: translate('en', 'table.role.attacker'), text: translate('en', 'table.role.attacker') });
		expect(target).toMatchObject({ title: translate('en', 'table.role.target'), text: translate('en', 'table.role.target') });
		for (const tag of found) {
			expect(tag.text).not.toMatch(/[⚔×✕✖xX]$/);
			expect(tag.svg).toMatch(/<svg/);
		}
		expect(body).not.toContain('⚔');
	});

	it('the attacker’s icon is a single stroke with an arrow head, not two crossing strokes', () => {
		const { body } = render(Table, { props: { state, viewer: [0] } });
		const svg = tags(body).find((tag) => tag.card === 'multinational-oil-companies')!.svg;
		// One diagonal (the blade) and short strokes at its ends; an × would be two full diagonals.
		const diagonals = [...svg.matchAll(/M([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)/g)].filter(([, x1, y1, x2, y2]) => Math.abs(Number(x2) - Number(x1)) > 5 && Math.abs(Number(y2) - Number(y1)) > 5);
		expect(diagonals).toHaveLength(1);
	});

	it('the card’s accessible name says its role', () => {
		const { body } = render(Table, { props: { state, viewer: [0] } });
		expect(body).toMatch(new RegExp(`data-card="multinational-oil-companies"[^>]*aria-label="[^"]*, ${translate('en', 'table.role.attacker')}"|aria-label="[^"]*, ${translate('en', 'table.role.attacker')}"[^>]*data-card="multinational-oil-companies"`));
	});
});
