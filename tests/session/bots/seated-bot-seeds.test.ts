// A computer player seated at an online secret-deck table owes its shuffle seed at the game's end
// like anyone (issue 13; docs/deck.md, "The audit"). Its driving device gone, a player holding a
// box of its seed takes it over; the game then ends. The driver must not drop the bot at the end
// before it revealed its seed: the audit would wait for it and the table would name the bot
// SEED_WITHHELD (a cheater) although a present device holds its keys. Here the keys are handed
// over: the present holder keeps the bot until its seed is in; only the human who left is named.
import { describe, expect, it } from 'vitest';
import { SimNetwork } from '../../../src/lib/dev/sim.js';
import type { Seat } from '../../../src/lib/engine/index.js';
import type { GameReplayer } from '../../../src/lib/protocol/index.js';
import { GameSession, gameIdOf } from '../../../src/lib/session/index.js';
import { SeatedBots } from '../../../src/lib/session/bots/seated.js';
import { localThinker } from '../../../src/lib/session/bots/thinker.js';
import { FakeClock } from '../fake-clock.js';
import { options, randomBytesFor, seedOf } from '../helpers.js';

const instant = () => Promise.resolve();
const HURRY = ['passWindow', 'passSpending', 'declineClaim', 'endActions', 'endTurn', 'passTurn'];
const SECOND = 1000;

describe('a seated bot at the end of a secret-deck game', { timeout: 180_000 }, () => {
	it('its driver gone, the present holder of its seed takes it over and reveals its seed: only the human who left is named SEED_WITHHELD', async () => {
		const roomCode = 'BOTSEEDS'.padEnd(25, 'X');
		const sim = new SimNetwork({ peers: 2, seed: 31, gameId: gameIdOf(roomCode), maxDelay: 1, duplicateRate: 0 });
		const clock = new FakeClock();
		const [a, b] = sim.peers.map((peer, i) => new GameSession({ game: peer.game, roomCode, seed: seedOf(`bot-seeds-${i}`), randomBytes: randomBytesFor(`bot-seeds-${i}`), clock })) as [GameSession, GameSession];
		const flush = () => sim.flushAll();
		a.start({ ...options(3), secretDeck: true }, { equivocation: 'forfeit', countdown: 30 });
		flush();
		expect(a.claim(0).ok).toBe(true);
		flush();
		expect(b.claim(1).ok).toBe(true);
		flush();
		const present = new Set([a.key, b.key]);
		const make = (session: GameSession, name: string) => new SeatedBots(session, { thinker: localThinker(null), random: randomBytesFor(`bots-${name}`), present: () => present, timeBudgetMs: null, wait: instant, clock });
		const botsA = make(a, 'a');
		const botsB = make(b, 'b');
		expect(botsB.seat(2, 'easy').ok).toBe(true);
		flush();
		const deck = () => (a.replayer as GameReplayer).core.deck;

		// The humans hurry; the bot's driver plays it; until a card is drawn from the secret deck.
		const sessions = [a, b];
		const play = async (until: () => boolean, seats: readonly Seat[]) => {
			for (let k = 0; k < 3000 && !until(); k++) {
				for (const d of [...botsA.drivers, ...botsB.drivers]) await d.idle();
				flush();
				let moved = false;
				for (const seat of seats) {
					if (until()) return;
					const session = sessions[seat]!;
					const action = session.legal(seat).find((o) => HURRY.includes(o.action.type))?.action;
					if (action && session.act(seat, action).ok) moved = true;
					flush();
				}
				if (!moved) {
					clock.advance(SECOND, flush);
					await new Promise((resolve) => setTimeout(resolve, 0));
				}
			}
		};
		await play(() => (a.state!.drawn ?? 0) >= 1 && deck()?.final != null, [0, 1]);
		expect(deck()?.steps.some((s) => s.seat === 2 && s.deck !== null), 'the bot shuffled').toBe(true);

		// B leaves the game and its device goes: A opens its box of the bot's seed and drives the bot.
		const leave = (session: GameSession, seat: Seat) => {
			const action = session.legal(seat).find((l) => l.action.type === 'leave')?.action;
			if (action !== undefined) expect(session.act(seat, action as never).ok).toBe(true);
			flush();
		};
		leave(b, 1);
		botsB.destroy();
		b.destroy();
		sim.disconnect(1);
		present.delete(b.key);
		botsA.update();
		// A's takeover claim drives once it has settled (session/bots/drive-claims.ts).
		clock.advance(2 * SECOND, flush);
		expect(botsA.bots[0]!.driving).toBe(true);
		// On its own turn A leaves too: the bot is the last player standing and the game is over.
		const mayLeave = () => a.state!.turn?.seat === 0 && a.state!.random === null && a.legal(0).some((l) => l.action.type === 'leave');
		await play(mayLeave, [0]);
		leave(a, 0);
		await play(() => a.state!.phase.kind === 'over', []);
		expect(a.state!.phase.kind).toBe('over');

		// The countdown runs out: the table names B, whose device is gone, and never the bot.
		for (let s = 0; s < 60 && deck()!.audit === null; s++) {
			for (const d of botsA.drivers) await d.idle();
			clock.advance(SECOND, flush);
			await new Promise((resolve) => setTimeout(resolve, 0));
		}
		expect(deck()!.seeds.has(2), 'the bot revealed its seed from A').toBe(true);
		expect(deck()!.faults.map((f) => [f.seat, f.code])).toEqual([[1, 'SEED_WITHHELD']]);
		expect(deck()!.audit).not.toBeNull();
		expect(a.stall.standing.cheaters).toEqual([1]);
		botsA.destroy();
		a.destroy();
	});
});
