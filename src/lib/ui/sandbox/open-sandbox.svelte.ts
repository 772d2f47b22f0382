/**
 * One open sandbox game as Svelte state: the game (record and timeline, kept raw: states are
 * immutable), playing through the engine, randomness stated or rolled, the automatic switches,
 * secret goals, and saving to the device after every change.
 */
import type { Action, CardId, GameState, LegalAction, PlayerAction, Result, RuleErrorCode, Seat } from '../../engine/index.js';
import { applyEntry, currentState, fixedEntry, openGame, seedEntry, settleAutomatic, type SandboxGame } from './play.js';
import { exportText, withSecret, type SandboxRecord, type SandboxSecret } from './record.js';
import type { SandboxStore } from './store.js';

export type SandboxResult = Result<object, RuleErrorCode>;

export interface OpenSandboxOptions {
	readonly store: SandboxStore;
	readonly randomBytes: (n: number) => Uint8Array;
	readonly now: () => number;
	/** The pass a seat may make by itself (the action panel's rule), or null. */
	readonly automaticPass: (legal: readonly LegalAction[]) => PlayerAction | null;
}

export class OpenSandbox {
	game = $state.raw<SandboxGame>(null as unknown as SandboxGame);
	/** Set when saving to the device failed (storage full or denied). */
	saveProblem = $state('');
	readonly #o: OpenSandboxOptions;

	constructor(record: SandboxRecord, options: OpenSandboxOptions) {
		this.#o = options;
		this.game = this.#settle(openGame(record));
	}

	get record(): SandboxRecord {
		return this.game.record;
	}
	get state(): GameState {
		return currentState(this.game);
	}

	/** A player's action (the action panel's `act`). */
	act = (action: PlayerAction): SandboxResult => this.#apply(action);

	/** The pending random request settled with stated cards and dice. */
	fix(cards: readonly CardId[], dice: readonly (readonly [number, number])[]): SandboxResult {
		return this.#apply(fixedEntry(cards, dice));
	}

	/** The pending random request settled from a fresh seed. */
	roll(): SandboxResult {
		return this.#apply(seedEntry(this.#o.randomBytes));
	}

	setAutoPass(on: boolean): void {
		this.#update({ ...this.game, record: { ...this.record, autoPass: on } });
	}

	setAutoRoll(on: boolean): void {
		this.#update({ ...this.game, record: { ...this.record, autoRoll: on } });
	}

	setSecret(seat: Seat, secret: SandboxSecret): void {
		this.#update({ ...this.game, record: withSecret(this.record, seat, secret) }, false);
	}

	exportText(): string {
		return exportText(this.record);
	}

	#apply(entry: Action): SandboxResult {
		const result = applyEntry(this.game, entry, this.#o.now());
		if (!result.ok) return result;
		this.#update(result.game);
		return { ok: true };
	}

	#settle(game: SandboxGame): SandboxGame {
		return settleAutomatic(game, { now: this.#o.now(), randomBytes: this.#o.randomBytes, automaticPass: this.#o.automaticPass });
	}

	#update(game: SandboxGame, settle = true): void {
		this.game = settle ? this.#settle(game) : game;
		void this.#save();
	}

	async #save(): Promise<void> {
		try {
			await this.#o.store.save(this.record);
			this.saveProblem = '';
		} catch (error) {
			this.saveProblem = error instanceof Error ? error.message : String(error);
		}
	}
}
