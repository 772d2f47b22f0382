/**
 * Red team (session 14): a sealed private offer's commitment is public, and the recipient's device
 * remembered what it opened under the commitment and its seat alone. A rogue copying another
 * maker's commitment into a sealed offer of its own (junk boxes) to the same recipient then jammed
 * the honest offer (read first, the copy's broken result answered for both: no accept button, a
 * bot declined it) or spoofed it (the honest terms and private note shown under the rogue's name).
 * Each offer is now read from its own boxes (session/offer-seals.ts): the copy shows as the
 * rogue's broken offer, the original as it is.
 */
import { describe, expect, it } from 'vitest';
import { SimNetwork } from '../../src/lib/dev/sim.js';
import { type GameState, type OfferAction, type Seat } from '../../src/lib/engine/index.js';
import { GameSession, gameIdOf } from '../../src/lib/session/index.js';
import { OfferSeals } from '../../src/lib/session/offer-seals.js';
import { gameIdentity } from '../../src/lib/session/keys.js';
import { signEntry, entryId } from '../../src/lib/protocol/entry.js';
import { BotSeals } from '../../src/lib/session/bots/bot-seals.js';
import { offerViews } from '../../src/lib/ui/actions/deals.js';
import { legalActions } from '../../src/lib/engine/index.js';
import { options, Player, randomBytesFor, seedOf } from '../session/helpers.js';

const SEED = 1414;
const NOTHING = { money: 0, specials: [], groups: [] };

function table() {
	const roomCode = 'JAMX' + String(SEED).padStart(6, '0');
	const gameId = gameIdOf(roomCode);
	const sim = new SimNetwork({ peers: 3, seed: SEED, gameId, maxDelay: 1, duplicateRate: 0 });
	const seeds = [0, 1, 2].map((i) => seedOf(`jam-${SEED}-${i}`));
	const sessions = sim.peers.map((peer, i) => new GameSession({ game: peer.game, roomCode, seed: seeds[i]!, randomBytes: randomBytesFor(`jam-${SEED}-${i}`) }));
	sessions[0]!.start(options(3));
	sim.flushAll();
	for (let seat = 0; seat < 3; seat++) sessions[seat]!.claim(seat);
	sim.flushAll();
	const players = sessions.map((_, i) => new Player(`jam-${SEED}-${i}`));
	const started = (s: GameState | null) => s !== null && s.phase.kind === 'turn' && s.turn?.step === 'actions' && s.random === null;
	for (let i = 0; i < 2000 && !started(sessions[0]!.state); i++) {
		players[i % 3]!.move(sessions[i % 3]!);
		sim.flushAll();
	}
	if (!started(sessions[0]!.state)) throw new Error('no turn');
	return { sim, sessions, seeds, gameId };
}

/** Parsed log entries on a peer. */
const entries = (sim: SimNetwork, peer: number) => sim.log(peer).map((text) => ({ text, e: JSON.parse(text), id: entryId(JSON.parse(text)) }));

/** The rogue's copy: its own sealed offer to `to`, with the victim's commitment; placed beside the victim's entry (same Lamport: it names what the victim's offer named, not the offer) and ground to a smaller id. */
function rogueCopy(t: ReturnType<typeof table>, rogue: Seat, to: Seat, victimText: string, before: boolean): string {
	const victim = JSON.parse(victimText);
	const victimId = entryId(victim);
	const me = gameIdentity(t.seeds[rogue]!, t.gameId);
	const mine = entries(t.sim, rogue).filter((x) => x.e.author === me.publicKey);
	const named = new Set(mine.map((x) => x.e.last));
	const head = mine.find((x) => !named.has(x.id))!;
	const deps = [...new Set([...victim.deps, victim.last].filter((d: string | null) => d !== null && d !== head.id && d !== victimId))].sort() as string[];
	for (let n = 0; n < 10000; n++) {
		const junk = 'A'.repeat(40) + n.toString(36);
		const body: OfferAction = { type: 'offer', seat: rogue, to, give: NOTHING, take: NOTHING, private: true, commitment: victim.body.commitment, boxes: [junk, junk] };
		const text = before
			? signEntry(me, { game: t.gameId, kind: 'action', body, last: head.id, deps })
			: signEntry(me, { game: t.gameId, kind: 'action', body, last: head.id, deps: [...new Set([...deps, victimId])].sort() });
		if (!before || entryId(JSON.parse(text)) < victimId) return text;
	}
	throw new Error('no id');
}

function setup(before: boolean) {
	const t = table();
	const [a, b, c] = [0, 1, 2] as const;
	const sealsA = new OfferSeals(t.sessions[a]!, randomBytesFor('sa'));
	const honest: OfferAction = { type: 'offer', seat: a, to: b, give: { money: 1, specials: [], groups: [] }, take: NOTHING, private: true, note: 'real deal' };
	const sealed = sealsA.seal(honest);
	expect(t.sessions[a]!.act(a, sealed)).toMatchObject({ ok: true });
	t.sim.flushAll();
	const victimText = entries(t.sim, c).find((x) => x.e.kind === 'action' && x.e.body.commitment === sealed.commitment)!.text;
	t.sim.append(c, rogueCopy(t, c, b, victimText, before));
	t.sim.flushAll();
	const state = t.sessions[b]!.state!;
	const aOffer = state.offers.find((o) => o.from === a && o.commitment === sealed.commitment)!;
	const cOffer = state.offers.find((o) => o.from === c && o.commitment === sealed.commitment)!;
	return { t, a, b, c, state, aOffer, cOffer };
}

describe('a rogue copies another maker\u2019s sealed commitment into its own offer to the same recipient', () => {
	it.each([
		['placed before the original (read first)', true],
		['placed after it (the original read first)', false],
	] as const)('%s: the original opens with its terms, the copy shows as the rogue\u2019s broken offer (UI and bot)', (_, before) => {
		const { t, b, state, aOffer, cOffer } = setup(before);
		expect(cOffer.id < aOffer.id).toBe(before);
		const seals = new OfferSeals(t.sessions[b]!);
		const views = offerViews(state, b, legalActions(state, b), (offer) => seals.open(offer, b));
		const viewA = views.find((v) => v.offer.id === aOffer.id)!;
		const viewC = views.find((v) => v.offer.id === cOffer.id)!;
		expect(viewA.broken, 'the original').toBeUndefined();
		expect(viewA.sealed).toMatchObject({ give: { money: 1 }, note: 'real deal' });
		expect(viewA.accept, 'the original can be accepted').toBeDefined();
		expect(viewC.broken, 'the copy').toBeDefined();
		expect(viewC.sealed, 'the copy shows no terms').toBeUndefined();
		expect(viewC.accept).toBeUndefined();
		// A computer player in the recipient's seat reads the original and leaves the copy sealed.
		const bot = new BotSeals(t.sessions[b]!).open(state, b);
		expect(bot.state.offers.find((o) => o.id === aOffer.id)!.commitment).toBeUndefined();
		expect(bot.state.offers.find((o) => o.id === cOffer.id)!.commitment).toBeDefined();
		// Accepting the original through the view works.
		expect(t.sessions[b]!.act(b, viewA.accept!.action)).toMatchObject({ ok: true });
	});
});
