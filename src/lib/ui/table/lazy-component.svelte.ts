/**
 * A component loaded after the page runs (issue 16: the game page's JavaScript before it runs).
 * Loading starts when `lazyComponent` is called (best in a `<script module>`, once per page), and
 * `current` is the component once here: from then on it draws at once, with no pending step.
 * Use: `{#if x.current}<x.current {...props} />{/if}`.
 */
export interface LazyComponent<T> {
	readonly current: T | null;
	/** Resolves once the component is here. */
	readonly ready: Promise<T>;
}

export function lazyComponent<T>(load: () => Promise<{ default: T }>): LazyComponent<T> {
	let current = $state.raw<T | null>(null);
	const ready = load().then((module) => (current = module.default));
	return {
		get current() {
			return current;
		},
		ready,
	};
}
