// What the lobby and the connection indicator derive from seats, presence and the transport.
import { describe, expect, it } from 'vitest';
import { botsGiveTwoPeopleEverything, claimedCount, holderName, isLobby, linkStatus, progressOf, seatRows, type StageInput } from '../../src/lib/ui/app/lobby.js';

describe('seatRows', () => {
	const presence = [
		{ name: 'Me', seat: 'K-me', self: true },
		{ name: 'Bob', seat: 'K-bob', self: false },
		{ name: 'Eve', self: false }
	];

	it('names each seat by who holds it and who of them is connected', () => {
		expect(seatRows(['K-me', null, 'K-bob', 'K-gone', 'K-me'], 'K-me', presence)).toEqual([
			{ seat: 0, key: 'K-me', mine: true, names: [], name: null, present: true },
			{ seat: 1, key: null, mine: false, names: [], name: null, present: false },
			{ seat: 2, key: 'K-bob', mine: false, names: ['Bob'], name: 'Bob', present: true },
			{ seat: 3, key: 'K-gone', mine: false, names: [], name: null, present: false },
			{ seat: 4, key: 'K-me', mine: true, names: [], name: null, present: true }
		]);
	});
});

describe('isLobby and claimedCount', () => {
	it.each([
		[false, [], true],
		[true, [null, null], true],
		[true, ['a', null], true],
		[true, ['a', 'b'], false]
	])('game arrived %s, seats %j: lobby %s', (hasGame, seats, lobby) => {
		expect(isLobby(hasGame, seats)).toBe(lobby);
	});

	it('counts claimed seats', () => {
		expect(claimedCount(['a', null, 'b'])).toBe(2);
	});
});

describe('linkStatus', () => {
	it.each([
		['searching', [], 'searching'],
		['searching', [{ connected: false }], 'searching'],
		['searching', [{ connected: false }, { connected: true }], 'connected'],
		['offline', [{ connected: true }], 'offline'],
		['connected', [], 'connected']
	] as const)('%s with links %j is %s', (status, links, expected) => {
		expect(linkStatus(status, links)).toBe(expected);
	});
});

describe('progressOf', () => {
	const at = (patch: Partial<StageInput>): StageInput => ({ status: 'connected', hasGame: true, accepted: 10, othersAccepted: [], ...patch });
	it.each([
		['a game on this device only', at({ status: 'local' }), 'local', 10],
		['disconnected on request', at({ status: 'offline', othersAccepted: [50] }), 'offline', 50],
		['no peer yet', at({ status: 'searching' }), 'searching', 10],
		['no peer yet, the game not here yet', at({ status: 'searching', hasGame: false, accepted: 0 }), 'searching', 0],
		['linked, the game not here yet', at({ hasGame: false, accepted: 0 }), 'waiting', 0],
		['a peer is ahead', at({ othersAccepted: [4, 40] }), 'catchingUp', 40],
		['a peer is ahead before the link counts as open', at({ status: 'searching', othersAccepted: [40] }), 'catchingUp', 40],
		['entries still being checked', at({ othersAccepted: [10], verifying: 120 }), 'catchingUp', 10],
		['as far as every peer', at({ othersAccepted: [10, 3], verifying: 0 }), 'ready', 10]
	])('%s', (_name, input, stage, total) => {
		expect(progressOf(input)).toEqual({ stage, done: input.accepted, total });
	});
});

describe('holderName', () => {
	it('leaves out blank names of present peers, so a player who set no name gets the fallback', () => {
		const [row] = seatRows(['K-x'], 'K-me', [{ name: '', seat: 'K-x', self: false }]);
		expect(row!.names).toEqual(['']);
		expect(holderName(row!)).toBeNull();
	});

	it('keeps the names that are set, and falls back to the last name seen', () => {
		expect(holderName({ names: ['', 'Bob'], name: 'Bob' })).toBe('Bob');
		expect(holderName({ names: [], name: 'Ann' })).toBe('Ann');
		expect(holderName({ names: ['  '], name: null })).toBeNull();
	});
});

describe('botsGiveTwoPeopleEverything (the lobby notice: a bot at a table of two people)', () => {
	it.each([
		[3, 1, true],
		[4, 2, true],
		[4, 1, false],
		[5, 2, false],
		[3, 0, false],
		[2, 1, false],
	])('%i seats, %i bots: %s', (seats, bots, shown) => {
		expect(botsGiveTwoPeopleEverything(seats, bots)).toBe(shown);
	});
});
