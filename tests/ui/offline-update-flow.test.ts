import { describe, expect, it, vi } from 'vitest';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { UpdateFlow } from '../../src/lib/ui/offline/update-flow.svelte.js';

/** A stand-in for virtual:pwa-register's registerSW: keeps the callbacks, counts skip-waiting requests. */
function fakeRegister() {
	const calls = { options: null as RegisterSWOptions | null, skipWaiting: 0 };
	const register = (options: RegisterSWOptions) => {
		calls.options = options;
		return async () => {
			calls.skipWaiting++;
		};
	};
	return { register, calls };
}

describe('app updates wait for the player', () => {
	it('a waiting version shows the notice and is not applied until Update is pressed', async () => {
		const reload = vi.fn();
		const flow = new UpdateFlow(reload);
		const { register, calls } = fakeRegister();
		flow.start(register);
		expect(flow.visible).toBe(false);

		calls.options!.onNeedRefresh!();
		expect(flow.stage).toBe('ready');
		expect(flow.visible).toBe(true);
		expect(calls.skipWaiting).toBe(0);
		expect(reload).not.toHaveBeenCalled();

		await flow.apply();
		expect(flow.stage).toBe('updating');
		expect(calls.skipWaiting).toBe(1);
		// The new version took over: this tab asked for it, so it reloads now.
		calls.options!.onNeedReload!();
		expect(reload).toHaveBeenCalledTimes(1);
	});

	it('Later hides the notice and applies nothing', () => {
		const reload = vi.fn();
		const flow = new UpdateFlow(reload);
		const { register, calls } = fakeRegister();
		flow.start(register);
		calls.options!.onNeedRefresh!();
		flow.later();
		expect(flow.visible).toBe(false);
		expect(flow.stage).toBe('ready');
		expect(calls.skipWaiting).toBe(0);
		expect(reload).not.toHaveBeenCalled();
	});

	it('an update applied from another tab never reloads this one: the page is marked stale and offers a reload', () => {
		const reload = vi.fn();
		const flow = new UpdateFlow(reload);
		const { register, calls } = fakeRegister();
		flow.start(register);
		calls.options!.onNeedRefresh!();
		flow.later();
		calls.options!.onNeedReload!();
		expect(reload).not.toHaveBeenCalled();
		expect(flow.stage).toBe('stale');
		expect(flow.visible).toBe(true);
		flow.reloadNow();
		expect(reload).toHaveBeenCalledTimes(1);
	});

	it('Update does nothing when no version is waiting', async () => {
		const flow = new UpdateFlow(vi.fn());
		const { register, calls } = fakeRegister();
		flow.start(register);
		await flow.apply();
		expect(calls.skipWaiting).toBe(0);
		expect(flow.stage).toBe('none');
	});

	it('the first install only says the app works offline (no notice)', () => {
		const flow = new UpdateFlow(vi.fn());
		const { register, calls } = fakeRegister();
		flow.start(register);
		calls.options!.onOfflineReady!();
		expect(flow.offlineReady).toBe(true);
		expect(flow.visible).toBe(false);
	});

	it('checks for a new version on a timer while online, and stops when asked', () => {
		vi.useFakeTimers();
		vi.stubGlobal('navigator', { onLine: true });
		try {
			const flow = new UpdateFlow(vi.fn());
			const { register, calls } = fakeRegister();
			const stop = flow.start(register, 1000);
			const update = vi.fn(async () => undefined);
			calls.options!.onRegisteredSW!('/sw.js', { update } as unknown as ServiceWorkerRegistration);
			vi.advanceTimersByTime(3500);
			expect(update).toHaveBeenCalledTimes(3);
			stop();
			vi.advanceTimersByTime(5000);
			expect(update).toHaveBeenCalledTimes(3);
		} finally {
			vi.unstubAllGlobals();
			vi.useRealTimers();
		}
	});
});
