/**
 * Red team, issue 15: a bot's `join { bot: { level, by } }` is signed by the bot's fresh key; `by`
 * ("the seat of the player who seated it") must be proved by that seat's own signature (`auth`,
 * protocol/bot-claim.ts), or a seatless peer seats a "bot" in another player's name and plays it as
 * it likes while every lobby shows "bot, seated by <seat 0>". Every peer checks `auth` in replay.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROTOCOL_RULES, parseEntry } from '../../src/lib/protocol/entry.js';
import { botSeatAuth, type BotClaim } from '../../src/lib/protocol/bot-claim.js';
import type { PlayerDevice } from '../../src/lib/protocol/index.js';
import { gameIdFor, gameOptions, Network, playerDevice, type Peer } from '../protocol/v2/table.js';

/** A lobby: ann holds seat 0, bob seat 1; seat 2 is free; eve holds no seat. */
function lobby(label: string) {
	const net = new Network(gameIdFor(label));
	const [ann, bob] = ['ann', 'bob'].map((name) => net.peer(name, playerDevice(name))) as [Peer, Peer];
	const eve = net.peer('eve', playerDevice('eve'));
	net.post(ann.device!.entry(ann.replay, 'create', { options: gameOptions(3), rules: DEFAULT_PROTOCOL_RULES }));
	net.post(ann.device!.join(ann.replay, 0));
	net.post(bob.device!.join(bob.replay, 1));
	net.automatic();
	return { net, ann, bob, eve };
}

/** `bot` (its own device) claims seat 2 as a bot seated by seat 0, with `auth`. */
function botJoin(net: Network, from: Peer, bot: PlayerDevice, auth: string, seat = 2, by = 0): string {
	const claim: BotClaim = { level: 'easy', by, seeds: [], auth };
	return bot.entry(from.replay, 'join', { seat, box: bot.box(seat).publicKey, bot: claim });
}

const idOf = (entry: string) => (parseEntry(entry) as { id: string }).id;

describe('a bot seated in another player’s name', () => {
	it('a seatless peer cannot seat a bot in another player’s name (no auth at all: the join does not parse)', () => {
		const { net, ann, eve } = lobby('redteam-bot-by');
		const forged = eve.device!.entry(eve.replay, 'join', { seat: 2, box: eve.device!.box(2).publicKey, bot: { level: 'easy', by: 0, seeds: [] } } as never);
		net.post(forged);
		net.automatic();
		expect(parseEntry(forged).ok).toBe(false);
		expect(ann.replay.core.seats[2]).toBeNull();
	});

	it('a bot join whose auth the seatless author signed itself is refused on every peer, its author named', () => {
		const { net, ann, bob, eve } = lobby('redteam-bot-by-self-signed');
		const auth = botSeatAuth(eve.device!.identity.secretKey, net.game, eve.device!.key, 2, 'easy');
		const forged = botJoin(net, eve, eve.device!, auth);
		net.post(forged);
		net.automatic();
		for (const peer of [ann, bob, eve]) {
			expect(peer.replay.core.seats[2], peer.name).toBeNull();
			const refusal = peer.replay.rejections.find((r) => r.id === idOf(forged));
			expect(refusal, peer.name).toMatchObject({ code: 'BOT_NOT_AUTHORIZED', author: eve.device!.key });
			expect(refusal!.message).toContain(eve.device!.key);
		}
	});

	it('an auth the seat gave to another bot does not seat a copy under the forger’s key', () => {
		const { net, ann, eve } = lobby('redteam-bot-by-copied');
		const honestBot = playerDevice('ann-bot');
		const copied = botSeatAuth(ann.device!.identity.secretKey, net.game, honestBot.key, 2, 'easy');
		const forged = botJoin(net, eve, eve.device!, copied);
		net.post(forged);
		net.automatic();
		expect(ann.replay.rejections.find((r) => r.id === idOf(forged))?.code).toBe('BOT_NOT_AUTHORIZED');
		expect(ann.replay.core.seats[2]).toBeNull();
		// The same auth with another level, or for another seat, fails too: it covers (game, bot key, seat, level).
		const otherLevel = honestBot.entry(ann.replay, 'join', { seat: 2, box: honestBot.box(2).publicKey, bot: { level: 'hard', by: 0, seeds: [], auth: copied } });
		net.post(otherLevel);
		expect(ann.replay.rejections.find((r) => r.id === idOf(otherLevel))?.code).toBe('BOT_NOT_AUTHORIZED');
	});

	it('an auth naming a free seat, or the bot’s own seat, is refused', () => {
		const { net, ann, eve } = lobby('redteam-bot-by-free-seat');
		const own = botSeatAuth(eve.device!.identity.secretKey, net.game, eve.device!.key, 2, 'easy');
		const selfSeated = botJoin(net, eve, eve.device!, own, 2, 2);
		net.post(selfSeated);
		expect(ann.replay.rejections.find((r) => r.id === idOf(selfSeated))?.code).toBe('BOT_NOT_AUTHORIZED');
		expect(ann.replay.core.seats[2]).toBeNull();
	});

	it('the bot the seat holder did sign takes the seat on every peer', () => {
		const { net, ann, bob, eve } = lobby('redteam-bot-by-honest');
		const bot = playerDevice('ann-bot');
		const auth = botSeatAuth(ann.device!.identity.secretKey, net.game, bot.key, 2, 'easy');
		const join = botJoin(net, ann, bot, auth);
		net.post(join);
		for (const peer of [ann, bob, eve]) expect(peer.replay.core.seats[2]?.key, peer.name).toBe(bot.key);
		expect(ann.replay.rejections.some((r) => r.id === idOf(join))).toBe(false);
	});
});
