/**
 * Card names in French: the classic deck's from the shared data set where it has one
 * (engine/cards/data/names-fr.ts, generated), the French add-on's illuminated groups as its article
 * names them, and the Hidden Illuminati stand-ins. A card without a French name is called by its
 * English one.
 *
 * Loaded with the French messages (i18n/index.ts: the game's scripts carry them only in French);
 * the card list's search (filter.ts) imports them in every language.
 */
import { FRENCH_NAMES as CLASSIC } from '../../engine/cards/data/names-fr.js';
import { FACE_DOWN_ILLUMINATI } from '../../engine/cards/face-down.js';
import type { CardId } from '../../engine/cards/index.js';

const ILLUMINATED: Readonly<Record<CardId, string>> = {
	'illuminated-mafia': 'La Mafia Illuminée',
	'illuminated-phone-company': 'Les Compagnies du Téléphone Illuminées',
	'illuminated-oil-companies': 'La Multinationale des Pétroles Illuminée',
	'illuminated-post-office': 'La Poste Illuminée',
	'illuminated-communist-conspiracy': 'La Conspiration Communiste Internationale Illuminée',
};

export const FRENCH_NAMES: Readonly<Record<CardId, { readonly name: string }>> = Object.fromEntries(
	[...Object.entries(CLASSIC), ...Object.entries(ILLUMINATED), ...FACE_DOWN_ILLUMINATI.map((card, seat) => [card.id, `Illuminati dissimulés ${seat + 1}`] as const)].map(([id, name]) => [id, { name }]),
);

export default FRENCH_NAMES;
