/**
 * A maker's last look (docs/protocol.md, threat table), the steps the tests share: a three-device
 * secret-deck table played until a seat holds hidden Specials its device knows and the seat before
 * it may offer it money; the maker's offer of 1 MB for a Special of the receiver's choice (sealed
 * or not); and the maker's hand-made withdrawal naming only its offer, signed after it has read
 * the pick: keyed one past the offer, it is placed before the acceptance.
 */
import { offerDigest, seatsToAct, type CardId, type GameState, type Offer, type OfferAction, type Seat } from '../../src/lib/engine/index.js';
import type { SimNetwork } from '../../src/lib/dev/sim.js';
import { entryId, signEntry, type Entry } from '../../src/lib/protocol/entry.js';
import { gameIdentity } from '../../src/lib/session/keys.js';
import { gameIdOf, type GameSession } from '../../src/lib/session/index.js';
import { OfferSeals } from '../../src/lib/session/offer-seals.js';
import { randomBytesFor, seedOf } from '../session/helpers.js';
import { playSecretDeckUntil, secretDeckTable } from '../session/secret-deck-table.js';

export interface LastLookTable {
	readonly sim: SimNetwork;
	readonly sessions: GameSession[];
	readonly gameId: string;
	readonly label: string;
	readonly seed: number;
	/** The receiver, the maker, and the receiver's hidden Specials its device knows (at least `hidden`). */
	readonly to: Seat;
	readonly maker: Seat;
	readonly cards: readonly CardId[];
}

const money = (state: GameState, seat: Seat) => state.players[seat]!.structure[state.players[seat]!.illuminati!]?.money ?? 0;

/** The table, played at random (`pass`: passing, playSecretDeckUntil) until a seat holds `hidden`
 * hidden Specials its device knows (1 by default) and the seat before it may offer and has money;
 * with `idle`, the receiver is not waited for (a bot there only answers offers) and the third seat
 * may offer too. */
export function lastLookTable(p: { room: string; label: string; seed: number; hidden?: number; idle?: boolean; pass?: boolean }): LastLookTable {
	const { sim, sessions } = secretDeckTable({ room: p.room, label: p.label, seed: p.seed, peers: 3, maxDelay: 1 });
	const found = playSecretDeckUntil({ sim, sessions, label: p.label, seed: p.seed, pass: p.pass }, (): Pick<LastLookTable, 'to' | 'maker' | 'cards'> | undefined => {
		for (let to = 0 as Seat; to < 3; to++) {
			const state = sessions[to]!.state!;
			if (state.phase.kind !== 'turn' || state.random !== null || state.chain !== null) continue;
			const maker = ((to + 2) % 3) as Seat;
			if (money(state, maker) < 1 || !sessions[maker]!.legal(maker).some((legal) => legal.action.type === 'offer')) continue;
			const third = ((to + 1) % 3) as Seat;
			if (p.idle === true && (seatsToAct(state).includes(to) || money(state, third) < 1 || !sessions[third]!.legal(third).some((legal) => legal.action.type === 'offer'))) continue;
			const cards = (state.players[to]!.hidden ?? []).flatMap((position) => sessions[to]!.knowledge(to)[position] ?? []);
			if (cards.length >= (p.hidden ?? 1)) return { to, maker, cards };
		}
		return undefined;
	});
	return { sim, sessions, gameId: gameIdOf(p.room + String(p.seed).padStart(6, '0')), label: p.label, seed: p.seed, ...found };
}

const NONE = { money: 0, specials: [], groups: [] };

/** `from`'s offer to `to` of 1 MB for one Special of `to`'s choice, sealed to the two when `sealed`. */
export function anySpecialOffer(table: LastLookTable, from: Seat, to: Seat, sealed: boolean): OfferAction {
	const plain: OfferAction = { type: 'offer', seat: from, to, give: { ...NONE, money: 1 }, take: { ...NONE, anySpecials: 1 }, private: sealed };
	return sealed ? new OfferSeals(table.sessions[from]!, randomBytesFor(`${table.label}-seal-${table.sessions[from]!.accepted}`)).seal(plain) : plain;
}

/** The maker's key pair in the game (its device's seed). */
export function makerIdentity(table: LastLookTable) {
	return gameIdentity(seedOf(`${table.label}-${table.seed}-${table.maker}`), table.gameId);
}

/** The maker's entries in its device's log. */
export function makerEntries(table: LastLookTable): Entry[] {
	const me = makerIdentity(table);
	return table.sim.log(table.maker).map((text) => JSON.parse(text) as Entry).filter((e) => e.author === me.publicKey);
}

/** The maker's latest offer entry to the receiver. */
export function makerOfferEntry(table: LastLookTable): Entry {
	const body = (e: Entry) => e.body as { type?: string; to?: number };
	return makerEntries(table).findLast((e) => e.kind === 'action' && body(e).type === 'offer' && body(e).to === table.to)!;
}

/** The maker's withdrawal of `open`, signed by hand after its offer entry (`last`) with that
 * entry's deps, and sent (its own device replays it too, so its next entries follow it): every
 * peer places it before an acceptance made since. Its entry. */
export function backDatedWithdrawal(table: LastLookTable, open: Offer, offerEntry: Entry): Entry {
	const body = { type: 'withdrawOffer', seat: table.maker, offer: open.id, digest: offerDigest(open) } as const;
	const text = signEntry(makerIdentity(table), { game: table.gameId, kind: 'action', body, last: entryId(offerEntry), deps: offerEntry.deps });
	table.sessions[table.maker]!.append(text);
	table.sim.flushAll();
	return JSON.parse(text) as Entry;
}
