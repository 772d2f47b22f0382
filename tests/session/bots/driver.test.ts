// The bot driver over a real GameSession (hot seat, in memory): it plays bot seats when the game
// waits for them and only then, the same seed plays the same game, and a refused entry is
// reported once per state, never retried in a loop.
import { describe, expect, it } from 'vitest';
import { askOrder, createBot } from '../../../src/lib/bots/index.js';
import { seatsToAct, step, type PlayerAction, type Seat } from '../../../src/lib/engine/index.js';
import { GameSession } from '../../../src/lib/session/index.js';
import { BotDriver, type BotSeat } from '../../../src/lib/session/bots/driver.js';
import { localThinker, type Thinker, type ThinkRequest } from '../../../src/lib/session/bots/thinker.js';
import { options, randomBytesFor, seedOf } from '../helpers.js';

const BOTS: BotSeat[] = [
	{ seat: 1, level: 'easy' },
	{ seat: 2, level: 'normal' },
	{ seat: 3, level: 'easy' },
];
const instant = () => Promise.resolve();

function table(name: string): GameSession {
	return GameSession.create({ options: options(4), seats: [0, 1, 2, 3], seed: seedOf(name), randomBytes: randomBytesFor(name), title: name });
}

/** A thinker that records each question and answers as the real bots would (no clock). */
function spying(inner: Thinker = localThinker(null)): Thinker & { asked: ThinkRequest[] } {
	const asked: ThinkRequest[] = [];
	return {
		asked,
		think(request) {
			asked.push(request);
			return inner.think(request);
		},
		destroy: () => inner.destroy(),
	};
}

/** Plays the human seat 0 with an easy bot of the test's own and lets the driver play the others, until `turns` turns or the end. */
async function play(session: GameSession, driver: BotDriver, turns: number, seed: string): Promise<void> {
	const human = createBot({ level: 'easy', seed });
	for (let moves = 0; moves < 3000; moves++) {
		await driver.idle();
		const state = session.state!;
		if (state.phase.kind === 'over' || state.turnCount >= turns) return;
		if (!seatsToAct(state).includes(0)) throw new Error(`the game waits for ${seatsToAct(state)} and no bot plays (reports: ${JSON.stringify(driver.reports)})`);
		humanMove(session, human.decide(state, 0));
	}
	throw new Error('the game did not move on');
}

/** Seat 0's move: the one given, else its first plain pass. */
function humanMove(session: GameSession, action: PlayerAction | null): void {
	const options = session.legal(0);
	const chosen = action ?? (options.find((o) => PASSES.includes(o.action.type)) ?? options[0])?.action;
	if (chosen === undefined) throw new Error('seat 0 has nothing to do');
	const result = session.act(0, chosen);
	if (!result.ok) throw new Error(`seat 0's move was refused: ${JSON.stringify(result)}`);
}

const PASSES = ['passWindow', 'passSpending', 'declineClaim', 'endActions', 'endTurn'];

