/**
 * Hidden Illuminati's withheld seals and seeds. A seat that withholds the seal an owner needs to
 * open its card (two seats: t − 1 = 1) is awaited (for: 'share') and the countdown's vote reaches it.
 * Hidden Illuminati's seeds at the end (docs/deck.md, "Hidden Illuminati"): a seat that withholds its
 * Illuminati shuffle seed no longer leaves the opening undone for ever. The table waits for it with
 * the draw deck's seeds, the others vote it absent after the countdown (the same `absent` entry),
 * and it is named SEED_WITHHELD to everyone; the deal is opened with the cards shown only and the
 * other steps are audited; a late seed changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, legalActions, type Seat } from '../../../src/lib/engine/index.js';
import { DEFAULT_PROTOCOL_RULES } from '../../../src/lib/protocol/entry.js';
import { awaitedSeats } from '../../../src/lib/protocol/v2/awaited.js';
import { gameIdFor, gameOptions, Network, playerDevice, type Peer } from './table.js';
import { playSecret } from './deck-table.js';
import { hiddenDeal } from './hidden-table.js';

/** Honest automatic entries, except that `withholder` never posts its Illuminati seed (and nothing after it). */
function automaticWithholding(net: Network, players: readonly Peer[], withholder: Seat): void {
	let silent = false;
	for (let again = true, posted = 0; again; ) {
		again = false;
		for (const [seat, peer] of players.entries()) {
			if (seat === withholder && silent) continue;
			const entry = peer.device!.nextAutomatic(peer.replay);
			if (entry === null) continue;
			const parsed = JSON.parse(entry) as { kind: string; body: { type?: string } };
			if (seat === withholder && parsed.kind === 'illuminati' && parsed.body.type === 'seed') {
				silent = true;
				continue;
			}
			net.post(entry);
			again = true;
			if (++posted > 20_000) throw new Error('automatic entries do not settle');
		}
	}
}

/** Every seat leaves (the game is over, seeds are due), the withholder keeping its Illuminati seed. */
function everyoneLeaves(net: Network, players: readonly Peer[], withholder: Seat): void {
	for (let round = 0; round < 10 && players[0]!.replay.state!.phase.kind !== 'over'; round++) {
		players.forEach((peer, seat) => {
			automaticWithholding(net, players, withholder);
			const state = peer.replay.state!;
			if (state.phase.kind === 'over' || state.players[seat]!.left) return;
			const leave = legalActions(state, seat).find((legal) => legal.action.type === 'leave');
			if (leave) net.post(peer.device!.entry(peer.replay, 'action', leave.action));
		});
	}
	automaticWithholding(net, players, withholder);
}

const vote = (net: Network, voter: Peer, seat: number, target: number) => net.post(voter.device!.entry(voter.replay, 'absent', { seat, target }));

/** Honest automatic entries, except that `withholder` never seals its partial to an owner. */
function automaticWithoutSeals(net: Network, players: readonly Peer[], withholder: Seat): void {
	for (let again = true, posted = 0; again; ) {
		again = false;
		for (const [seat, peer] of players.entries()) {
			const entry = peer.device!.nextAutomatic(peer.replay);
			if (entry === null) continue;
			const parsed = JSON.parse(entry) as { kind: string; body: { type?: string } };
			if (seat === withholder && parsed.kind === 'illuminati' && parsed.body.type === 'seal') continue;
			net.post(entry);
			again = true;
			if (++posted > 20_000) throw new Error('automatic entries do not settle');
		}
	}
}

