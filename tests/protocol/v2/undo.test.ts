// Undo (docs/protocol.md, "Undo"; v2/takeback.ts): a seat takes back its last move at once while
// nothing public landed since, else asks the table; the attacks of a hostile peer are refused with
// their codes and every peer (and a fresh replay in another order) ends in the same state.
import { describe, expect, it } from 'vitest';
import { legalActions, replay as engineReplay, stateHash, type PlayerAction, type Seat } from '../../../src/lib/engine/index.js';
import { parseEntry, signEntry } from '../../../src/lib/protocol/entry.js';
import { GameReplayer } from '../../../src/lib/protocol/v2/replayer.js';
import { forkTable, hashOf } from './forks.js';
import { gameIdFor, newGame, type Network, type Peer } from './table.js';

function idOf(text: string): string {
	const parsed = parseEntry(text);
	if (!parsed.ok) throw new Error(parsed.message);
	return parsed.id;
}

/** Posts `action` for `seat` from its own device; returns the entry's id. */
function move(net: Network, players: readonly Peer[], seat: Seat, action: PlayerAction): string {
	const peer = players[seat]!;
	const text = peer.device!.entry(peer.replay, 'action', action);
	net.post(text);
	expect(refusalOf(peer, idOf(text))).toBeNull();
	return idOf(text);
}

function post(net: Network, from: Peer, kind: 'takeback' | 'undoVote', body: Record<string, unknown>): string {
	const text = from.device!.entry(from.replay, kind, body as never);
	net.post(text);
	return idOf(text);
}

const takeback = (net: Network, from: Peer, seat: Seat, moveId: string, ask: boolean) => post(net, from, 'takeback', { seat, move: moveId, ask });
const answer = (net: Network, from: Peer, seat: Seat, request: string, accept: boolean) => post(net, from, 'undoVote', { seat, request, accept });

function refusalOf(peer: Peer, id: string): string | null {
	return peer.replay.rejections.find((r) => r.id === id)?.code ?? null;
}

/** Every peer agrees, a fresh replay fed everything in reverse agrees, and the exported engine log replays to the same state. */
function expectAgreement(net: Network, players: readonly Peer[]): void {
	const hash = players[0]!.replay.stateHash;
	for (const peer of players) expect(peer.replay.stateHash).toBe(hash);
	const fresh = new GameReplayer(net.game);
	fresh.add([...net.posted].reverse());
	expect(fresh.stateHash).toBe(hash);
	const log = players[0]!.replay.exportLog();
	const replayed = engineReplay(log);
	expect(replayed.rejected).toEqual([]);
	expect(stateHash(replayed.state)).toBe(hash);
}

const pass = (seat: Seat): PlayerAction => ({ type: 'passWindow', seat }) as PlayerAction;

/** A three-seat game at its first turn's start: seats 0 and 2 may pass the window quietly, seat 1's pass (the last) asks for income. */
function table(label: string) {
	const { net, players } = newGame(gameIdFor(`undo-explore${label.slice(0, 0)}`), ['a', 'b', 'c']);
	const start = players[0]!.replay.state!;
	expect(start.phase.kind).toBe('turnStart');
	expect(start.turn?.seat).toBe(1);
	return { net, players, start };
}

