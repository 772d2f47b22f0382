// LiveGame: the Svelte state of one open game follows its session and its transport.
import { describe, expect, it, vi } from 'vitest';
import { LiveGame } from '../../src/lib/ui/app/live-game.svelte.js';
import { options } from '../session/helpers.js';
import { makeRuntime, type FakeTransport } from './helpers/app-fakes.js';

/** Lets LiveGame's coalesced read (one microtask) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('LiveGame', () => {
	it('follows claims: the lobby closes once every seat is claimed, and the games list is told', async () => {
		const { runtime } = makeRuntime();
		const onSeats = vi.fn();
		const live = new LiveGame(await runtime.create(options(3), [0], 'Three'), onSeats);
		expect([live.lobby, live.mySeats, live.rows.map((r) => r.key === null)]).toEqual([true, [0], [false, true, true]]);
		expect(live.claim(1)).toEqual({ ok: true });
		expect(live.claim(1)).toMatchObject({ ok: false, error: { code: 'SEAT_TAKEN' } });
		expect(onSeats).toHaveBeenCalledTimes(1);
		expect(live.lobby).toBe(true);
		live.claim(2);
		await settle();
		expect([live.lobby, live.mySeats]).toEqual([false, [0, 1, 2]]);
		// Every seat is here, so the reveals ran: the state and its hash are the session's.
		expect(live.state).toBe(live.session.state);
		expect(live.stateHash).toBe(live.session.stateHash);
		expect(live.accepted).toBeGreaterThan(4);
		expect(live.rejections).toEqual([]);
		live.destroy();
	});

	it('shows the transport: local, then searching, then connected once a data channel is open', async () => {
		const { runtime, made } = makeRuntime();
		const live = new LiveGame(await runtime.create(options(2), [0], 'Two'));
		expect([live.status, live.progress.stage]).toEqual(['local', 'local']);
		live.goOnline();
		expect([live.status, live.progress.stage, live.dataChannel]).toEqual(['searching', 'searching', false]);
		const transport = made[0] as FakeTransport;
		// y-webrtc says nothing when a channel opens: the next change (here presence) reads it.
		transport.links = [{ id: 'peer', via: 'webrtc', connected: true }];
		live.setName('Alice');
		expect([live.status, live.progress.stage, live.dataChannel, live.linkCounts]).toEqual(['connected', 'ready', true, { webrtc: 1, browser: 0 }]);
		expect(live.presence).toMatchObject([{ name: 'Alice', self: true }]);
		live.goOffline();
		expect(live.progress.stage).toBe('offline');
		live.destroy();
		expect(transport.status).toBe('destroyed');
	});

	it('one local move: the session refreshes once and the page reads the game once', async () => {
		const { runtime } = makeRuntime();
		const live = new LiveGame(await runtime.create(options(2), [0, 1], 'Hot seat'));
		await settle();
		const session = live.session;
		const legal = [0, 1].flatMap((seat) => session.legal(seat).map((l) => ({ seat, action: l.action }))).find((m) => m.action.type === 'passWindow' || m.action.type === 'endTurn');
		expect(legal, 'a plain move is open').toBeDefined();
		const notices = vi.fn();
		const off = session.subscribe(notices);
		const read = vi.spyOn(live, 'read');
		expect(live.act(legal!.seat, legal!.action).ok).toBe(true);
		await settle();
		expect(notices, 'one refresh of the session').toHaveBeenCalledTimes(1);
		expect(read, 'one read by the page').toHaveBeenCalledTimes(1);
		expect(live.state).toBe(session.state);
		off();
		live.destroy();
	});
});
