/**
 * Red team: a forged seat claim in presence. Awareness states are unauthenticated, and presence
 * decides who drives a seated bot (session/bots/seated.ts: a holder takes the bot over once the
 * device driving it is gone from presence). A hostile peer in the room (anyone with the room
 * code) keeps a departed driver "present" by publishing a state that claims the driver's key: a
 * bare claim, a copy of the driver's signed claim under its own awareness client, or the driver's
 * own last state replayed under the driver's client id. Then nobody takes the bot over and the
 * game stalls on it. Defence (net/presence-claim.ts): a claim counts only when signed by the key
 * for the claimant's client id, in this game, recently (CLAIM_FRESH_MS); a replay of the driver's
 * own state counts until that window runs out, then the takeover happens.
 */
import * as Y from 'yjs';
import { applyAwarenessUpdate, Awareness, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import { describe, expect, it } from 'vitest';
import { listPresence, setPresence } from '../../src/lib/net/presence.js';
import { CLAIM_AHEAD_MS, CLAIM_FRESH_MS, signClaim, type ClaimSigner } from '../../src/lib/net/presence-claim.js';
import { generateIdentity } from '../../src/lib/protocol/index.js';
import type { GameSession } from '../../src/lib/session/index.js';
import { SeatedBots } from '../../src/lib/session/bots/seated.js';
import { localThinker } from '../../src/lib/session/bots/thinker.js';
import { seatRows } from '../../src/lib/ui/app/lobby.js';
import { twoDeviceTable } from '../session/bots/two-devices.js';
import { randomBytesFor } from '../session/helpers.js';

const GAME = 'G'.repeat(22);
const now = 1_700_000_000_000;

function awareness(clientID: number): Awareness {
	const doc = new Y.Doc();
	doc.clientID = clientID;
	return new Awareness(doc);
}

/** Delivers `from`'s state of client `clientID` (its own by default) to `to`, as an awareness update would. */
function deliver(from: Awareness, to: Awareness, clientID = from.clientID): void {
	applyAwarenessUpdate(to, encodeAwarenessUpdate(from, [clientID]), 'net');
}

const signer = (seed: string, at: number, game = GAME): ClaimSigner => ({ game, identity: generateIdentity(randomBytesFor(seed)(32)), now: () => at });

describe('red team: a seat claim in presence counts only when signed by the key, for the claimant, in this game, recently', () => {
	const bob = signer('presence-bob', now);
	const check = { game: GAME, now };
	const seen = (reader: Awareness, clientID: number, at = check) => listPresence(reader, at).find((p) => p.clientID === clientID);

	it('an honest signed claim is listed as the seat', () => {
		const [b, reader] = [awareness(20), awareness(1)];
		setPresence(b, { name: 'Bob', seat: bob.identity.publicKey }, bob);
		deliver(b, reader);
		expect(seen(reader, 20)).toMatchObject({ name: 'Bob', seat: bob.identity.publicKey });
		expect(seen(reader, 20)?.claimedSeat).toBeUndefined();
		// Signed 59 s ago, or by a clock 29 s ahead: still counts.
		expect(seen(reader, 20, { game: GAME, now: now + CLAIM_FRESH_MS })?.seat).toBe(bob.identity.publicKey);
		expect(seen(reader, 20, { game: GAME, now: now - CLAIM_AHEAD_MS })?.seat).toBe(bob.identity.publicKey);
	});

	it.each([
		['a bare claim to another’s key', (m: Awareness) => m.setLocalState({ fnord: { name: 'Bob', seat: bob.identity.publicKey } })],
		['a copy of the key’s signed claim under another client id', (m: Awareness) => m.setLocalState({ fnord: { name: 'Bob', seat: bob.identity.publicKey, seatProof: signClaim(bob, 20) } })],
		['a claim signed for another game', (m: Awareness) => m.setLocalState({ fnord: { name: 'Bob', seat: bob.identity.publicKey, seatProof: signClaim(signer('presence-bob', now, 'H'.repeat(22)), 66) } })],
		['a claim signed by another key', (m: Awareness) => m.setLocalState({ fnord: { name: 'Bob', seat: bob.identity.publicKey, seatProof: signClaim(signer('presence-mallory', now), 66) } })],
		['a claim whose date was changed', (m: Awareness) => m.setLocalState({ fnord: { name: 'Bob', seat: bob.identity.publicKey, seatProof: { ...signClaim(bob, 66), at: now + 1 } } })],
		['a claim signed 61 s ago', (m: Awareness) => m.setLocalState({ fnord: { name: 'Bob', seat: bob.identity.publicKey, seatProof: signClaim(signer('presence-bob', now - CLAIM_FRESH_MS - 1), 66) } })],
		['a claim dated 31 s ahead', (m: Awareness) => m.setLocalState({ fnord: { name: 'Bob', seat: bob.identity.publicKey, seatProof: signClaim(signer('presence-bob', now + CLAIM_AHEAD_MS + 1), 66) } })],
		['a malformed proof', (m: Awareness) => m.setLocalState({ fnord: { name: 'Bob', seat: bob.identity.publicKey, seatProof: { at: 'now', sig: 42 } } })]
	])('%s is listed as unverified, not as the seat', (_what, forge) => {
		const [mallory, reader] = [awareness(66), awareness(1)];
		forge(mallory);
		deliver(mallory, reader);
		expect(seen(reader, 66)).toMatchObject({ name: 'Bob', claimedSeat: bob.identity.publicKey });
		expect(seen(reader, 66)?.seat).toBeUndefined();
	});

	it('the lobby puts a forged claim’s name beside no seat and shows the seat as not connected', () => {
		const [mallory, reader] = [awareness(66), awareness(1)];
		mallory.setLocalState({ fnord: { name: 'Bob (back soon)', seat: bob.identity.publicKey, seatProof: signClaim(bob, 20) } });
		deliver(mallory, reader);
		const rows = seatRows(['K-me', bob.identity.publicKey], 'K-me', listPresence(reader, check));
		expect(rows[1]).toMatchObject({ names: [], present: false });
	});

	it('without a check nothing is verified: every claim is listed unverified', () => {
		const b = awareness(20);
		setPresence(b, { name: 'Bob', seat: bob.identity.publicKey }, bob);
		expect(listPresence(b)[0]).toMatchObject({ self: true, claimedSeat: bob.identity.publicKey });
		expect(listPresence(b)[0]?.seat).toBeUndefined();
	});
});

describe('red team: keeping a departed bot driver “present” to block the takeover', { timeout: 60_000 }, () => {
	/** B seats a bot and drives it; A holds a box of its seed; both publish signed presence; then B's device leaves. */
	function table(room: string) {
		const { sim, clock, a, b } = twoDeviceTable(room, 23, 'forged-presence', 30);
		const [awA, awB, mallory] = [awareness(10), awareness(20), awareness(66)];
		const sign = (session: GameSession): ClaimSigner => ({ game: session.gameId, identity: session.identity, now: () => clock.now() });
		setPresence(awA, { name: 'Alice', seat: a.key }, sign(a));
		setPresence(awB, { name: 'Bob', seat: b.key }, sign(b));
		deliver(awB, awA);
		// A's decisions read its own presence list, checked, as the app's GameLink does (game-link.ts).
		const presentForA = () => new Set([a.key, ...listPresence(awA, { game: a.gameId, now: clock.now() }).flatMap((p) => (p.seat === undefined ? [] : [p.seat]))]);
		const instant = () => Promise.resolve();
		const botsA = new SeatedBots(a, { thinker: localThinker(null), random: randomBytesFor('forged-bots-a'), present: presentForA, timeBudgetMs: null, wait: instant, clock });
		const botsB = new SeatedBots(b, { thinker: localThinker(null), random: randomBytesFor('forged-bots-b'), present: () => new Set([a.key, b.key]), timeBudgetMs: null, wait: instant, clock });
		expect(botsB.seat(2, 'easy').ok).toBe(true);
		sim.flushAll();
		expect(botsA.bots).toEqual([{ seat: 2, level: 'easy', by: 1, holders: [0, 1], unopenable: [], driving: false }]);
		const claims = () => a.replayer.accepted.filter((e) => e.kind === 'botDrive').length;
		botsA.update();
		expect(claims(), 'B is present: A does not take the bot over').toBe(0);
		const leave = () => {
			botsB.destroy();
			b.destroy();
			sim.disconnect(1);
			removeAwarenessStates(awA, [awB.clientID], 'timeout');
		};
		const done = () => {
			botsA.destroy();
			a.destroy();
			for (const w of [awA, awB, mallory]) w.destroy();
		};
		return { sim, clock, a, b, awA, awB, mallory, botsA, claims, leave, done };
	}

	it('a peer claiming the departed driver’s key (bare, or its signed claim copied) does not keep it present: A takes the bot over', () => {
		const t = table('FORGEDPRESENCEBOTXXXXXXXX');
		const copied = (t.awB.getLocalState() as { fnord: Record<string, unknown> }).fnord;
		t.leave();
		t.mallory.setLocalState({ fnord: { name: 'Bob', seat: t.b.key } });
		deliver(t.mallory, t.awA);
		const mallory2 = awareness(67);
		mallory2.setLocalState({ fnord: copied });
		deliver(mallory2, t.awA);
		t.botsA.update();
		expect(t.claims(), 'A claims the bot at once').toBe(1);
		expect(listPresence(t.awA).filter((p) => p.claimedSeat === t.b.key), 'the forged claims are listed, unverified').toHaveLength(2);
		t.clock.advance(2_000, () => t.sim.flushAll());
		expect(t.botsA.bots[0]!.driving, 'A drives the bot').toBe(true);
		mallory2.destroy();
		t.done();
	});

	it('the departed driver’s own last state replayed under its client id keeps it present only until the claim is CLAIM_FRESH_MS old', () => {
		const t = table('REPLAYEDPRESENCEBOTXXXXXX');
		const last = t.awB.getLocalState()!;
		t.leave();
		// Mallory sends B's last state again under B's client id with a higher clock (the awareness
		// protocol lets any peer send any client's state).
		const forger = awareness(t.awB.clientID);
		for (let i = 0; i < 3; i++) forger.setLocalState({ ...last });
		deliver(forger, t.awA);
		forger.destroy();
		expect(listPresence(t.awA, { game: t.a.gameId, now: t.clock.now() }).find((p) => p.clientID === 20)?.seat).toBe(t.b.key);
		t.botsA.update();
		expect(t.claims(), 'within the window the replayed claim still counts').toBe(0);
		t.clock.advance(CLAIM_FRESH_MS + 1, () => t.sim.flushAll());
		t.botsA.update();
		expect(t.claims(), 'once it is stale A claims the bot').toBe(1);
		t.clock.advance(2_000, () => t.sim.flushAll());
		expect(t.botsA.bots[0]!.driving).toBe(true);
		t.done();
	});
});
