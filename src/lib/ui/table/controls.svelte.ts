/**
 * What the table's cards share: which cards may be selected or are highlighted (set by the attack
 * flow and other callers), and which card's full data is shown. A card shows its data while it is
 * hovered or focused, and stays shown after a tap or click until closed (Escape or the close button).
 */
import { getContext, setContext } from 'svelte';
import type { CardId } from '$lib/engine/index.js';

/** The id of the one details panel, for the shown card's aria-describedby. */
export const DETAILS_ID = 'fnord-card-details';

export interface TableOptions {
	readonly selectable: () => ReadonlySet<CardId> | undefined;
	readonly highlight: () => ReadonlySet<CardId> | undefined;
	readonly onSelect: () => ((card: CardId) => void) | undefined;
}

export class TableControls {
	hovered: CardId | null = $state(null);
	focused: CardId | null = $state(null);
	pinned: CardId | null = $state(null);
	readonly #options: TableOptions;
	/** The element last hovered, focused or pressed for each card: where its details are placed. */
	readonly #elements = new Map<CardId, HTMLElement>();

	constructor(options: TableOptions) {
		this.#options = options;
	}

	/** The card whose full data is shown. */
	get shown(): CardId | null {
		return this.hovered ?? this.focused ?? this.pinned;
	}

	get selectable(): ReadonlySet<CardId> | undefined {
		return this.#options.selectable();
	}

	get highlight(): ReadonlySet<CardId> | undefined {
		return this.#options.highlight();
	}

	/** A click or tap: selects a selectable card, else pins (or unpins) its details. */
	press(card: CardId): void {
		const onSelect = this.#options.onSelect();
		if (onSelect !== undefined && this.selectable?.has(card)) {
			onSelect(card);
			return;
		}
		this.pinned = this.pinned === card ? null : card;
	}

	/** Remembers the element a card is drawn as (its details are placed next to it). */
	remember(card: CardId, element: HTMLElement): void {
		this.#elements.set(card, element);
	}

	/** The element of `card` last hovered, focused or pressed, if it is still on the page. */
	elementOf(card: CardId): HTMLElement | null {
		const element = this.#elements.get(card);
		return element?.isConnected ? element : null;
	}

	close(): void {
		this.pinned = null;
		this.hovered = null;
		this.focused = null;
	}
}

const KEY = Symbol('fnord-table-controls');

export function provideTableControls(controls: TableControls): void {
	setContext(KEY, controls);
}

export function tableControls(): TableControls {
	const controls = getContext<TableControls | undefined>(KEY);
	if (controls === undefined) throw new Error('a table card is drawn outside a Table');
	return controls;
}
