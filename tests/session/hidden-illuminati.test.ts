/**
 * Hidden Illuminati with the secret deck in sessions (issue 13; docs/deck.md, "Hidden Illuminati"):
 * three devices and a seatless fourth over a seeded simulated network. Each device opens its own
 * Illuminati and nobody else's; the seatless peer's state and the exported file name no face-down
 * card; an accusation made through the session is answered by the accused's device on its own; a
 * seeded random game then plays on with every peer agreeing.
 */
import { describe, expect, it } from 'vitest';
import { SimNetwork } from '../../src/lib/dev/sim.js';
import { faceDownId } from '../../src/lib/engine/cards/face-down.js';
import { hiddenIlluminatiOf, OWN_ILLUMINATI } from '../../src/lib/engine/hidden-illuminati.js';
import { DEFAULT_RULES, goalCommitment, type CardId, type GameState, type Seat } from '../../src/lib/engine/index.js';
import { Chooser, randomEntry } from '../../src/lib/bots/random-player.js';
import { GameSession, gameIdOf } from '../../src/lib/session/index.js';
import { options, randomBytesFor, seedOf } from './helpers.js';

const SEED = 1314;

describe('Hidden Illuminati in sessions', () => {
	it('each device knows its own card only; the seatless peer and the export name none; the accused device answers by itself', () => {
		console.log(`hidden Illuminati sessions: seed ${SEED}`);
		const roomCode = 'HIDE' + String(SEED).padStart(6, '0');
		const sim = new SimNetwork({ peers: 4, seed: SEED, gameId: gameIdOf(roomCode), maxDelay: 1, duplicateRate: 0 });
		const sessions = sim.peers.map((peer, i) => new GameSession({ game: peer.game, roomCode, seed: seedOf(`hide-${SEED}-${i}`), randomBytes: randomBytesFor(`hide-${SEED}-${i}`) }));
		sessions[0]!.start({ ...options(3), secretDeck: true, rules: { ...DEFAULT_RULES, hiddenIlluminati: true } });
		sim.flushAll();
		for (let seat = 0; seat < 3; seat++) sessions[seat]!.claim(seat);
		for (let i = 0; i < 50; i++) sim.flushAll();
		const own = [0, 1, 2].map((seat) => sessions[seat]!.knowledge(seat)[OWN_ILLUMINATI] as CardId);
		expect(own.every((card) => typeof card === 'string')).toBe(true);
		expect(new Set(own).size).toBe(3);
		const watcher = sessions[3]!;
		const secretOf = (seat: Seat) => own[seat]!;
		const noFaceDownFact = (faceDown: readonly Seat[]) => {
			const state = watcher.state as GameState;
			const publicView = JSON.stringify({ ...state, outOfPlay: [], hiddenIlluminati: { ...hiddenIlluminatiOf(state), lastAccusation: null } });
			const exported = JSON.stringify(watcher.exportLog());
			for (const seat of faceDown) {
				expect(state.players[seat]!.illuminati).toBe(faceDownId(seat));
				expect(publicView).not.toContain(`"${secretOf(seat)}"`);
				expect(exported).not.toContain(`"${secretOf(seat)}"`);
				for (let other = 0; other < 3; other++) if (other !== seat) expect(sessions[other]!.knowledge(seat)).toEqual({});
			}
		};
		noFaceDownFact([0, 1, 2]);

		// The seat to act accuses the next one rightly, through its session (its action panel's way).
		for (let i = 0; i < 100 && !((watcher.state as GameState).phase.kind === 'turn' && (watcher.state as GameState).turn?.step === 'actions'); i++) {
			// Windows: every seat passes; the turn's own steps: the seat to act takes the first plain move.
			for (let seat = 0; seat < 3; seat++) {
				const legal = sessions[seat]!.legal(seat).filter((l) => !['leave', 'declareAbsent', 'offer', 'give', 'playSpecial'].includes(l.action.type) && !l.freeForm);
				const quick = legal.find((l) => l.action.type === 'passWindow') ?? legal[0];
				// A goal is committed with a salt of the seat's own: the engine refuses a digest another seat made.
				const action = quick?.action.type === 'commitGoal' ? { ...quick.action, commitment: goalCommitment('bavarian-illuminati', `salt-of-seat-${seat}`) } : quick?.action;
				if (action) sessions[seat]!.act(seat, action as never);
				for (let k = 0; k < 5; k++) sim.flushAll();
			}
		}
		const turn = (watcher.state as GameState).turn!;
		const accused = (turn.seat + 1) % 3;
		const accusation = sessions[turn.seat]!.legal(turn.seat).find((l) => l.action.type === 'accuse' && l.action.target === accused && l.action.illuminati === own[accused]);
		expect(accusation).toBeDefined();
		expect(sessions[turn.seat]!.act(turn.seat, accusation!.action as never).ok).toBe(true);
		for (let k = 0; k < 20; k++) sim.flushAll();
		expect((watcher.state as GameState).players[accused]!.illuminati).toBe(own[accused]);
		expect(hiddenIlluminatiOf(watcher.state as GameState).lastAccusation?.right).toBe(true);
		noFaceDownFact([0, 1, 2].filter((seat) => seat !== accused));

		// A seeded random game plays on; every peer agrees and nothing is refused.
		const choosers = [0, 1, 2].map((i) => new Chooser(`hide-${SEED}-${i}`));
		const secrets = new Map<Seat, { goal: CardId; salt: string }>();
		for (let i = 0; i < 150; i++) {
			const seat = i % 3;
			const session = sessions[seat]!;
			const view = session.view(seat);
			if (view !== null && view.phase.kind !== 'over' && view.random === null) {
				const action = randomEntry(view, choosers[seat]!, secrets, 'cautious');
				if (action !== null && action.type !== 'random' && action.type !== 'fixed' && action.seat === seat) {
					const result = session.act(seat, action);
					if (!result.ok) throw new Error(`act refused a legal move: ${result.error.code} ${result.error.message}`);
				}
			}
			sim.flushAll();
		}
		for (let k = 0; k < 20; k++) sim.flushAll();
		for (const session of sessions) expect(session.stateHash).toBe(sessions[0]!.stateHash);
		expect(sessions[0]!.rejections).toEqual([]);
		const still = [0, 1, 2].filter((seat) => (watcher.state as GameState).players[seat]!.illuminati === faceDownId(seat));
		console.log(`hidden Illuminati sessions: ${(watcher.state as GameState).accepted} entries, face down still ${still}, last accusation ${JSON.stringify(hiddenIlluminatiOf(watcher.state as GameState).lastAccusation)}`);
		noFaceDownFact(still);
		expect(watcher.exportLog().meta?.illuminati).toBeUndefined();

		// Every seat leaves: the game is over, every seed comes in, the deal opens, and the export shows every card.
		for (let seat = 0; seat < 3; seat++) {
			const leave = sessions[seat]!.legal(seat).find((l) => l.action.type === 'leave');
			if (leave) sessions[seat]!.act(seat, leave.action as never);
			for (let k = 0; k < 10; k++) sim.flushAll();
		}
		for (let k = 0; k < 40; k++) sim.flushAll();
		expect((watcher.state as GameState).phase.kind).toBe('over');
		expect(watcher.exportLog().meta?.illuminati).toEqual({ 0: own[0], 1: own[1], 2: own[2] });
	}, 300_000);
});
