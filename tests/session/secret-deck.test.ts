/**
 * The secret deck in sessions (issue 13; docs/deck.md): three devices and a seatless fourth over a
 * seeded simulated network, a game created with the engine option secretDeck. Each device answers
 * the deck automatically (shuffle, seals, its own draws), chooses on its seat's view, and shows a
 * hidden Special with proofs before playing it (GameSession.act). The attack first: the seatless
 * peer, each other seat, and the exported file hold no hidden card.
 */
import { describe, expect, it } from 'vitest';
import { CARDS } from '../../src/lib/engine/cards/index.js';
import type { CardId, GameState, Seat } from '../../src/lib/engine/index.js';
import { Chooser, randomEntry } from '../../src/lib/bots/random-player.js';
import { secretDeckTable } from './secret-deck-table.js';

const SEED = 1332;

describe('Secret deck in sessions', () => {
	it('devices keep their hands to themselves; a seatless peer, the other seats and the export learn no hidden card', () => {
		console.log(`secret deck sessions: seed ${SEED}`);
		const { sim, sessions } = secretDeckTable({ room: 'DECK', label: 'deck', seed: SEED, peers: 4, maxDelay: 1 });
		const choosers = [0, 1, 2].map((i) => new Chooser(`deck-${SEED}-${i}`));
		const secrets = new Map<Seat, { goal: CardId; salt: string }>();
		let shownSpecials = 0;
		let checked = 0;
		/** The attack: whatever the seatless peer holds, the other seats' devices and the export. */
		const noHiddenFact = () => {
			const state = sessions[0]!.state as GameState;
			const hidden: CardId[] = [];
			sessions.slice(0, 3).forEach((session, seat) => {
				const own = state.players[seat]!.hidden ?? [];
				// Its own hidden cards (Computer Espionage may add other seats' positions, shown to it alone).
				const known = Object.fromEntries(Object.entries(session.knowledge(seat)).filter(([position]) => own.includes(Number(position))));
				expect(Object.keys(known).map(Number).sort()).toEqual([...own].sort());
				for (const card of Object.values(known)) expect(CARDS[card]?.kind).toBe('special');
				hidden.push(...Object.values(known));
				for (let other = 0; other < 3; other++) if (other !== seat) expect(sessions[other]!.knowledge(seat)).toEqual({});
			});
			if (hidden.length === 0) return;
			checked++;
			const watcher = sessions[3]!;
			const publicView = JSON.stringify({ ...watcher.state, deck: [] });
			const exported = JSON.stringify(watcher.exportLog());
			for (const card of hidden) {
				expect(publicView).not.toContain(`"${card}"`);
				expect(exported).not.toContain(`"${card}"`);
			}
		};
		for (let i = 0; i < 600; i++) {
			if (i % 60 === 59) noHiddenFact();
			const seat = i % 3;
			const session = sessions[seat]!;
			const view = session.view(seat);
			if (view === null || view.phase.kind === 'over' || view.random !== null) {
				sim.flushAll();
				continue;
			}
			const action = randomEntry(view, choosers[seat]!, secrets, 'cautious');
			if (action !== null && action.type !== 'random' && action.type !== 'fixed' && action.seat === seat) {
				const hiddenBefore = (session.state!.players[seat]!.hidden ?? []).length;
				const result = session.act(seat, action);
				if (!result.ok) throw new Error(`act refused a legal move: ${result.error.code} ${result.error.message}`);
				if ((session.state!.players[seat]!.hidden ?? []).length < hiddenBefore) shownSpecials++;
			}
			sim.flushAll();
		}
		const state = sessions[0]!.state as GameState;
		console.log(`secret deck sessions: ${state.drawn} positions drawn, ${shownSpecials} hidden Specials shown and played, hidden ${state.players.map((p) => p.hidden?.length ?? 0)}`);
		for (const session of sessions) expect(session.stateHash).toBe(sessions[0]!.stateHash);
		expect(sessions[0]!.rejections).toEqual([]);
		expect(state.drawn ?? 0).toBeGreaterThan(3);
		noHiddenFact();
		expect(checked).toBeGreaterThan(0);
	});
});
