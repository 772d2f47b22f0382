// A seated bot steers for the secret goal it committed to (issue 15; session/bots/thinker.ts,
// driver.ts). The goal is drawn and committed by the table's code from a salt only the bot's seed
// gives (secret-goal.ts), not by the bot itself, so the bot's search used to weigh its secret goal
// as a rival would (the nearest of the seven, bots/progress.ts `specialProgress`). Now the driving device finds the goal again from the public commitment and sends it with
// every question (`secretGoal`), and the bot weighs its progress toward it.
import { describe, expect, it } from 'vitest';
import { goalCommitment, type CardId, type GameState, type PlayerAction } from '../../../src/lib/engine/index.js';
import { goalSalt, recoverGoal } from '../../../src/lib/session/bots/secret-goal.js';
import { localThinker, type Thinker, type ThinkRequest } from '../../../src/lib/session/bots/thinker.js';
import { SeatedBots } from '../../../src/lib/session/bots/seated.js';
import { GameSession, gameIdOf } from '../../../src/lib/session/index.js';
import { SimNetwork } from '../../../src/lib/dev/sim.js';
import { createBot } from '../../../src/lib/bots/index.js';
import { seatsToAct } from '../../../src/lib/engine/index.js';
import { DEFAULT_RULES } from '../../../src/lib/engine/types.js';
import { FakeClock } from '../fake-clock.js';
import { randomBytesFor, seedOf } from '../helpers.js';
import { scenario } from '../../helpers/scenario.js';

const SECRET = 'c7'.repeat(32);
const GAME = 'game-goal-search';
const DISCORDIAN: CardId = 'discordian-society';
const ASSASSINS: CardId = 'society-of-assassins';

/**
 * The UFOs (seat 0) with one action left: four groups both Weird and Violent and the KKK (Violent),
 * so the Punk Rockers (Weird) make five Weird groups, the Discordian Society's goal, and the Gun
 * Lobby (Violent) six Violent ones, the Society of Assassins'. Both are easy targets.
 */
function position(goal: CardId | null, salt: string): GameState {
	const state = scenario({
		players: [
			{
				illuminati: 'ufos',
				money: 30,
				groups: [
					{ card: 'comic-books', side: 0 },
					{ card: 'american-autoduel-association', side: 1 },
					{ card: 'kkk', side: 2 },
					{ card: 'cycle-gangs', side: 3 },
					{ card: 'society-for-creative-anarchism', master: 'comic-books', side: 0 },
				],
			},
			{ illuminati: 'network', money: 10, groups: [{ card: 'kgb', side: 1 }] },
			{ illuminati: 'bermuda-triangle', money: 10, groups: [{ card: 'cia', side: 1 }] },
		],
		uncontrolled: ['punk-rockers', 'gun-lobby'],
		turn: { seat: 0, step: 'actions', actionsLeft: 1 },
	});
	const commitment = goal === null ? null : goalCommitment(goal, salt);
	return { ...state, players: state.players.map((p) => (p.seat === 0 ? { ...p, goalCommitment: commitment } : p)) };
}

function request(state: GameState, salt: string, secretGoal: CardId | null): ThinkRequest {
	return { key: `${GAME}:seated:0`, seat: 0, level: 'normal', seed: `${GAME}:0`, state, timeBudgetMs: null, goalSalt: salt, secretGoal };
}

const targetOf = (action: PlayerAction | null) => (action?.type === 'attack' ? action.target : action?.type);

describe('a seated bot steers for its own secret goal', () => {
	it('attacks toward the goal it committed to: the Weird group for the Discordian Society, the Violent one for the Assassins', async () => {
		const salt = goalSalt(SECRET, GAME, 0);
		const thinker = localThinker(null);
		const weird = await thinker.think(request(position(DISCORDIAN, salt), salt, DISCORDIAN));
		const violent = await localThinker(null).think(request(position(ASSASSINS, salt), salt, ASSASSINS));
		expect(targetOf(weird)).toBe('punk-rockers');
		expect(targetOf(violent)).toBe('gun-lobby');
		thinker.destroy();
	});

	it('is not told a goal that does not make its commitment (a stale or forged question): it plays as without one', async () => {
		const salt = goalSalt(SECRET, GAME, 0);
		const state = position(ASSASSINS, salt);
		const told = await localThinker(null).think(request(state, salt, ASSASSINS));
		const forged = await localThinker(null).think(request(state, salt, DISCORDIAN));
		const none = await localThinker(null).think(request(state, salt, null));
		expect(targetOf(told)).toBe('gun-lobby');
		expect(forged).toEqual(none);
	});
});