describe('Undo at once', () => {
	it('a move nothing followed is taken back at once: every peer returns to the state before it', () => {
		const { net, players, start } = table('at-once');
		const moveId = move(net, players, 2, pass(2));
		expect(players[0]!.replay.stateHash).not.toBe(stateHash(start));
		const back = takeback(net, players[2]!, 2, moveId, false);
		net.automatic();
		expect(refusalOf(players[0]!, back)).toBeNull();
		expect(players[1]!.replay.stateHash).toBe(stateHash(start));
		expectAgreement(net, players);
		// The seat plays again; the game goes on.
		move(net, players, 2, pass(2));
		move(net, players, 0, pass(0));
		expectAgreement(net, players);
		expect(players[0]!.replay.core.undo.ended.at(-1)).toMatchObject({ seat: 2, move: moveId, outcome: 'atOnce', action: pass(2) });
	});

	it('acknowledgements since do not stop it', () => {
		const { net, players, start } = table('acks');
		const moveId = move(net, players, 0, pass(0));
		net.post(players[1]!.device!.entry(players[1]!.replay, 'ack', {}));
		net.post(players[2]!.device!.entry(players[2]!.replay, 'ack', {}));
		const back = takeback(net, players[0]!, 0, moveId, false);
		expect(refusalOf(players[2]!, back)).toBeNull();
		expect(players[2]!.replay.stateHash).toBe(stateHash(start));
	});

	it('another seat’s move since: at once is refused OTHERS_SINCE and nothing changes', () => {
		const { net, players } = table('others');
		const moveId = move(net, players, 2, pass(2));
		move(net, players, 0, pass(0));
		const before = players[1]!.replay.stateHash;
		const back = takeback(net, players[2]!, 2, moveId, false);
		expect(refusalOf(players[1]!, back)).toBe('OTHERS_SINCE');
		expect(players[1]!.replay.stateHash).toBe(before);
	});

	it('randomness asked for or revealed since: at once is refused RANDOMNESS_SINCE', () => {
		const { net, players } = table('random');
		move(net, players, 2, pass(2));
		move(net, players, 0, pass(0));
		const last = move(net, players, 1, pass(1));
		// The roll is open (no share yet): taking back now would let a seat that saw shares void a bad roll.
		const early = takeback(net, players[1]!, 1, last, false);
		expect(refusalOf(players[0]!, early)).toBe('RANDOMNESS_SINCE');
		net.automatic();
		expect(players[0]!.replay.event).toBeGreaterThan(0);
		const late = takeback(net, players[1]!, 1, last, false);
		expect(refusalOf(players[0]!, late)).toBe('RANDOMNESS_SINCE');
		expectAgreement(net, players);
	});
});

describe('Undo asked of the table', () => {
	it('every other present seat accepting rewinds to before the move; the roll since is rolled again', () => {
		const { net, players } = table('granted');
		move(net, players, 2, pass(2));
		move(net, players, 0, pass(0));
		const beforeLast = players[0]!.replay.stateHash;
		const exportedBefore = players[0]!.replay.exportLog().entries.length;
		const last = move(net, players, 1, pass(1));
		net.automatic();
		const rolled = players[0]!.replay.exportLog().entries.slice(exportedBefore);
		expect(rolled.some((action) => (action as { type: string }).type === 'random')).toBe(true);
		const request = takeback(net, players[1]!, 1, last, true);
		expect(refusalOf(players[0]!, request)).toBeNull();
		expect(players[0]!.replay.core.undo.requests.has(request)).toBe(true);
		answer(net, players[0]!, 0, request, true);
		expect(players[2]!.replay.stateHash).not.toBe(beforeLast); // one seat still to answer
		answer(net, players[2]!, 2, request, true);
		net.automatic();
		expect(players[2]!.replay.stateHash).toBe(beforeLast);
		expect(players[0]!.replay.exportLog().entries.length).toBe(exportedBefore);
		expect(players[0]!.replay.core.undo.ended.at(-1)).toMatchObject({ id: request, seat: 1, outcome: 'granted', action: pass(1) });
		expectAgreement(net, players);
		// Seat 1 passes again: a new opener, a new coin value (bound to the opener's id).
		move(net, players, 1, pass(1));
		net.automatic();
		expect(players[0]!.replay.state!.phase.kind).not.toBe('turnStart');
		expectAgreement(net, players);
	});

	it('an attack followed by the roll and window passes (the seat’s own included) is still its last move: granted, it is undone with everything since', () => {
		const { net, players } = table('attack');
		for (const seat of [2, 0, 1]) move(net, players, seat, pass(seat));
		net.automatic();
		const state = players[0]!.replay.state!;
		expect(state.turn).toMatchObject({ seat: 1, step: 'actions' });
		const beforeAttack = players[0]!.replay.stateHash;
		const attack = legalActions(state, 1).find((legal) => legal.action.type === 'attack')!.action as PlayerAction;
		const attackId = move(net, players, 1, attack);
		let request: string | null = null;
		// Everyone passes every window (the window clock would), the attacker too; the request, made midway, does not lapse on a pass.
		for (let round = 0; round < 12 && players[0]!.replay.state!.phase.kind !== 'turn'; round++) {
			net.automatic();
			for (const seat of [0, 1, 2] as Seat[]) {
				const passing = legalActions(players[0]!.replay.state!, seat).find((legal) => legal.action.type === 'passSpending' || legal.action.type === 'passWindow');
				if (passing) move(net, players, seat, passing.action as PlayerAction);
			}
			if (request === null && players[0]!.replay.event > 1) request = takeback(net, players[1]!, 1, attackId, true);
		}
		net.automatic();
		expect(players[0]!.replay.state!.phase.kind).toBe('turn');
		expect(request).not.toBeNull();
		expect(refusalOf(players[0]!, request!)).toBeNull();
		expect(players[0]!.replay.core.undo.requests.has(request!)).toBe(true);
		answer(net, players[0]!, 0, request!, true);
		answer(net, players[2]!, 2, request!, true);
		expect(players[1]!.replay.stateHash).toBe(beforeAttack);
		expectAgreement(net, players);
	});

	it('one refusal ends the request and nothing changes', () => {
		const { net, players } = table('refused');
		const moveId = move(net, players, 2, pass(2));
		move(net, players, 0, pass(0));
		const before = players[1]!.replay.stateHash;
		const request = takeback(net, players[2]!, 2, moveId, true);
		answer(net, players[0]!, 0, request, true);
		answer(net, players[1]!, 1, request, false);
		expect(players[1]!.replay.stateHash).toBe(before);
		expect(players[1]!.replay.core.undo.ended.at(-1)).toMatchObject({ id: request, outcome: 'refused' });
		const late = answer(net, players[0]!, 0, request, true);
		expect(refusalOf(players[0]!, late)).toBe('NO_REQUEST');
		expectAgreement(net, players);
	});

	it('the requester moving on ends its request (it lapses)', () => {
		const { net, players } = table('lapsed');
		const first = move(net, players, 0, pass(0));
		move(net, players, 2, pass(2));
		const request = takeback(net, players[0]!, 0, first, true);
		move(net, players, 1, pass(1));
		net.automatic();
		// Seat 0 acts again (any action: a gift, or the turn's window): its request lapses.
		const state = players[0]!.replay.state!;
		expect(players[0]!.replay.core.undo.requests.has(request)).toBe(true);
		const legal = (state.phase.kind === 'turnStart' ? pass(0) : ({ type: 'leave', seat: 0 } as PlayerAction));
		move(net, players, 0, legal);
		expect(players[0]!.replay.core.undo.requests.has(request)).toBe(false);
		const vote = answer(net, players[1]!, 1, request, true);
		expect(refusalOf(players[1]!, vote)).toBe('NO_REQUEST');
		expectAgreement(net, players);
	});
});

