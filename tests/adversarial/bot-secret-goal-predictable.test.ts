/**
 * Red team, issues 13/15: a seated bot's secret goal (UFOs; every seat under Hidden Illuminati) was
 * the goal closest to being met in the public view, its salt breaking ties only, so a seatless peer
 * named the goal every bot committed to. Now the goal is a draw seeded by the bot's secret salt,
 * nearer goals weighted more (session/bots/secret-goal.ts): an observer who knows the weights (even
 * computed from the bot's own view) and names the heaviest goal is right only as often as that
 * weight's share, and the bot's driver still finds its goal from the commitment.
 */
import { expect, it } from 'vitest';
import { DEFAULT_RULES, goalCommitment, type CommitGoalAction } from '../../src/lib/engine/index.js';
import { DEFAULT_PROTOCOL_RULES } from '../../src/lib/protocol/entry.js';
import { goalSalt, goalWeights, recoverGoal, secretGoalAnswer } from '../../src/lib/session/bots/secret-goal.js';
import { gameIdFor, gameOptions, Network, playerDevice } from '../protocol/v2/table.js';

const SALTS_PER_SEAT = 40;

it('a seatless peer cannot name the secret goal a bot committed to (Hidden Illuminati, three bot seats, 40 secrets each)', () => {
	const net = new Network(gameIdFor('redteam-bot-goal'));
	const players = ['ann', 'bob', 'cyd'].map((name) => net.peer(name, playerDevice(name)));
	const host = players[0]!;
	const options = { ...gameOptions(3), secretDeck: true, rules: { ...DEFAULT_RULES, hiddenIlluminati: true } };
	net.post(host.device!.entry(host.replay, 'create', { options, rules: DEFAULT_PROTOCOL_RULES }));
	players.forEach((peer, seat) => {
		net.post(peer.device!.join(peer.replay, seat));
		net.automatic();
	});
	net.automatic();
	let tries = 0;
	let guessedByOldRule = 0;
	let guessedByWeights = 0;
	for (let state = host.replay.state!; state.phase.kind === 'ufoGoal'; state = host.replay.state!) {
		const seat = state.phase.seat;
		// The spectator's guesses: the old rule (the nearest goal: the first heaviest weight), and the
		// last heaviest (where several goals are alike, the old rule's tie break could pick either).
		const weights = goalWeights(state, seat);
		const nearest = weights.reduce((best, w) => (w.weight > best.weight ? w : best)).goal;
		const heaviest = weights.reduce((best, w) => (w.weight >= best.weight ? w : best)).goal;
		const committed = new Set<string>();
		for (let i = 0; i < SALTS_PER_SEAT; i++) {
			const salt = goalSalt(`${i}`.padStart(64, 'c'), net.game, seat);
			const commit = secretGoalAnswer(state, seat, salt) as CommitGoalAction;
			tries++;
			if (goalCommitment(nearest, salt) === commit.commitment) guessedByOldRule++;
			if (goalCommitment(heaviest, salt) === commit.commitment) guessedByWeights++;
			// Its driver (after a reload, or a holder that took it over) finds the goal again from the same salt.
			const goal = recoverGoal({ ...state, players: state.players.map((p) => (p.seat === seat ? { ...p, goalCommitment: commit.commitment } : p)) }, seat, salt);
			expect(goal).not.toBeNull();
			committed.add(goal!.goal);
		}
		expect(committed.size, `seat ${seat}: the goal varies with the secret`).toBeGreaterThan(2);
		const peer = players[seat]!;
		net.post(peer.device!.entry(peer.replay, 'action', secretGoalAnswer(state, seat, goalSalt('d'.repeat(64), net.game, seat))!));
		net.automatic();
	}
	console.log(`secret goals: ${tries} commitments; the nearest goal named ${guessedByOldRule}, the heaviest ${guessedByWeights}`);
	expect(tries).toBe(3 * SALTS_PER_SEAT);
	// Before the fix both were right every time. The heaviest weight's share here is at most 40%.
	expect(guessedByOldRule).toBeLessThan(tries / 2);
	expect(guessedByWeights).toBeLessThan(tries / 2);
});
