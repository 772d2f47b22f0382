/** Power structures and shared positions for the bots' named positions: groups hung arrow by arrow. */
import { type CardId, type GameState, type Placement, type Side } from '../../src/lib/engine/index.js';
import { arrowStatus, outSides, placementOn, withCard } from '../../src/lib/engine/structure.js';
import { play, scenario, type GroupSpec, type PlayerSpec } from '../helpers/scenario.js';

/** Hangs each group on the first open arrow of the last groups placed (the Illuminati's own arrows
 * last), so that the Illuminati keeps open arrows for captures. */
export function greedy(illuminati: CardId, cards: readonly CardId[]): GroupSpec[] {
	let structure: Readonly<Record<CardId, Placement>> = { [illuminati]: { master: null, side: 0, x: 0, y: 0, rot: 0, money: 0 } };
	const specs: GroupSpec[] = [];
	for (const card of cards) {
		const masters = [...Object.keys(structure).filter((m) => m !== illuminati).reverse(), illuminati];
		const master = masters.find((m) => (m === illuminati ? ([0, 1, 2, 3] as Side[]) : outSides(m)).some((s) => arrowStatus(structure, m, s) === 'open'));
		if (master === undefined) throw new Error(`no open arrow for ${card}`);
		const side = (master === illuminati ? ([0, 1, 2, 3] as Side[]) : outSides(master)).find((s) => arrowStatus(structure, master, s) === 'open')!;
		specs.push({ card, master, side });
		structure = withCard(structure, card, placementOn(structure, card, master, side, 0));
	}
	return specs;
}

export const player = (illuminati: CardId, groups: readonly CardId[], money = 20): PlayerSpec => ({ illuminati, money, groups: greedy(illuminati, groups) });

const nothing = { money: 0, specials: [], groups: [] };

/** The Discordian Society (seat 1, 5 Weird groups win, 40 MB) in its turn, holding three; the
 * Bavarian Illuminati hold the Tabloids (Weird), the fourth. */
export function discordianTurn(): GameState {
	return scenario({
		players: [
			{ illuminati: 'bavarian-illuminati', money: 10, groups: [{ card: 'mafia', side: 1 }, { card: 'tabloids', side: 2 }] },
			{ illuminati: 'discordian-society', money: 40, groups: [{ card: 'hackers', side: 1 }, { card: 'comic-books', side: 2 }, { card: 'trekkies', side: 3 }] },
			{ illuminati: 'gnomes-of-zurich', money: 10, groups: [{ card: 'loan-sharks', side: 1 }] },
			{ illuminati: 'network', money: 10, groups: [{ card: 'kgb', side: 1 }] },
		],
		turn: { seat: 1 },
	});
}

/** In that turn, the Discordian Society offers `price` MB for the Tabloids. */
export function tabloidsFor(price: number): GameState {
	return play(discordianTurn(), { type: 'offer', seat: 1, to: 0, give: { ...nothing, money: price }, take: { ...nothing, groups: ['tabloids'] }, private: true });
}

/** A table of four where the Gnomes of Zurich (seat 1, 40 MB, in their turn) offer `price` MB for
 * the Special `card` that seat 0 holds; seats 0, 2 and 3 as given (seat 1 is filled in). */
export function gnomesBuySpecial(seats: readonly [PlayerSpec, PlayerSpec, PlayerSpec], card: CardId, price: number): GameState {
	const state = scenario({ players: [seats[0], player('gnomes-of-zurich', ['loan-sharks'], 40), seats[1], seats[2]], turn: { seat: 1 } });
	return play(state, { type: 'offer', seat: 1, to: 0, give: { ...nothing, money: price }, take: { ...nothing, specials: [card] }, private: true });
}
