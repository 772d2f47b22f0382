/**
 * What every sentence builder needs: the states before and after the entry, the language, whose
 * eyes the log is for (Specials in a hand are named only to their holder), and helpers that turn
 * seats and cards into message parameters.
 */
import { ownerOf, type CardId, type GameState, type Seat } from '../../engine/index.js';
import { translate, type Locale, type Params } from '../i18n/index.js';
import { cardParams, contractFrench, contractSpanish, joinList, playerParams, tidyStops } from './names.js';

export interface DescribeOptions {
	/** The seat reading the log: its own hidden cards are named. Omit for a public log. */
	readonly viewer?: Seat | null;
}

export class Words {
	constructor(
		readonly before: GameState,
		readonly after: GameState,
		readonly locale: Locale,
		readonly viewer: Seat | null,
	) {}

	/** A words.* message, with double full stops and French articles tidied. */
	say(key: string, params: Params = {}): string {
		const text = tidyStops(translate(this.locale, `words.${key}`, params));
		return this.locale === 'fr' ? contractFrench(text) : this.locale === 'es' ? contractSpanish(text) : text;
	}

	/** A common.* message (alignments, sides) in this language. */
	common(key: string): string {
		return translate(this.locale, `common.${key}`);
	}

	/** A player as `{key}` and `{keyN}` (grammatical number). */
	player(key: string, seat: Seat): Record<string, string> {
		const known = this.before.players[seat]?.illuminati != null ? this.before : this.after;
		return playerParams(key, known, seat, this.locale);
	}

	/** A card as `{key}` and `{keyN}`. */
	card(key: string, id: CardId): Record<string, string> {
		return cardParams(key, id, this.locale);
	}

	cardName(id: CardId): string {
		return this.card('c', id).c!;
	}

	/** A group with its controller in brackets when someone controls it (before the entry). */
	group(key: string, id: CardId): Record<string, string> {
		const params = this.card(key, id);
		const owner = ownerOf(this.before, id) ?? ownerOf(this.after, id);
		if (owner === null || this.before.players[owner]?.illuminati === id) return params;
		return { ...params, [key]: `${params[key]} (${this.player('o', owner).o})` };
	}

	list(items: readonly string[]): string {
		return items.length === 0 ? this.say('nothing') : joinList(items, this.locale);
	}

	cardList(ids: readonly CardId[]): string {
		return this.list(ids.map((id) => this.cardName(id)));
	}

	/** Specials of `holder`: named for the holder (and `alsoShownTo`), else only counted. */
	specials(ids: readonly CardId[], holder: Seat, alsoShownTo: Seat | null = null): string {
		if (this.viewer !== null && (this.viewer === holder || this.viewer === alsoShownTo)) return this.cardList(ids);
		return this.say('specials.hidden', { count: ids.length });
	}

	/** Two dice as "5 (2 + 3)". */
	roll(dice: readonly [number, number]): string {
		return this.say('dice', { total: dice[0] + dice[1], a: dice[0], b: dice[1] });
	}
}
