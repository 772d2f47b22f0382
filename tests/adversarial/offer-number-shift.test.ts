/**
 * Red team (session 14): an answer to an offer names it by number, and numbers are handed out in
 * the final order. A third seat that posted nothing since its last entry (its silence keeps newer
 * entries from being final) signs an offer of its own to the victim naming only that last entry:
 * the order places it before an honest seat's offer the victim has already accepted, so the
 * numbers shift and the victim's `acceptOffer k` took the rogue's terms (all its money) instead of
 * the 1 MB gift it saw. An answer now names its offer by content too (`digest`, engine/deals.ts
 * `offerDigest`): it takes the offer its author saw, wherever the order put it.
 */
import { describe, expect, it } from 'vitest';
import { SimNetwork } from '../../src/lib/dev/sim.js';
import { legalActions, type GameState, type OfferAction } from '../../src/lib/engine/index.js';
import { GameSession, gameIdOf } from '../../src/lib/session/index.js';
import { gameIdentity } from '../../src/lib/session/keys.js';
import { signEntry, entryId } from '../../src/lib/protocol/entry.js';
import type { GameReplayer } from '../../src/lib/protocol/index.js';
import { options, Player, randomBytesFor, seedOf } from '../session/helpers.js';

const SEED = 1515;
const NOTHING = { money: 0, specials: [], groups: [] };
const money = (s: GameState, seat: number) => s.players[seat]!.structure[s.players[seat]!.illuminati!]!.money;

function table() {
	const roomCode = 'SHFT' + String(SEED).padStart(6, '0');
	const gameId = gameIdOf(roomCode);
	const sim = new SimNetwork({ peers: 3, seed: SEED, gameId, maxDelay: 1, duplicateRate: 0 });
	const seeds = [0, 1, 2].map((i) => seedOf(`shift-${SEED}-${i}`));
	const sessions = sim.peers.map((peer, i) => new GameSession({ game: peer.game, roomCode, seed: seeds[i]!, randomBytes: randomBytesFor(`shift-${SEED}-${i}`) }));
	sessions[0]!.start(options(3));
	sim.flushAll();
	for (let seat = 0; seat < 3; seat++) sessions[seat]!.claim(seat);
	sim.flushAll();
	const players = sessions.map((_, i) => new Player(`shift-${SEED}-${i}`));
	const started = (s: GameState | null) => s !== null && s.phase.kind === 'turn' && s.turn?.step === 'actions' && s.random === null && money(s, 1) > 0;
	for (let i = 0; i < 3000 && !started(sessions[0]!.state); i++) {
		players[i % 3]!.move(sessions[i % 3]!);
		sim.flushAll();
	}
	if (!started(sessions[0]!.state)) throw new Error('no turn');
	return { sim, sessions, seeds, gameId };
}

describe('an offer placed before another in the final order', () => {
	it('shifts the numbers, and the victim\u2019s acceptance still takes the offer it saw, not the rogue\u2019s', () => {
		const t = table();
		const [a, b, c] = [0, 1, 2] as const;
		const start = t.sessions[a]!.state!;
		const before = { a: money(start, a), b: money(start, b), c: money(start, c) };

		// The rogue goes quiet (its client posts nothing more): it remembers its own head.
		const me = gameIdentity(t.seeds[c]!, t.gameId);
		const mine = t.sim.log(c).map((x) => JSON.parse(x)).filter((e) => e.author === me.publicKey);
		const named = new Set(mine.map((e) => e.last));
		const head = mine.map((e) => entryId(e)).find((id) => !named.has(id))!;
		t.sim.disconnect(c);

		// Honest seat 0 offers seat 1 a public gift of 1 MB for nothing.
		const gift: OfferAction = { type: 'offer', seat: a, to: b, give: { money: 1, specials: [], groups: [] }, take: NOTHING, private: false };
		expect(t.sessions[a]!.act(a, gift)).toMatchObject({ ok: true });
		t.sim.flushAll();
		const seen = t.sessions[b]!.state!;
		const k = seen.offers.find((o) => o.from === a && o.to === b && o.turn === seen.turnCount)!.id;
		// The victim accepts it as its table offers it (the engine's listing) and sees the 1 MB arrive.
		const accept = legalActions(seen, b).find((legal) => legal.action.type === 'acceptOffer' && legal.action.offer === k)!.action;
		expect(t.sessions[b]!.act(b, accept)).toMatchObject({ ok: true });
		t.sim.flushAll();
		expect(money(t.sessions[b]!.state!, b)).toBe(before.b + 1);

		// The rogue now signs an offer to the victim asking for all its money, naming only its own head:
		// its Lamport number is below seat 0's offer, which is not final (the rogue's silence holds the watermark).
		const grab: OfferAction = { type: 'offer', seat: c, to: b, give: NOTHING, take: { money: before.b, specials: [], groups: [] }, private: false };
		const grabText = signEntry(me, { game: t.gameId, kind: 'action', body: grab, last: head, deps: [] });
		const grabId = entryId(JSON.parse(grabText));
		t.sim.append(c, grabText);
		t.sim.reconnect(c);
		t.sim.flushAll();
		// The rogue then carries on like anyone (an acknowledgement naming the heads), which lets finality move.
		const allIds = t.sim.log(a).map((x) => entryId(JSON.parse(x)));
		const namedIds = new Set(t.sim.log(a).flatMap((x) => { const e = JSON.parse(x); return [...e.deps, e.last].filter(Boolean); }));
		const tips = allIds.filter((id) => !namedIds.has(id) && id !== grabId).sort().slice(0, 16);
		t.sim.append(a === 0 ? c : c, signEntry(me, { game: t.gameId, kind: 'ack', body: {}, last: grabId, deps: tips }));
		t.sim.flushAll();
		// Honest seats keep playing a little (their next entries acknowledge), then everything up to the grab is final.

		// (The rogue's own page is left out: it appended by hand beside its session.)
		for (const s of [t.sessions[a]!, t.sessions[b]!]) {
			expect((s.replayer as GameReplayer).isFinal(grabId), 'the rogue\u2019s offer is final').toBe(true);
			const end = s.state!;
			const open = end.offers.filter((o) => o.turn === end.turnCount);
			// The rogue's offer took number k: the numbers did shift.
			expect(open.find((o) => o.from === c)?.id, 'the rogue\u2019s offer').toBe(k);
			// The victim got the gift it accepted; the rogue's offer is still open, unanswered.
			expect(money(end, b), 'the victim').toBe(before.b + 1);
			expect(money(end, a), 'the giver').toBe(before.a - 1);
			expect(money(end, c), 'the rogue').toBe(before.c);
			expect(open.some((o) => o.from === a), 'seat 0\u2019s offer was taken').toBe(false);
		}
		const hashes = [t.sessions[a]!, t.sessions[b]!].map((s) => JSON.stringify(s.state!.players.map((p) => p.structure[p.illuminati!]!.money)));
		expect(new Set(hashes).size).toBe(1);
	});
});
