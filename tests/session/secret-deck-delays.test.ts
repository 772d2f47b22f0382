/**
 * The secret deck over a network that delays and reorders (issue 13; docs/deck.md): three devices
 * play on their views, a seat plays a Special whenever it may (each hidden one shown with proofs
 * first), and no entry is refused. Before late seals were accepted, a seal ordered after its draw
 * settled (the drawer needs one of the two) was refused with NO_DRAW within the first draws: the
 * refused entry a Playwright game saw after Swiss Bank Account was shown and played.
 */
import { describe, expect, it } from 'vitest';
import { legalActions, type CardId, type Seat } from '../../src/lib/engine/index.js';
import { Chooser, randomEntry } from '../../src/lib/bots/random-player.js';
import { secretDeckTable } from './secret-deck-table.js';

describe('Secret deck over a network that delays and reorders', () => {
	for (const seed of [3])
		it(`refuses no entry while draws, shows and Specials played cross (seed ${seed})`, () => {
			console.log(`secret deck with delays: seed ${seed}`);
			const { sim, sessions } = secretDeckTable({ room: 'DECK', label: 'deck', seed, peers: 3, maxDelay: 6 });
			const choosers = [0, 1, 2].map((i) => new Chooser(`deck-${seed}-${i}`));
			const secrets = new Map<Seat, { goal: CardId; salt: string }>();
			let specials = 0;
			for (let i = 0; i < 300; i++) {
				const seat = i % 3;
				const view = sessions[seat]!.view(seat);
				if (view !== null && view.phase.kind !== 'over' && view.random === null) {
					const special = legalActions(view, seat).find((legal) => legal.action.type === 'playSpecial');
					const action = special?.action ?? randomEntry(view, choosers[seat]!, secrets, 'cautious');
					if (action !== null && action.type !== 'random' && action.type !== 'fixed' && action.seat === seat) {
						const result = sessions[seat]!.act(seat, action);
						if (!result.ok) throw new Error(`act refused a legal move: ${result.error.code} ${result.error.message}`);
						if (action.type === 'playSpecial') specials++;
					}
				}
				sim.flushAll();
				if (i % 30 === 29) for (const session of sessions) expect(session.rejections, `by move ${i}`).toEqual([]);
			}
			const state = sessions[0]!.state!;
			console.log(`secret deck with delays: ${state.drawn} positions drawn, ${specials} Specials played`);
			expect(state.drawn ?? 0).toBeGreaterThan(3);
			expect(specials).toBeGreaterThan(0);
			for (const session of sessions) expect(session.rejections).toEqual([]);
			for (const session of sessions) expect(session.stateHash).toBe(sessions[0]!.stateHash);
		});
});
