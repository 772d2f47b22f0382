/**
 * Texts loaded once the page runs, not before it (issue 16: the game page's first scripts): a
 * module whose `current` is null until it is here (asking for it starts the loading), and markup
 * that read it draws again when it arrives (Svelte state). Card texts (ui/cards/later.svelte.ts)
 * and refusals' words (ui/errors/later.svelte.ts) come so.
 */
export interface LaterModule<T> {
	/** The module once loaded; null (and the loading started) before. */
	readonly current: T | null;
	/** Starts loading the module (once); resolves when it is here. */
	load(): Promise<void>;
}

export function laterModule<T>(load: () => Promise<T>): LaterModule<T> {
	let current = $state.raw<T | null>(null);
	let loading: Promise<void> | null = null;
	const start = (): Promise<void> =>
		(loading ??= load().then((module) => {
			current = module;
		}));
	return {
		get current() {
			if (current === null) void start();
			return current;
		},
		load: start,
	};
}
