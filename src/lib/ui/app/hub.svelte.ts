/**
 * The app's games as Svelte state: the one open game (kept across page changes, so a player can
 * read the rules while the game stays connected) and the device's games list. The session layer
 * is loaded with import() on first use, so pages that only show the list's shell stay small.
 */
import { GameList, type GameRecord } from '../../session/game-list.js';
import { browserVault } from '../../session/vault.js';
import { t } from '../i18n/index.js';
import type { GameOptions, Seat } from '../../engine/types.js';
import type { ProtocolRules } from '../../session/for-ui.js';
import type { GameLink, ImportResult, Runtime } from '../../session/runtime.js';
import type { BotSeat } from '../../session/bots/driver.js';
import { LiveGame } from './live-game.svelte.js';
import { genesisPinFromInput, roomCodeFromInput } from './links.js';
import { StorageKeyValueStore } from '../../session/local-store.js';
import { settings } from './settings.svelte.js';

export type { ImportResult };

class Hub {
	/** The open game, if any. */
	current = $state.raw<LiveGame | null>(null);
	/** This device's games, most recently played first (null until first loaded). */
	records = $state.raw<readonly GameRecord[] | null>(null);
	#runtime: Promise<Runtime> | null = null;

	/** The session layer, loaded once. */
	runtime(): Promise<Runtime> {
		this.#runtime ??= import('../../session/runtime.js').then((m) => m.browserRuntime(() => settings.net));
		return this.#runtime;
	}

	/** Reads the games list (localStorage, no session layer needed; the first read seals plain seeds, session/vault.ts). */
	async refresh(): Promise<readonly GameRecord[]> {
		this.records = await new GameList(new StorageKeyValueStore(localStorage), browserVault()).list();
		return this.records;
	}

	#adopt(link: GameLink, runtime: Runtime): LiveGame {
		this.close();
		const live = new LiveGame(
			link,
			(session) => {
				if (!link.readOnly) void runtime.saveSeats(session).then(() => this.refresh());
			},
			// A joined game takes its creator's title (GameLink.title): My games shows it too.
			(title) =>
				void runtime.adoptTitle(link.id, title).then(async (changed) => {
					if (changed) await this.refresh();
				}),
		);
		live.setName(settings.name);
		this.current = live;
		return live;
	}

	/**
	 * Opens a stored game (the open one if it is that game); null if this device does not know it.
	 * An imported copy opens read-only and never goes online.
	 */
	async open(gameId: string): Promise<LiveGame | null> {
		if (this.current?.id === gameId) return this.current;
		const runtime = await this.runtime();
		const link = await runtime.resume(gameId);
		if (link === null) return null;
		const live = this.#adopt(link, runtime);
		// A game whose every seat is held here (hot seat) stays on this device unless asked.
		const local = live.state !== null && live.seats.length > 0 && live.mySeats.length === live.seats.length;
		if (!local && !live.readOnly) live.goOnline();
		return live;
	}

	/** Creates a game; returns its id. Online games connect at once. `rules`: countdown and equivocation. */
	async create(options: GameOptions, seats: readonly Seat[], title: string, online: boolean, rules?: ProtocolRules, bots: readonly BotSeat[] = []): Promise<string> {
		const runtime = await this.runtime();
		const live = this.#adopt(await runtime.create(options, seats, title, rules, bots), runtime);
		if (online) live.goOnline();
		void this.refresh();
		return live.id;
	}

	/** Joins a room by code (a game already known is just opened); returns the game id, or null for a bad code. */
	async join(input: string, title: (code: string) => string): Promise<string | null> {
		const runtime = await this.runtime();
		const code = roomCodeFromInput(input);
		if (code === null) return null;
		const id = runtime.gameIdOf(code);
		if ((await runtime.list.get(id)) !== null) return id;
		const live = this.#adopt(await runtime.join(code, title(code), genesisPinFromInput(input)), runtime);
		live.goOnline();
		void this.refresh();
		return id;
	}

	async exportFile(gameId: string): Promise<{ name: string; text: string } | null> {
		return (await this.runtime()).exportFile(gameId, this.#liveSession(gameId));
	}

	/** Imports a file as a read-only copy (the open game, even the file's own, is left as it is). */
	async importFile(text: string, size: number): Promise<ImportResult> {
		const result = await (await this.runtime()).importFile(text, size);
		await this.refresh();
		return result;
	}

	/** Forks a game after its accepted (signed) entry `index`, by default its last. */
	async fork(gameId: string, title: string, index?: number): Promise<string | null> {
		let id: string | null;
		try {
			id = await (await this.runtime()).fork(gameId, title, this.#liveSession(gameId), index);
		} catch (error) {
			// A secret-deck game after its first draw cannot be forked (protocol/v2/deck/fork.ts): said in the player's language.
			if ((error as { code?: unknown } | null)?.code === 'SECRET_DECK_FORK') throw new Error(t('deck-audit.fork.refused'));
			// After a seat was caught equivocating (protocol/fork.ts): a fork would not carry the penalty.
			if ((error as { code?: unknown } | null)?.code === 'EQUIVOCATION_FORK') throw new Error(t('history.forkEquivocation'));
			throw error;
		}
		await this.refresh();
		return id;
	}

	async remove(gameId: string): Promise<void> {
		if (this.current?.id === gameId) this.close();
		await (await this.runtime()).remove(gameId);
		await this.refresh();
	}

	/**
	 * Leaves a game joined by room code that no game answered: closed, and forgotten if nothing of
	 * it ever arrived (no phantom left in My games). True if it was forgotten.
	 */
	async leaveUnanswered(gameId: string): Promise<boolean> {
		const runtime = await this.runtime();
		const open = this.current?.id === gameId ? this.current : null;
		const empty = open === null ? null : open.state === null && open.session.game.log.length === 0;
		if (open !== null) this.close();
		const forgotten = await runtime.forgetIfEmpty(gameId, empty);
		await this.refresh();
		return forgotten;
	}

	/** Closes the open game (disconnects, stops persisting; the stored game stays). */
	close(): void {
		this.current?.destroy();
		this.current = null;
	}

	#liveSession(gameId: string) {
		return this.current?.id === gameId ? this.current.session : null;
	}
}

export const hub = new Hub();
