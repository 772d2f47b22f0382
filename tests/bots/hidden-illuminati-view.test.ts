/**
 * A bot's view under Hidden Illuminati (bots/hidden-illuminati.ts): it never sees another seat's
 * face-down Illuminati, knows its own, and with the secret deal states only what its own card allows.
 */
import { describe, expect, it } from 'vitest';
import { statedLimits } from '../../src/lib/engine/accusation.js';
import { faceDownId } from '../../src/lib/engine/cards/face-down.js';
import { OWN_ILLUMINATI } from '../../src/lib/engine/hidden-illuminati.js';
import { invariantProblems } from '../../src/lib/engine/invariants.js';
import { legalActions } from '../../src/lib/engine/index.js';
import { viewFor } from '../../src/lib/bots/view.js';
import { dealt } from '../helpers/hidden-illuminati.js';
import { scenario } from '../helpers/scenario.js';

describe('Bots under Hidden Illuminati', () => {
	it('with the coin’s deal, a bot sees other face-down Illuminati only as stand-ins, its own as it is', () => {
		const state = scenario({
			players: [
				{ illuminati: 'bavarian-illuminati', money: 10, groups: [{ card: 'cia', side: 1, money: 2 }] },
				{ illuminati: 'network', money: 10, groups: [{ card: 'republicans', side: 1, money: 2 }] },
				{ illuminati: 'gnomes-of-zurich', money: 10, groups: [{ card: 'kgb', side: 1, money: 2 }] },
			],
			uncontrolled: ['yuppies', 'hollywood'],
			rules: { hiddenIlluminati: true },
		});
		const view = viewFor(state, 0);
		expect(view.players.map((p) => p.illuminati)).toEqual(['bavarian-illuminati', faceDownId(1), faceDownId(2)]);
		const players = JSON.stringify(view.players);
		expect(players).not.toContain('network');
		expect(players).not.toContain('gnomes-of-zurich');
		expect(view.players[1]!.structure['republicans']!.master).toBe(faceDownId(1));
		expect(invariantProblems(view)).toEqual([]);
		// Its accusations come from its own suspects, the rules' list: both hidden cards among them.
		const named = legalActions(view, 0).flatMap((l) => (l.action.type === 'accuse' ? [l.action.illuminati] : []));
		expect(named).toEqual(expect.arrayContaining(['network', 'gnomes-of-zurich']));
		expect(named).not.toContain('bavarian-illuminati');
		// Without the rule nothing changes.
		const open = { ...state, options: { ...state.options, rules: { ...state.options.rules, hiddenIlluminati: false } } };
		expect(viewFor(open, 0).players[1]!.illuminati).toBe('network');
	});

	it('with the secret deal, a bot knows its own card from its knowledge and states within it', () => {
		const state = dealt();
		const seat = state.turn!.seat;
		const view = viewFor(state, seat, { knowledge: { [OWN_ILLUMINATI]: 'network' }, seed: 'bot' });
		expect(statedLimits(view, seat)).toEqual({ power: 7, income: 9 });
		expect(view.players.map((p) => p.illuminati)).toEqual(state.players.map((p) => p.illuminati));
		const blind = viewFor(state, seat, { seed: 'bot' });
		expect(statedLimits(blind, seat)).toEqual({ power: 10, income: 12 });
	});
});
