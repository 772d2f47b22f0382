/**
 * Hidden Illuminati: the face-down Discordians, attacked by a Government group, are offered the
 * reveal that claims their immunity in the attack's window (HiddenIlluminatiTools.svelte, drawn
 * from the engine's legal list), without the statement form of their own turn.
 */
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { legalActions, type GameState, type Seat } from '../../src/lib/engine/index.js';
import HiddenIlluminatiTools from '../../src/lib/ui/actions/HiddenIlluminatiTools.svelte';
import { play, scenario } from '../helpers/scenario.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';

const tool = (state: GameState, seat: Seat) =>
	render(HiddenIlluminatiTools, {
		props: { state, tool: 'stateIlluminati', options: legalActions(state, seat).filter((l) => ['stateIlluminati', 'revealIlluminati'].includes(l.action.type)), run: () => true },
	}).body;

function attacked(defender: string): GameState {
	const state = scenario({
		players: [
			{ illuminati: 'bavarian-illuminati', money: 10, groups: [{ card: 'cia', side: 1, money: 3 }] },
			{ illuminati: defender, money: 10, groups: [{ card: 'republicans', side: 1, money: 2 }] },
		],
		rules: { hiddenIlluminati: true },
	});
	return play(state, { type: 'attack', seat: 0, kind: 'control', attacker: 'cia', target: 'republicans', aids: [] });
}

describe('Hidden Illuminati controls: immunity claimed in the attack’s window', () => {
	failOnMissingMessages();

	it('the Discordians defending see the immunity reveal and no statement form; another Illuminati sees nothing', () => {
		const body = tool(attacked('discordian-society'), 1);
		expect(body).toContain('Reveal my Illuminati: this attack is illegal against me');
		expect(body).not.toContain('data-testid="state-illuminati"');
		expect(tool(attacked('network'), 1)).not.toContain('data-testid="reveal-illuminati"');
	});
});
