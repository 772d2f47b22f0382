/**
 * Red team, issue 15: a seated bot's choices drew from a seed every peer knows (the game id and the
 * seat), so a peer could rerun the bot's thinking on the state it thought on and know its every
 * next move (its noise, its samples of hidden hands) before it was made, or test guesses of its
 * hidden cards against its moves. The seed now derives from the bot's own secret seed
 * (session/bots/choice-seed.ts). Here a peer replays each of the bot's questions with every seed it
 * can form from the public record: it no longer predicts the bot, while the bot's own seed (which a
 * device taking the bot over opens from its box) still plays the same choices.
 */
import { describe, expect, it } from 'vitest';
import { createBot } from '../../src/lib/bots/index.js';
import { legalActions, type PlayerAction } from '../../src/lib/engine/index.js';
import { BotPool, localThinker, type Thinker, type ThinkRequest } from '../../src/lib/session/bots/thinker.js';
import { SeatedBots } from '../../src/lib/session/bots/seated.js';
import { humanPlay, twoDeviceTable } from '../session/bots/two-devices.js';
import { randomBytesFor } from '../session/helpers.js';

const BOT = 2;
const DECISIONS = 40;

/** A thinker that keeps every question and its answer. */
function recording(inner: Thinker, asked: { request: ThinkRequest; answer: PlayerAction | null }[]): Thinker {
	return {
		async think(request) {
			const answer = await inner.think(request);
			asked.push({ request, answer });
			return answer;
		},
		destroy: () => inner.destroy(),
	};
}

/** The answers a pool of bots gives to the same questions in the same order with `seedOf`'s seed. */
function rerun(asked: readonly { request: ThinkRequest }[], seedOf: (request: ThinkRequest) => string): (PlayerAction | null)[] {
	const pool = new BotPool();
	return asked.map(({ request }) => pool.decide({ ...request, seed: seedOf(request) }, null));
}

describe("a seated bot's choice seed", { timeout: 240_000 }, () => {
	it('a peer cannot rerun the bot from the public record: none of the seeds it can form (game id, seat) gives the bot’s choices; the bot’s own seed does', async () => {
		const { sim, clock, a, b, present } = twoDeviceTable('BOTCHOICESEEDXXXXXXXXXXXX', 41, 'choice-seed', 30);
		const asked: { request: ThinkRequest; answer: PlayerAction | null }[] = [];
		const botsB = new SeatedBots(b, { thinker: recording(localThinker(null), asked), random: randomBytesFor('choice-seed-bots'), present: () => present, timeBudgetMs: null, wait: () => Promise.resolve(), clock });
		expect(botsB.seat(BOT, 'easy').ok).toBe(true);
		sim.flushAll();
		const humans = [createBot({ level: 'easy', seed: 'choice-seed-a' }), createBot({ level: 'easy', seed: 'choice-seed-b' })];
		const play = humanPlay({ sim, clock, sessions: [a, b], humans, drivers: () => botsB.drivers });
		// Decisions where the bot had a real choice (more than one legal option).
		const choices = () => asked.filter(({ request }) => legalActions(request.state, request.seat).length > 1);
		await play(() => choices().length >= DECISIONS || a.state!.phase.kind === 'over', [0, 1]);
		const real = choices();
		expect(real.length, 'the bot made enough real choices').toBeGreaterThanOrEqual(DECISIONS);

		const game = a.gameId;
		const publicSeeds = [game, `${game}:${BOT}`, `${game}:seated`, `${game}:seated:${BOT}`, `${game}:${BOT}:${BOT}`];
		for (const request of asked.map((q) => q.request)) expect(publicSeeds, 'the seed is not one the public record gives').not.toContain(request.seed);

		const same = (answers: readonly (PlayerAction | null)[]) => answers.filter((answer, i) => JSON.stringify(answer) === JSON.stringify(real[i]!.answer)).length;
		// The bot's own seed (its driver's, after a reload or a takeover) gives its choices again.
		expect(same(rerun(real, (request) => request.seed)), 'the bot itself, rerun').toBe(real.length);
		// A peer forming the seed from the public record, each way it might (the old seed was `${game}:${seat}`).
		for (const guess of [(r: ThinkRequest) => `${game}:${r.seat}`, (r: ThinkRequest) => `${game}:seated:${r.seat}`]) {
			const predicted = same(rerun(real, guess));
			console.log(`a peer rerunning the bot with a public seed predicted ${predicted} of its ${real.length} real choices`);
			expect(predicted, 'a public seed does not reproduce the bot').toBeLessThan(real.length);
		}
		botsB.destroy();
	});
});