describe('Undo and forks', () => {
	it('a fork made after a takeback and a granted request replays them in its carried section: the fork starts where the parent stood', () => {
		const { net, players } = table('fork');
		const first = move(net, players, 2, pass(2));
		takeback(net, players[2]!, 2, first, false);
		const again = move(net, players, 2, pass(2));
		move(net, players, 0, pass(0));
		const request = takeback(net, players[2]!, 2, again, true);
		answer(net, players[0]!, 0, request, true);
		answer(net, players[1]!, 1, request, true);
		net.automatic();
		const parent = players[0]!.replay;
		const index = parent.accepted.length - 1;
		const { players: forkPlayers } = forkTable(parent, index, gameIdFor('undo-fork-child'), ['a', 'b', 'c']);
		const child = forkPlayers[0]!.replay;
		expect(child.rejections).toEqual([]);
		expect(child.stateHash).toBe(hashOf(parent.accepted[index]!.state));
	});
});

describe('Undo: a hostile peer', () => {
	it('a takeback signed by another seat is refused, naming its author', () => {
		const { net, players } = table('forged');
		const moveId = move(net, players, 2, pass(2));
		const forged = takeback(net, players[0]!, 2, moveId, false);
		const rejection = players[1]!.replay.rejections.find((r) => r.id === forged)!;
		expect(rejection.code).toBe('NOT_SEAT_HOLDER');
		expect(rejection.author).toBe(players[0]!.device!.key);
		expect(rejection.message).toContain(players[0]!.device!.key.slice(0, 8));
	});

	it('another seat’s move named as one’s own: NOT_YOUR_ENTRY', () => {
		const { net, players } = table('not-yours');
		const moveId = move(net, players, 2, pass(2));
		const back = takeback(net, players[0]!, 0, moveId, false);
		expect(refusalOf(players[1]!, back)).toBe('NOT_YOUR_ENTRY');
	});

	it('an older move, a move already taken back, a takeback, an entry that is no move', () => {
		const { net, players } = table('codes');
		const first = move(net, players, 2, pass(2));
		const back = takeback(net, players[2]!, 2, first, false);
		expect(refusalOf(players[0]!, back)).toBeNull();
		expect(refusalOf(players[0]!, takeback(net, players[2]!, 2, first, false))).toBe('ALREADY_UNDONE');
		expect(refusalOf(players[0]!, takeback(net, players[2]!, 2, back, false))).toBe('UNDO_OF_UNDO');
		const second = move(net, players, 2, pass(2));
		move(net, players, 0, pass(0));
		const third = move(net, players, 1, pass(1));
		net.automatic();
		expect(refusalOf(players[0]!, takeback(net, players[1]!, 1, players[1]!.replay.genesisId!, false))).toBe('UNKNOWN_MOVE');
		void third;
		// Seat 2's pass is its last move still, but another seat moved and a roll landed since.
		expect(refusalOf(players[0]!, takeback(net, players[2]!, 2, second, false))).toBe('RANDOMNESS_SINCE');
		expectAgreement(net, players);
	});

	it('a seat that moved again cannot take back the move before: NOT_LAST_MOVE', () => {
		const { net, players } = table('not-last');
		move(net, players, 0, pass(0));
		move(net, players, 2, pass(2));
		const pass1 = move(net, players, 1, pass(1));
		net.automatic();
		void pass1;
		const state = players[0]!.replay.state!;
		expect(state.turn?.seat).toBe(1);
		const first = players[1]!.replay.accepted.find((a) => a.id === pass1)!.id;
		// Seat 1 plays on (ends its actions): its pass is no longer its last move.
		move(net, players, 1, { type: 'endActions', seat: 1 } as PlayerAction);
		expect(refusalOf(players[0]!, takeback(net, players[1]!, 1, first, true))).toBe('NOT_LAST_MOVE');
	});

	it('a move of an earlier turn cannot be asked about: EARLIER_TURN', () => {
		const { net, players } = table('earlier-turn');
		for (const seat of [2, 0, 1]) move(net, players, seat, pass(seat));
		net.automatic();
		move(net, players, 1, { type: 'endActions', seat: 1 } as PlayerAction);
		const ended = move(net, players, 1, { type: 'endTurn', seat: 1 } as PlayerAction);
		net.automatic();
		expect(players[0]!.replay.state!.turn?.seat).not.toBe(1);
		// Another seat passes the next turn's start window: not at once any more, and the turn is another.
		move(net, players, 0, pass(0));
		expect(refusalOf(players[0]!, takeback(net, players[1]!, 1, ended, true))).toBe('EARLIER_TURN');
		expectAgreement(net, players);
	});

	it('a takeback back-dated before the roll it saw (naming its move as its last entry) is equivocation: refused, its author caught', () => {
		const { net, players } = table('back-dated-roll');
		const moveId = move(net, players, 2, pass(2));
		move(net, players, 0, pass(0));
		const roll = players[0]!.replay.event;
		move(net, players, 1, pass(1));
		net.automatic();
		// The roll is known: the opener became final only once seat 2 acknowledged it (an entry after its move).
		expect(players[0]!.replay.event).toBeGreaterThan(roll);
		const rogue = players[2]!.device!;
		const forged = signEntry(rogue.identity, { game: net.game, kind: 'takeback', body: { seat: 2, move: moveId, ask: false }, last: moveId, deps: [] });
		net.post(forged);
		net.automatic();
		const id = idOf(forged);
		for (const peer of players) expect(refusalOf(peer, id)).toBe('EQUIVOCATION');
		expect(players[0]!.replay.core.cheaters.has(2)).toBe(true);
		expectAgreement(net, players);
	});

	it('votes: one’s own request, twice, a request that does not exist, two open requests', () => {
		const { net, players } = table('votes');
		const moveId = move(net, players, 2, pass(2));
		move(net, players, 0, pass(0));
		const request = takeback(net, players[2]!, 2, moveId, true);
		expect(refusalOf(players[0]!, takeback(net, players[2]!, 2, moveId, true))).toBe('REQUEST_OPEN');
		expect(refusalOf(players[0]!, answer(net, players[2]!, 2, request, true))).toBe('OWN_REQUEST');
		expect(refusalOf(players[0]!, answer(net, players[0]!, 0, request, true))).toBeNull();
		expect(refusalOf(players[0]!, answer(net, players[0]!, 0, request, false))).toBe('ALREADY_ANSWERED');
		expect(refusalOf(players[0]!, answer(net, players[1]!, 1, moveId, true))).toBe('NO_REQUEST');
		// A vote signed by a key that does not hold the seat it names.
		expect(refusalOf(players[0]!, answer(net, players[0]!, 1, request, true))).toBe('NOT_SEAT_HOLDER');
		expect(players[0]!.replay.core.undo.requests.has(request)).toBe(true);
		expectAgreement(net, players);
	});

	it('a stale request granted late is refused: another seat’s move since ended it (it lapsed), and that move stands', () => {
		const { net, players } = table('stale');
		const first = move(net, players, 0, pass(0));
		move(net, players, 2, pass(2));
		// Seat 0 asks about its pass; seat 1 agrees at once, while nothing else happened.
		const request = takeback(net, players[0]!, 0, first, true);
		expect(refusalOf(players[1]!, answer(net, players[1]!, 1, request, true))).toBeNull();
		// The window closes (seat 1's pass, the income roll): a pass and a roll keep the request open.
		move(net, players, 1, pass(1));
		net.automatic();
		expect(players[0]!.replay.core.undo.requests.has(request)).toBe(true);
		// Seat 1 plays on: its turn's actions end. The request expires at that entry, on every peer.
		const state = players[0]!.replay.state!;
		expect(state.turn).toMatchObject({ seat: 1, step: 'actions' });
		move(net, players, 1, { type: 'endActions', seat: 1 } as PlayerAction);
		const played = players[0]!.replay.stateHash;
		for (const peer of players) expect(peer.replay.core.undo.requests.has(request)).toBe(false);
		expect(players[2]!.replay.core.undo.ended.at(-1)).toMatchObject({ id: request, seat: 0, outcome: 'lapsed' });
		// Seat 2, colluding with seat 0, grants the request late: refused, and seat 1's move is not voided.
		const late = answer(net, players[2]!, 2, request, true);
		net.automatic();
		for (const peer of players) expect(refusalOf(peer, late)).toBe('NO_REQUEST');
		for (const peer of players) expect(peer.replay.stateHash).toBe(played);
		expectAgreement(net, players);
	});

	it('a change a rewind cannot follow ends open requests at once', () => {
		const { net, players } = table('stale-protocol');
		const first = move(net, players, 0, pass(0));
		move(net, players, 2, pass(2));
		const request = takeback(net, players[0]!, 0, first, true);
		expect(players[1]!.replay.core.undo.requests.has(request)).toBe(true);
		// An absence vote (a protocol change) by seat 1 about seat 2.
		const vote = players[1]!.device!.entry(players[1]!.replay, 'absent', { seat: 1, target: 2 });
		net.post(vote);
		net.automatic();
		expect(refusalOf(players[1]!, idOf(vote))).toBeNull();
		for (const peer of players) expect(peer.replay.core.undo.requests.has(request)).toBe(false);
		expect(players[2]!.replay.core.undo.ended.at(-1)).toMatchObject({ id: request, outcome: 'lapsed' });
		expectAgreement(net, players);
	});

	it('a back-dated takeback (naming only its own move) concurrent with another seat’s entry is judged the same on every peer', () => {
		const { net, players } = table('back-dated');
		const moveId = move(net, players, 2, pass(2));
		// Seat 0 passes; seat 2's device signs its takeback as if it had not seen that pass.
		const seat2 = players[2]!;
		const other = players[0]!.device!.entry(players[0]!.replay, 'action', pass(0));
		const text = seat2.device!.entry(seat2.replay, 'takeback', { seat: 2, move: moveId, ask: false });
		net.post(other);
		net.post(text);
		net.automatic();
		const id = idOf(text);
		// Whichever the order puts first, every peer judges the same and ends equal.
		const codes = players.map((peer) => refusalOf(peer, id));
		expect(new Set(codes).size).toBe(1);
		expectAgreement(net, players);
	});
});
