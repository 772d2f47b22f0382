/**
 * The app update as Svelte state, over vite-plugin-pwa's registerSW in 'prompt' mode: a new
 * version installs in the background and waits; it takes over only when the player presses
 * Update in this tab (then this page reloads). Nothing here ever reloads a page on its own: if
 * another tab applied the update, this page is told it is out of date and offers a reload.
 */
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';

export type RegisterSW = (options: RegisterSWOptions) => (reloadPage?: boolean) => Promise<void>;

export type UpdateStage =
	/** Nothing to say (also: no service worker on this origin). */
	| 'none'
	/** A new version is installed and waits for the player. */
	| 'ready'
	/** The player pressed Update: the new version is taking over, then this page reloads. */
	| 'updating'
	/** Another tab applied an update: this page still runs the previous version. */
	| 'stale';

export class UpdateFlow {
	stage = $state<UpdateStage>('none');
	/** The player chose Later: the notice hides until the next page load. */
	dismissed = $state(false);
	/** The first version was stored: the app now works offline. */
	offlineReady = $state(false);
	#update: ((reloadPage?: boolean) => Promise<void>) | null = null;
	#consented = false;
	readonly #reload: () => void;

	constructor(reload: () => void = () => location.reload()) {
		this.#reload = reload;
	}

	/**
	 * Registers the service worker with `register` (virtual:pwa-register's registerSW) and asks the
	 * server for a new version every `checkEveryMs` while online (a game can keep a page open for
	 * hours). Returns the function that stops the checks.
	 */
	start(register: RegisterSW, checkEveryMs = 60 * 60 * 1000): () => void {
		let timer: ReturnType<typeof setInterval> | null = null;
		let stopped = false;
		this.#update = register({
			onNeedRefresh: () => {
				if (this.stage === 'none') this.stage = 'ready';
			},
			onOfflineReady: () => {
				this.offlineReady = true;
			},
			// The new version controls this page now. Reload only if the player asked for it here.
			onNeedReload: () => {
				if (this.#consented) this.#reload();
				else {
					this.stage = 'stale';
					this.dismissed = false;
				}
			},
			onRegisteredSW: (_url, registration) => {
				if (!registration || stopped) return;
				timer = setInterval(() => {
					if (navigator.onLine) registration.update().catch(() => undefined);
				}, checkEveryMs);
			},
			onRegisterError: () => {
				// No offline use on this load; the app itself works as before.
			}
		});
		return () => {
			stopped = true;
			if (timer !== null) clearInterval(timer);
		};
	}

	/** The player agreed: the waiting version takes over, and this page reloads when it has. */
	async apply(): Promise<void> {
		if (this.stage !== 'ready' || this.#update === null) return;
		this.#consented = true;
		this.stage = 'updating';
		await this.#update(true);
	}

	/** Reloads a page left on the previous version (stale), at the player's request. */
	reloadNow(): void {
		this.#reload();
	}

	later(): void {
		this.dismissed = true;
	}

	/** Whether the notice shows. */
	get visible(): boolean {
		return this.stage !== 'none' && !this.dismissed;
	}
}