describe('Hidden Illuminati: a withheld seal', () => {
	it('with two seats, a seat that withholds its seal to the owner is awaited for it; the vote puts it out and the table no longer waits', () => {
		const net = new Network(gameIdFor('hidden-seal-withheld'));
		const players = ['ann', 'bob'].map((name) => net.peer(name, playerDevice(name)));
		const [ann, bob] = players as [Peer, Peer];
		const options = { ...gameOptions(2), secretDeck: true, rules: { ...DEFAULT_RULES, hiddenIlluminati: true } };
		net.post(ann.device!.entry(ann.replay, 'create', { options, rules: DEFAULT_PROTOCOL_RULES }));
		players.forEach((peer, seat) => {
			net.post(peer.device!.join(peer.replay, seat));
			automaticWithoutSeals(net, players, 1);
		});
		automaticWithoutSeals(net, players, 1);
		const deal = ann.replay.core.illuminati!;
		expect(deal.final).not.toBeNull();
		// The attack: ann cannot open her card (bob's seal is the one she needs); bob opens his.
		expect(ann.device!.ownIlluminati(ann.replay, 0)).toBeNull();
		expect(bob.device!.ownIlluminati(bob.replay, 1)).not.toBeNull();
		expect(awaitedSeats(ann.replay)).toEqual([{ seat: 1, for: 'share' }]);
		vote(net, ann, 0, 1);
		expect(ann.replay.core.votedOut.has(1)).toBe(true);
		expect(awaitedSeats(ann.replay).some((w) => w.seat === 1 && w.for === 'share')).toBe(false);
		expect(bob.replay.stateHash).toBe(ann.replay.stateHash);
	});
});

describe('Hidden Illuminati: seeds at the end', () => {
	it('a seat that withholds its Illuminati seed is awaited, then named SEED_WITHHELD by the vote; the deal opens with the shown cards only, and a late seed changes nothing', () => {
		const { net, players } = hiddenDeal('hidden-seed-withheld', ['ann', 'bob', 'cyd'], false);
		const [ann, bob, cyd] = players as [Peer, Peer, Peer];
		expect(ann.replay.core.illuminati!.final).not.toBeNull();
		// Play until the draw deck is made, so both decks owe seeds at the end.
		for (let i = 0; i < 40 && (ann.replay.state!.drawn ?? 0) < 1; i++) playSecret(net, players, 1, `hidden-${i}`, players, true);
		expect(ann.replay.core.deck?.final ?? null).not.toBeNull();
		everyoneLeaves(net, players, 1);
		const core = () => ann.replay.core;
		expect(ann.replay.state!.phase.kind).toBe('over');
		// The attack: without a timeout the opening waits for ever. The table names who it waits for.
		expect(core().illuminati!.opened).toBeNull();
		expect(awaitedSeats(ann.replay)).toEqual([{ seat: 1, for: 'seed' }]);
		expect(core().cheaters.has(1)).toBe(false);

		// The withholder cannot vote; one vote of two is no majority; the second names it.
		vote(net, bob, 1, 0);
		expect(ann.replay.rejections.at(-1)?.code).toBe('NOT_APPLICABLE');
		vote(net, ann, 0, 1);
		expect(core().illuminati!.opened).toBeNull();
		vote(net, cyd, 2, 1);
		const deal = core().illuminati!;
		expect(deal.faults.map((f) => [f.seat, f.code])).toEqual([[1, 'SEED_WITHHELD']]);
		expect(deal.faults[0]!.message).toMatch(/Seat 1 withheld its Illuminati shuffle seed/);
		expect(core().cheaters.has(1)).toBe(true);
		expect(core().cheaters.has(0) || core().cheaters.has(2)).toBe(false);
		// Opened with the cards shown during the game only (none here): no face-down card is given away.
		expect([...deal.opened!.values()].every((card) => card === null)).toBe(true);
		expect(awaitedSeats(ann.replay)).toEqual([]);
		// The draw deck got bob's seed: its audit ran and names nobody.
		expect(core().deck?.audit ?? null).not.toBeNull();
		expect(core().deck!.faults).toEqual([]);

		// A seed comes late (any seed: the deal no longer opens from seeds): the verdict stands.
		const late = { type: 'seed', seat: 1, seed: 'A'.repeat(43) } as const;
		net.post(bob.device!.entry(bob.replay, 'illuminati', late));
		expect(core().illuminati!.seeds.has(1)).toBe(true);
		expect(core().illuminati!.faults.map((f) => [f.seat, f.code])).toEqual([[1, 'SEED_WITHHELD']]);
		expect(core().illuminati!.opened).toEqual(deal.opened);
		expect(new Set(players.map((p) => p.replay.stateHash)).size).toBe(1);
	});
});
