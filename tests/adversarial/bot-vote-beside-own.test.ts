/**
 * Red team (session 12): a computer player's seed is sealed to every seated player, so any of them
 * can sign as the bot (docs/protocol.md, "Computer players"). In a game of three people and a bot,
 * one person voted a present person absent twice, as themselves and as the bot: two of the three
 * other seats, a majority, so the orderer cut the target at once and the engine made it leave.
 * Under the protocol rule `botVotes: 'afterPeople'` (every new game) a bot's vote counts only once
 * most of the people voted the same way; games created before count it as any seat's.
 */
import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { DEFAULT_PROTOCOL_RULES, NEW_GAME_PROTOCOL_RULES, type ProtocolRules } from '../../src/lib/protocol/entry.js';
import { botSeatAuth } from '../../src/lib/protocol/bot-claim.js';
import { thresholdFor } from '../../src/lib/protocol/v2/core.js';
import { botVoteWaits } from '../../src/lib/protocol/v2/entry-handlers.js';
import { sealBytes } from '../../src/lib/protocol/deck/seal.js';
import { gameIdFor, gameOptions, Network, playerDevice, seededRandom, type Peer } from '../protocol/v2/table.js';
import { entryOf } from '../protocol/v2/forks.js';

/** `people` players in the first seats, then `bots` computer players seated by seat 0 (as
 * SeatedBots.seat does: its seed sealed to every seated player), keys made and the game set up. */
function tableWithBots(label: string, people: number, bots: number, rules: ProtocolRules): { net: Network; seats: Peer[] } {
	const game = gameIdFor(label);
	const net = new Network(game);
	const seats: Peer[] = [];
	for (let seat = 0; seat < people + bots; seat++) seats.push(net.peer(seat < people ? `person-${seat}` : `bot-${seat}`, playerDevice(`${label}:${seat}`)));
	const host = seats[0]!;
	net.post(host.device!.entry(host.replay, 'create', { options: gameOptions(people + bots), rules }));
	for (let seat = 0; seat < people; seat++) net.post(seats[seat]!.device!.join(seats[seat]!.replay, seat));
	for (let seat = people; seat < people + bots; seat++) {
		const bot = seats[seat]!;
		const seed = sha256(new TextEncoder().encode(`${label}:bot seed:${seat}`));
		const sealed = host.replay.core.seats.flatMap((holder, to) => {
			if (holder === null) return [];
			const seal = sealBytes({ game, kind: 'bot', from: seat, to, position: 0, boxKey: holder.box, plaintext: seed, random: seededRandom(`${label}:seal:${seat}:${to}`) });
			return seal.ok ? [{ seat: to, box: seal.value.box }] : [];
		});
		const auth = botSeatAuth(host.device!.identity.secretKey, game, bot.device!.key, seat, 'easy');
		net.post(bot.device!.entry(bot.replay, 'join', { seat, box: bot.device!.box(seat).publicKey, bot: { level: 'easy', by: 0, seeds: sealed, auth } }));
	}
	net.automatic();
	return { net, seats };
}

const vote = (net: Network, voter: Peer, seat: number, target: number) => {
	const entry = voter.device!.entry(voter.replay, 'absent', { seat, target });
	net.post(entry);
	return entry;
};

/** Every seat posts one more entry, so what came before is final everywhere. */
function settle(net: Network, seats: readonly Peer[]): void {
	net.automatic();
	for (const peer of seats) net.post(peer.device!.entry(peer.replay, 'ack', {}));
	net.automatic();
}

const refusalOf = (peer: Peer, text: string) => peer.replay.rejections.find((r) => r.id === entryOf(text).id)?.code ?? null;