describe('BotDriver', () => {
	it('plays the bot seats whenever the game waits for them, until it waits for the human seat', async () => {
		const session = table('driver-plays');
		const thinker = spying();
		const driver = new BotDriver(session, BOTS, { thinker, seed: 'plays', timeBudgetMs: null, wait: instant });
		await play(session, driver, 5, 'human-plays');
		expect(session.state!.turnCount).toBeGreaterThanOrEqual(5);
		expect(driver.posted).toBeGreaterThan(10);
		expect(new Set(thinker.asked.map((q) => q.seat))).toEqual(new Set([1, 2, 3]));
		expect(driver.reports).toEqual([]);
		driver.destroy();
		session.destroy();
	});

	it('asks only for bot seats the game waits for, and never for the human seat', async () => {
		const session = table('driver-awaited');
		const thinker: Thinker & { asked: ThinkRequest[] } = spying();
		const check: Thinker = {
			think(request) {
				// At the moment of the question, the seat is one the game waits for (or an offer does).
				expect(askOrder(request.state)).toContain(request.seat);
				expect(request.seat).not.toBe(0);
				return thinker.think(request);
			},
			destroy: () => thinker.destroy(),
		};
		const driver = new BotDriver(session, BOTS, { thinker: check, seed: 'awaited', timeBudgetMs: null, wait: instant });
		await play(session, driver, 4, 'human-awaited');
		// While the game waits for seat 0 only, nobody is asked.
		const asked = thinker.asked.length;
		await driver.idle();
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(seatsToAct(session.state!)).toContain(0);
		expect(thinker.asked.length).toBe(asked);
		driver.destroy();
		session.destroy();
	});

	it('plays nothing for seats it holds but no bot plays, nor for bots on seats it does not hold', async () => {
		const session = GameSession.create({ options: options(3), seats: [0, 1], seed: seedOf('driver-foreign'), randomBytes: randomBytesFor('driver-foreign') });
		const thinker = spying();
		// Seat 2 is free (nobody joined): a bot listed there is never played from this device.
		const driver = new BotDriver(session, [{ seat: 2, level: 'easy' }], { thinker, seed: 'foreign', timeBudgetMs: null, wait: instant });
		await driver.idle();
		expect(thinker.asked).toEqual([]);
		expect(driver.posted).toBe(0);
		driver.destroy();
		session.destroy();
	});

	it('with the same seeds, plays the same game', async () => {
		const run = async () => {
			const session = table('driver-same');
			const driver = new BotDriver(session, BOTS, { thinker: localThinker(null), seed: 'same', timeBudgetMs: null, wait: instant });
			await play(session, driver, 3, 'human-same');
			const result = { accepted: session.accepted, hash: session.stateHash };
			driver.destroy();
			session.destroy();
			return result;
		};
		const first = await run();
		expect(await run()).toEqual(first);
	});

	it('reports an entry the session refuses and does not ask again in the same state', async () => {
		const session = table('driver-refused');
		const asked: string[] = [];
		const bogus: Thinker = {
			think(request) {
				asked.push(`${request.seat} ${session.accepted} ${session.stateHash}`);
				// An entry for another seat's money: always refused.
				return Promise.resolve({ type: 'transfer', seat: request.seat, from: 'nowhere', to: 'nobody', amount: 99 } as unknown as PlayerAction);
			},
			destroy: () => undefined,
		};
		const driver = new BotDriver(session, BOTS, { thinker: bogus, seed: 'refused', timeBudgetMs: null, wait: instant });
		const human = createBot({ level: 'easy', seed: 'refused' });
		for (let i = 0; i < 200 && !seatsToAct(session.state!).some((seat: Seat) => seat !== 0); i++) humanMove(session, human.decide(session.state!, 0));
		await driver.idle();
		expect(asked.length).toBeGreaterThan(0);
		expect(new Set(asked).size).toBe(asked.length);
		expect(driver.reports.length).toBeGreaterThanOrEqual(asked.length);
		expect(driver.reports[0]!.action).not.toBeNull();
		driver.destroy();
		session.destroy();
	});

	it('suggests a legal move for the human seat and posts nothing', async () => {
		const session = table('driver-suggest');
		const driver = new BotDriver(session, BOTS, { thinker: localThinker(null), seed: 'suggest', timeBudgetMs: null, wait: instant });
		await driver.idle();
		const state = session.state!;
		expect(seatsToAct(state)).toContain(0);
		const posted = driver.posted;
		const accepted = session.accepted;
		const action = await driver.suggest(state, 0);
		expect(action).not.toBeNull();
		expect(session.legal(0).some((legal) => JSON.stringify(legal.action) === JSON.stringify(action)) || step(state, action!).ok).toBe(true);
		expect(driver.posted).toBe(posted);
		expect(session.accepted).toBe(accepted);
		driver.destroy();
		session.destroy();
	});
});