/** A thinker that records each question and answers as the real bots would (no clock). */
function spying(): Thinker & { asked: ThinkRequest[] } {
	const inner = localThinker(null);
	const asked: ThinkRequest[] = [];
	return { asked, think: (r) => (asked.push(r), inner.think(r)), destroy: () => inner.destroy() };
}

describe("a seated bot's questions carry its goal", { timeout: 120_000 }, () => {
	it('once the bot committed (every seat has a secret goal), each question names the goal its commitment hides', async () => {
		const roomCode = 'BOTGOALSEARCHXXXXXXXXXXXX';
		const sim = new SimNetwork({ peers: 2, seed: 41, gameId: gameIdOf(roomCode), maxDelay: 1, duplicateRate: 0 });
		const clock = new FakeClock();
		const [a, b] = sim.peers.map((peer, i) => new GameSession({ game: peer.game, roomCode, seed: seedOf(`goal-search-${i}`), randomBytes: randomBytesFor(`goal-search-${i}`), clock })) as [GameSession, GameSession];
		a.start({ players: 3, illuminati: 'random', sandbox: false, rules: { ...DEFAULT_RULES, hiddenGoals: true } }, { equivocation: 'forfeit', countdown: 30 });
		sim.flushAll();
		expect(a.claim(0).ok).toBe(true);
		sim.flushAll();
		expect(b.claim(1).ok).toBe(true);
		sim.flushAll();
		const thinker = spying();
		const bots = new SeatedBots(a, { thinker, random: randomBytesFor('goal-search-bots'), present: () => new Set([a.key, b.key]), timeBudgetMs: null, wait: () => Promise.resolve(), clock });
		expect(bots.seat(2, 'easy').ok).toBe(true);
		const players = [createBot({ level: 'easy', seed: 'p0' }), createBot({ level: 'easy', seed: 'p1' })];
		const sessions = [a, b];
		const afterCommit = () => thinker.asked.filter((r) => r.seat === 2 && r.state.players[2]!.goalCommitment !== null);
		for (let k = 0; k < 2000 && afterCommit().length < 3; k++) {
			for (const d of bots.drivers) await d.idle();
			sim.flushAll();
			let moved = false;
			for (const seat of [0, 1] as const) {
				const session = sessions[seat]!;
				if (!seatsToAct(session.state!).includes(seat)) continue;
				const action = players[seat]!.decide(session.state!, seat);
				if (action && session.act(seat, action).ok) moved = true;
				sim.flushAll();
			}
			if (!moved) {
				clock.advance(1000, () => sim.flushAll());
				await new Promise((resolve) => setTimeout(resolve, 0));
			}
		}
		const asked = afterCommit();
		expect(asked.length).toBeGreaterThanOrEqual(3);
		for (const r of asked) {
			expect(r.secretGoal, 'the goal is named').not.toBeNull();
			expect(goalCommitment(r.secretGoal!, r.goalSalt!), 'and makes the commitment in the state asked about').toBe(r.state.players[2]!.goalCommitment);
		}
		// Before its commitment the bot has no goal to tell.
		expect(thinker.asked.filter((r) => r.seat === 2 && r.state.players[2]!.goalCommitment === null).every((r) => r.secretGoal === null)).toBe(true);
		// The salt is the bot's own (its seed): the goal is found again by its driver, not from the game id.
		const driver = bots.drivers[0]!;
		expect(driver.secretGoal(a.state!, 2)).toBe(asked[0]!.secretGoal);
		expect(recoverGoal(a.state!, 2, goalSalt(a.gameId, `${a.gameId}:seated`, 2))).toBeNull();
		bots.destroy();
		a.destroy();
		b.destroy();
	});
});
