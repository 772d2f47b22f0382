// Hidden Illuminati with the secret deal (rule option hiddenIlluminati in a secret-deck game;
// engine/hidden-illuminati.ts): the public state, which every peer computes, cannot name a seat's
// face-down Illuminati. It holds one of these stand-ins instead, one per seat, until the seat shows
// its card (with proof). A stand-in has no Power, Income, ability or goal of its own: it attacks,
// aids and collects with what its player stated (accusation.ts), and must be shown to use an
// ability or win by a special goal. Not part of the classic 106 cards (ALL_CARDS) nor of the
// illuminated groups; indexes follow those (111 to 118).

import type { CardId, IlluminatiCard } from './types.js';

/** At most eight seats. */
const SEATS = 8;

export const FACE_DOWN_ILLUMINATI: readonly IlluminatiCard[] = Array.from({ length: SEATS }, (_, seat) => ({
	id: `face-down-illuminati-${seat + 1}`,
	index: 111 + seat,
	kind: 'illuminati',
	name: `Face-down Illuminati ${seat + 1}`,
	power: 0,
	transferable: 0,
	income: 0,
	arrows: { out: [0, 1, 2, 3] },
	abilities: [],
	// No goal can be met face down: a seat shows its card to win by its special goal.
	goal: { kind: 'destroyCount', count: Number.MAX_SAFE_INTEGER },
}));

/** The stand-in for `seat`'s face-down Illuminati. */
export const faceDownId = (seat: number): CardId => `face-down-illuminati-${seat + 1}`;

export function isFaceDownIlluminati(id: CardId): boolean {
	return /^face-down-illuminati-[1-8]$/.test(id);
}
