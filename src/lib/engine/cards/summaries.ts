/**
 * Our own English summary of every card: what its ability or effect does, and an Illuminati's goal.
 * The classic deck's come from the generator (data/summaries.ts); the French add-on's illuminated
 * groups (illuminated.ts) and the Hidden Illuminati stand-ins (face-down.ts) have theirs below.
 *
 * Kept apart from the cards (index.ts does not import this): no game code reads them, and the
 * players' texts are the UI's, in each language (ui/cards/abilities.ts). A reference for docs and
 * tools; it costs the game's scripts nothing (issue 16).
 */
import { CLASSIC_SUMMARIES } from './data/summaries.js';
import { FACE_DOWN_ILLUMINATI } from './face-down.js';
import type { CardId } from './types.js';

export interface CardSummary {
	/** What the card does ('' for a group without ability). */
	readonly summary: string;
	/** An Illuminati card's goal. */
	readonly goal?: string;
}

const ILLUMINATED_SUMMARIES: Readonly<Record<CardId, CardSummary>> = {
	'illuminated-mafia': {
		summary: '+3 when the Illuminati card itself tries to control a Criminal group.',
		goal: 'Control 5 Criminal or Government groups; a group that is both counts twice.'
	},
	'illuminated-phone-company': { summary: "May look at any player's Special cards whenever it likes.", goal: 'Control 4 Straight groups.' },
	'illuminated-oil-companies': {
		summary: 'Each of its groups printed with no income collects 1 MB.',
		goal: 'Destroy the I.R.S. with an attack of its own power structure.'
	},
	'illuminated-post-office': {
		summary: 'At the end of its turn, may name another player, who loses their next turn; never the same player twice running.',
		goal: 'If a player has the Illuminated Phone Company: see it eliminated. Otherwise: control or destroy The Phone Company, Hollywood and Madison Avenue.'
	},
	'illuminated-communist-conspiracy': {
		summary: '+3 on any attempt to control a Communist group.',
		goal: 'Control 7 Liberal or Communist groups; a group that is both counts twice.'
	}
};

const FACE_DOWN_SUMMARY: CardSummary = {
	summary: 'Face down: it plays with the Power and Income its player states.',
	goal: 'Face down: its goal is hidden.'
};

const SUMMARIES: Readonly<Record<CardId, CardSummary>> = {
	...CLASSIC_SUMMARIES,
	...ILLUMINATED_SUMMARIES,
	...Object.fromEntries(FACE_DOWN_ILLUMINATI.map((c) => [c.id, FACE_DOWN_SUMMARY]))
};

/** The card's summary, or undefined for an unknown id. */
export function cardSummary(id: CardId): CardSummary | undefined {
	return Object.hasOwn(SUMMARIES, id) ? SUMMARIES[id] : undefined;
}
