// Stalling in the app: the new-game form's table rules (countdown, equivocation), the stall
// panel's rows, and LiveGame reading who is awaited, the votes and the seats voted out from its
// session (two devices over linked Y.Docs, a fake clock; the other device stops playing).
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { defaultNetSettings } from '../../src/lib/net/settings.js';
import { createGameDoc } from '../../src/lib/net/doc.js';
import { GameSession, MemoryDocStore, type TableStanding } from '../../src/lib/session/index.js';
import { LiveGame } from '../../src/lib/ui/app/live-game.svelte.js';
import { defaultForm, planNewGame, type NewGameForm } from '../../src/lib/ui/app/new-game.js';
import { Runtime } from '../../src/lib/session/runtime.js';
import { clockText, stallRows } from '../../src/lib/ui/app/stall.js';
import { FakeClock } from '../session/fake-clock.js';
import { options, randomBytes, seedOf } from '../session/helpers.js';
import { memoryStorage } from './helpers/app-fakes.js';

const form = (patch: Partial<NewGameForm>): NewGameForm => ({ ...defaultForm(), ...patch });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the new-game form: table rules', () => {
	it('an online game counts down 60 s by default, and a cheater leaves', () => {
		expect(planNewGame(form({}), 'x')).toMatchObject({ ok: true, rules: { equivocation: 'forfeit', countdown: 60 } });
	});
	it('the countdown and the equivocation penalty are room options', () => {
		expect(planNewGame(form({ countdown: 5, equivocation: 'frozen' }), 'x')).toMatchObject({ ok: true, rules: { equivocation: 'frozen', countdown: 5 } });
		expect(planNewGame(form({ countdown: 0 }), 'x')).toMatchObject({ ok: true, rules: { countdown: 0 } });
	});
	it('hot seat has no countdown, whatever the field says', () => {
		expect(planNewGame(form({ mode: 'local', countdown: 60 }), 'x')).toMatchObject({ ok: true, rules: { countdown: 0 } });
	});
	it.each([-1, 3601, 1.5, null as unknown as number])('refuses a countdown of %s seconds', (countdown) => {
		expect(planNewGame(form({ countdown }), 'x')).toEqual({ ok: false, problem: 'countdown' });
	});
});

describe('stallRows', () => {
	const standing: TableStanding = { votes: new Map([[2, [0]]]), votedOut: [], cheaters: [], forfeit: null };
	const awaited = [
		{ seat: 1, for: 'turn' as const, since: 10_000 },
		{ seat: 2, for: 'share' as const, since: 40_000 }
	];
	it('time waited, time left before the automatic vote, and this device’s votes', () => {
		expect(stallRows({ awaited, countdown: 60, autoVote: true, standing, mySeats: [0], now: 55_500 })).toEqual([
			{ seat: 1, for: 'turn', since: 10_000, waited: 45, left: 15, voted: false, votes: 0 },
			{ seat: 2, for: 'share', since: 40_000, waited: 15, left: 45, voted: true, votes: 1 }
		]);
		expect(stallRows({ awaited, countdown: 60, autoVote: true, standing, mySeats: [0], now: 90_000 })[0]).toMatchObject({ left: 0, waited: 80 });
	});
	it('no time left is shown when this device votes nothing by itself (countdown 0, a spectator)', () => {
		expect(stallRows({ awaited, countdown: 0, autoVote: false, standing, mySeats: [0], now: 20_000 }).map((r) => r.left)).toEqual([null, null]);
		expect(stallRows({ awaited, countdown: 60, autoVote: false, standing, mySeats: [], now: 20_000 }).map((r) => r.left)).toEqual([null, null]);
	});
	it('clockText', () => {
		expect([clockText(0), clockText(5), clockText(65), clockText(3661)]).toEqual(['0:00', '0:05', '1:05', '1:01:01']);
	});
});

/** Forwards every update of one document to the other, until `cut()`. */
function link(a: Y.Doc, b: Y.Doc): { cut(): void } {
	let up = true;
	const forward = (to: Y.Doc) => (update: Uint8Array, origin: unknown) => {
		if (up && origin !== 'link') Y.applyUpdate(to, update, 'link');
	};
	const ab = forward(b);
	const ba = forward(a);
	a.on('update', ab);
	b.on('update', ba);
	Y.applyUpdate(b, Y.encodeStateAsUpdate(a), 'link');
	return { cut: () => (up = false) };
}

describe('LiveGame: who the table waits for', () => {
	it('shows the other device awaited with the countdown of the game, votes it absent when it runs out, and shows it voted out', async () => {
		const clock = new FakeClock();
		const runtime = new Runtime({ storage: memoryStorage(), persistence: new MemoryDocStore(), randomBytes, now: () => clock.now(), net: defaultNetSettings, clock });
		const live = new LiveGame(await runtime.create(options(2), [0], 'Two', { equivocation: 'frozen', countdown: 5 }));
		expect(live.tableRules).toEqual({ equivocation: 'frozen', countdown: 5 });
		expect(live.awaited, 'nobody is awaited in the lobby').toEqual([]);

		// Another device takes seat 1; every entry crosses at once. Then it stops playing.
		const other = new GameSession({ game: createGameDoc(live.session.gameId), roomCode: live.roomCode, seed: seedOf('stall-other'), randomBytes });
		const wire = link(live.session.game.doc, other.game.doc);
		expect(other.claim(1).ok).toBe(true);
		await settle();
		expect(live.lobby).toBe(false);
		// Seat 0 plays until the table waits for seat 1 only (a device also awaited votes nobody).
		for (let moves = 0; !(live.awaited.some((w) => w.seat === 1) && !live.mineAwaited) && moves < 200; moves++) {
			const mine = live.session.legal(0).find((l) => l.action.type !== 'leave' && l.action.type !== 'declareAbsent');
			expect(mine, 'seat 0 can move while seat 1 is not awaited').toBeDefined();
			live.session.act(0, mine!.action as never);
			await settle();
		}
		wire.cut();
		const wait = live.awaited.find((w) => w.seat === 1)!;
		expect(wait.since).toBe(clock.now());
		expect([live.canVote, live.autoVote]).toEqual([true, true]);

		clock.advance(4_000);
		await settle();
		expect(live.standing.votes.get(1) ?? []).toEqual([]);
		clock.advance(1_000);
		await settle();
		expect(live.standing.votes.get(1)).toEqual([0]);
		expect(live.standing.votedOut).toEqual([1]);
		expect(live.awaited.some((w) => w.seat === 1)).toBe(false);
		expect(live.voteAbsent(1)).toMatchObject({ ok: false, error: { code: 'NOT_AWAITED' } });
		live.destroy();
		other.destroy();
	});
});