describe("Red team: one person casting a computer player's absence vote beside their own", () => {
	it('three people and a bot: the two votes against a present person cut nobody, and it stays in the game', () => {
		const { net, seats } = tableWithBots('bot-vote-3p', 3, 1, NEW_GAME_PROTOCOL_RULES);
		expect(seats[0]!.replay.state?.turn).not.toBeNull(); // set up: the first turn is under way
		vote(net, seats[1]!, 1, 0);
		const botVote = vote(net, seats[3]!, 3, 0); // signed with the bot's key on person 1's device
		settle(net, seats);
		for (const peer of seats) {
			expect(refusalOf(peer, botVote)).toBeNull();
			expect(peer.replay.finalCore.votedOut.has(0)).toBe(false);
			const target = peer.replay.finalCore.engine!.players[0]!;
			expect(target.eliminated).toBe(false);
			expect(target.absent).toBe(false);
			// The bot's vote is recorded but the engine has not taken it: only the person's is there.
			expect(target.absenceVotes).toEqual([1]);
			expect(peer.replay.finalCore.votes.get(0)).toEqual([1, 3]);
		}
	});

	it('in a game created before the rule, the same two votes cut the present person and it leaves (why the rule exists)', () => {
		const { net, seats } = tableWithBots('bot-vote-3p-old', 3, 1, DEFAULT_PROTOCOL_RULES);
		vote(net, seats[1]!, 1, 0);
		vote(net, seats[3]!, 3, 0);
		settle(net, seats);
		for (const peer of seats) {
			expect(peer.replay.finalCore.votedOut.has(0)).toBe(true);
			expect(peer.replay.finalCore.engine!.players[0]!.eliminated).toBe(true);
		}
	});

	it("once most people voted, the bots' votes count: recorded earlier, given again they reach the engine", () => {
		// Three people and two bots: the target's absence needs three of the four other seats.
		const { net, seats } = tableWithBots('bot-vote-after', 3, 2, NEW_GAME_PROTOCOL_RULES);
		const early = [vote(net, seats[3]!, 3, 0), vote(net, seats[4]!, 4, 0)];
		settle(net, seats);
		expect(seats[1]!.replay.finalCore.votedOut.has(0)).toBe(false);
		expect(botVoteWaits(seats[1]!.replay.finalCore, 3, 0)).toBe(true); // the stall watch does not give it again yet
		// Given again before the people decided, a bot's vote is refused as already counted.
		const again = vote(net, seats[3]!, 3, 0);
		vote(net, seats[1]!, 1, 0);
		vote(net, seats[2]!, 2, 0);
		settle(net, seats);
		for (const peer of seats) {
			for (const text of early) expect(refusalOf(peer, text)).toBeNull();
			expect(refusalOf(peer, again)).toBe('ALREADY_VOTED');
			expect(peer.replay.finalCore.votedOut.has(0)).toBe(true);
			// The people's two votes alone are two of four seats: no majority in the engine yet.
			expect(peer.replay.finalCore.engine!.players[0]!.eliminated).toBe(false);
		}
		expect(botVoteWaits(seats[1]!.replay.finalCore, 3, 0)).toBe(false);
		// The bots' drivers give their counted votes again (the stall watch does so by itself).
		const given = [vote(net, seats[3]!, 3, 0), vote(net, seats[4]!, 4, 0)];
		settle(net, seats);
		for (const peer of seats) {
			expect(refusalOf(peer, given[0]!)).toBeNull();
			expect(peer.replay.finalCore.engine!.players[0]!.eliminated).toBe(true);
		}
	});

	it('two people and a bot: one person and the bot still vote the other out (the stated limit: either must be able to go on alone)', () => {
		const { net, seats } = tableWithBots('bot-vote-2p', 2, 1, NEW_GAME_PROTOCOL_RULES);
		vote(net, seats[1]!, 1, 0);
		vote(net, seats[2]!, 2, 0);
		settle(net, seats);
		for (const peer of seats) expect(peer.replay.finalCore.votedOut.has(0)).toBe(true);
	});
});

describe("a seated bot's coin share is every seated player's (docs/protocol.md, Randomness)", () => {
	// One person holds their own share and every bot's: t must stay out of reach with three people or more.
	const tables = [3, 4, 5, 6, 7, 8].flatMap((seats) => Array.from({ length: seats - 1 }, (_, bots) => [seats, bots] as const));
	it.each(tables)('%i seats, %i bots: one person alone reaches t only with two people or fewer', (seats, bots) => {
		const people = seats - bots;
		expect(1 + bots >= thresholdFor(seats)).toBe(people <= 2);
	});
});
