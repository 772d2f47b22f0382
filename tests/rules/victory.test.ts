/**
 * Winning the Game and Eliminating a Player (Basic Rules; Spanish "Fin de la partida", "Eliminar a
 * un jugador", "Resumen de reglas": basic goals by players, special goals per Illuminati).
 */
import { describe, expect, it } from 'vitest';
import { goalCommitment, totalMoney, type CardId, type GameState, type Placement, type Side } from '../../src/lib/engine/index.js';
import { arrowStatus, outSides, placementOn, structureProblems, withCard } from '../../src/lib/engine/structure.js';
import { expectRefused, passAll, play, rollAttack, scenario, type GroupSpec, type PlayerSpec } from '../helpers/scenario.js';

function checkInvariants(state: GameState): void {
	const held = state.players.reduce((sum, p) => sum + totalMoney(p), 0);
	expect(state.bank.issued - state.bank.returned).toBe(held);
	for (const p of state.players) expect(structureProblems(p.structure)).toEqual([]);
}

/** Hangs each group on the first open arrow found, so any number of groups fits. */
function greedy(illuminati: CardId, cards: readonly CardId[]): GroupSpec[] {
	let structure: Readonly<Record<CardId, Placement>> = { [illuminati]: { master: null, side: 0, x: 0, y: 0, rot: 0, money: 0 } };
	const specs: GroupSpec[] = [];
	for (const card of cards) {
		let done = false;
		for (const master of Object.keys(structure)) {
			const side = (master === illuminati ? ([0, 1, 2, 3] as Side[]) : outSides(master)).find((s) => arrowStatus(structure, master, s) === 'open');
			if (side === undefined) continue;
			specs.push({ card, master, side });
			structure = withCard(structure, card, placementOn(structure, card, master, side, 0));
			done = true;
			break;
		}
		if (!done) throw new Error(`no open arrow for ${card}`);
	}
	return specs;
}

const OTHER: PlayerSpec = { illuminati: 'network', money: 1, groups: [{ card: 'fbi', side: 1 }] };

function endOfTurn(seat0: PlayerSpec, seat1: PlayerSpec = OTHER): GameState {
	return play(scenario({ players: [seat0, seat1] }), { type: 'endTurn', seat: 0 });
}

const direct = (...cards: CardId[]): GroupSpec[] => cards.map((card, side) => ({ card, side: side as Side }));

describe('Rules Summary, Special Goals: met at the end of a turn wins; one short does not', () => {
	it.each<{ goal: string; win: PlayerSpec; short: PlayerSpec }>([
		{
			goal: 'Bavarian Illuminati: Power 35, their own 10 included',
			win: { illuminati: 'bavarian-illuminati', groups: direct('mafia', 'international-communist-conspiracy', 'new-york', 'south-american-nazis') },
			short: { illuminati: 'bavarian-illuminati', groups: direct('mafia', 'international-communist-conspiracy', 'new-york', 'kgb') },
		},
		{
			goal: 'Bermuda Triangle: a group of each of the 10 alignments (a group counts for each of its alignments)',
			win: { illuminati: 'bermuda-triangle', groups: direct('semiconscious-liberation-army', 'texas', 'parent-teacher-agglomeration', 'goldfish-fanciers') },
			short: { illuminati: 'bermuda-triangle', groups: direct('semiconscious-liberation-army', 'texas', 'parent-teacher-agglomeration', 'morticians') },
		},
		{
			goal: 'Discordian Society: 5 Weird groups',
			win: { illuminati: 'discordian-society', groups: greedy('discordian-society', ['smof', 'punk-rockers', 'psychiatrists', 'trekkies', 'intellectuals']) },
			short: { illuminati: 'discordian-society', groups: greedy('discordian-society', ['smof', 'punk-rockers', 'psychiatrists', 'trekkies', 'yuppies']) },
		},
		{
			goal: 'Gnomes of Zurich: 150 MB in all their treasuries',
			win: { illuminati: 'gnomes-of-zurich', money: 100, groups: [{ card: 'cia', side: 1, money: 50 }] },
			short: { illuminati: 'gnomes-of-zurich', money: 100, groups: [{ card: 'cia', side: 1, money: 49 }] },
		},
		{
			goal: 'Network: transferable Power 25, their own 7 included',
			win: { illuminati: 'network', groups: greedy('network', ['cia', 'irs', 'big-media', 'federal-reserve', 'post-office', 'madison-avenue']) },
			short: { illuminati: 'network', groups: greedy('network', ['cia', 'irs', 'big-media', 'federal-reserve', 'post-office', 'underground-newspapers']) },
		},
		{
			goal: 'Servants of Cthulhu: 8 groups destroyed',
			win: { illuminati: 'servants-of-cthulhu', kills: 8, groups: direct('cia') },
			short: { illuminati: 'servants-of-cthulhu', kills: 7, groups: direct('cia') },
		},
		{
			goal: 'Society of Assassins: 6 Violent groups',
			win: { illuminati: 'society-of-assassins', groups: greedy('society-of-assassins', ['cia', 'mafia', 'pentagon', 'loan-sharks', 'kkk', 'cycle-gangs']) },
			short: { illuminati: 'society-of-assassins', groups: greedy('society-of-assassins', ['cia', 'mafia', 'pentagon', 'loan-sharks', 'kkk', 'yuppies']) },
		},
	])('$goal', ({ win, short }) => {
		const other = { ...OTHER, illuminati: win.illuminati === 'network' ? 'ufos' : 'network' };
		const won = endOfTurn(win, other);
		expect(won.phase.kind).toBe('over');
		expect(won.winners).toEqual([0]);
		checkInvariants(won);
		const notYet = endOfTurn(short, other);
		expect(notYet.phase.kind).not.toBe('over');
		expect(notYet.winners).toEqual([]);
	});
});

describe('Rules Summary, Basic Goal: groups to control (Illuminati included) by players at the start', () => {
	const ILLUMINATI = ['servants-of-cthulhu', 'network', 'gnomes-of-zurich', 'bavarian-illuminati', 'bermuda-triangle', 'discordian-society', 'society-of-assassins', 'ufos'];
	const SPARE = ['kgb', 'fbi', 'hackers', 'tabloids', 'junk-mail', 'yuppies', 'kkk'];
	const BIG = ['republicans', 'mafia', 'cia', 'pentagon', 'new-york', 'big-media', 'cfl-aio', 'international-cocaine-smugglers', 'international-communist-conspiracy', 'multinational-oil-companies', 'triliberal-commission', 'tv-preachers', 'texas'];
	const expected: Record<number, number> = { 2: 13, 3: 13, 4: 12, 5: 10, 6: 9, 7: 8, 8: 8 };

	function game(players: number, groups: number): GameState {
		const specs: PlayerSpec[] = Array.from({ length: players }, (_, seat) =>
			seat === 0
				? { illuminati: ILLUMINATI[0]!, groups: greedy(ILLUMINATI[0]!, BIG.slice(0, groups)) }
				: { illuminati: ILLUMINATI[seat]!, groups: [{ card: SPARE[seat - 1]!, side: 1 }] },
		);
		return play(scenario({ players: specs }), { type: 'endTurn', seat: 0 });
	}

	it.each([2, 3, 4, 5, 6, 7, 8])('%i players', (players) => {
		const goal = expected[players]!;
		const won = game(players, goal - 1);
		expect(won.winners).toEqual([0]);
		checkInvariants(won);
		const short = game(players, goal - 2);
		expect(short.winners).toEqual([]);
		expect(short.phase.kind).not.toBe('over');
	});

	it('the goal counts the players at the start: it does not rise when a player is eliminated', () => {
		// Four players at the start: 12. Seat 3 has only its Illuminati after its third turn and
		// goes out at this end of turn; three remain, yet 12 cards still win.
		const players = (groups: number): PlayerSpec[] => [
			{ illuminati: 'servants-of-cthulhu', groups: greedy('servants-of-cthulhu', BIG.slice(0, groups)) },
			{ illuminati: 'network', groups: [{ card: 'kgb', side: 1 }] },
			{ illuminati: 'gnomes-of-zurich', groups: [{ card: 'fbi', side: 1 }] },
			{ illuminati: 'ufos', money: 4, groups: [] },
		];
		const won = play(scenario({ players: players(11) }), { type: 'endTurn', seat: 0 });
		expect(won.players[3]!.eliminated).toBe(true);
		expect(won.winners).toEqual([0]);
		checkInvariants(won);
		const short = play(scenario({ players: players(10) }), { type: 'endTurn', seat: 0 });
		expect(short.players[3]!.eliminated).toBe(true);
		expect(short.winners).toEqual([]);
	});
});

describe('Winning the Game: checked at the end of every turn, not mid-turn; may be shared', () => {
	const rich = { illuminati: 'gnomes-of-zurich', money: 150, groups: [{ card: 'cia', side: 1, money: 0 }] } as const;

	it('a goal met during a turn wins only when the turn ends', () => {
		const state = scenario({ players: [rich, OTHER] });
		const during = play(state, { type: 'transfer', seat: 0, mode: 'action', from: 'gnomes-of-zurich', to: 'cia', amount: 10 });
		expect(during.phase.kind).toBe('turn');
		expect(during.winners).toEqual([]);
		const ended = play(during, { type: 'endTurn', seat: 0 });
		expect(ended.winners).toEqual([0]);
		expectRefused(ended, { type: 'endTurn', seat: 1 }, 'GAME_OVER');
	});

	it('a goal is also met at the end of another player\'s turn', () => {
		const ended = play(scenario({ players: [OTHER, rich] }), { type: 'endTurn', seat: 0 });
		expect(ended.winners).toEqual([1]);
	});

	it('two players meeting their goals at the same time share the victory', () => {
		const kills = { illuminati: 'servants-of-cthulhu', kills: 8, groups: [{ card: 'kgb', side: 1 }] } as const;
		const ended = play(scenario({ players: [kills, rich, OTHER] }), { type: 'endTurn', seat: 0 });
		expect(ended.winners).toEqual([0, 1]);
	});
});

describe('UFOs: a secret goal, committed at the start and revealed to win', () => {
	const ufo = (money: number, goal: CardId, salt: string): GameState => {
		const state = scenario({ players: [{ illuminati: 'ufos', money, groups: [{ card: 'cia', side: 1 }] }, OTHER] });
		return { ...state, players: state.players.map((p) => (p.seat === 0 ? { ...p, goalCommitment: goalCommitment(goal, salt) } : p)) };
	};

	it('revealing with the right salt makes the goal known; it wins at the end of the turn', () => {
		const state = ufo(150, 'gnomes-of-zurich', 'sesame');
		expectRefused(state, { type: 'revealGoal', seat: 0, goal: 'gnomes-of-zurich', salt: 'sesam' }, 'BAD_COMMITMENT');
		expectRefused(state, { type: 'revealGoal', seat: 0, goal: 'network', salt: 'sesame' }, 'BAD_COMMITMENT');
		expectRefused(state, { type: 'revealGoal', seat: 0, goal: 'ufos', salt: 'sesame' }, 'BAD_GOAL');
		const revealed = play(state, { type: 'revealGoal', seat: 0, goal: 'gnomes-of-zurich', salt: 'sesame' });
		expect(revealed.players[0]!.revealedGoal).toBe('gnomes-of-zurich');
		expect(revealed.phase.kind).toBe('turn');
		expectRefused(revealed, { type: 'revealGoal', seat: 0, goal: 'gnomes-of-zurich', salt: 'sesame' }, 'NOT_APPLICABLE');
		expect(play(revealed, { type: 'endTurn', seat: 0 }).winners).toEqual([0]);
	});

	it('a hidden goal that is met opens the claim window at the end of the turn', () => {
		const window = play(ufo(150, 'gnomes-of-zurich', 'sesame'), { type: 'endTurn', seat: 0 });
		expect(window.phase).toEqual({ kind: 'ufoClaim', seats: [0] });
		expect(window.winners).toEqual([]);
		expectRefused(window, { type: 'declineClaim', seat: 1 }, 'NOT_ELIGIBLE');
		expect(play(window, { type: 'revealGoal', seat: 0, goal: 'gnomes-of-zurich', salt: 'sesame' }).winners).toEqual([0]);
		const declined = play(window, { type: 'declineClaim', seat: 0 });
		expect(declined.winners).toEqual([]);
		expect(declined.turn!.seat).toBe(1);
	});

	it('revealing a goal that is not met in the window does not win', () => {
		const window = play(ufo(150, 'network', 'pepper'), { type: 'endTurn', seat: 0 });
		expect(window.phase.kind).toBe('ufoClaim');
		const revealed = play(window, { type: 'revealGoal', seat: 0, goal: 'network', salt: 'pepper' });
		expect(revealed.winners).toEqual([]);
		expect(revealed.turn!.seat).toBe(1);
	});

	it('no claim window when no goal is within reach: the next turn begins', () => {
		const ended = play(ufo(20, 'gnomes-of-zurich', 'sesame'), { type: 'endTurn', seat: 0 });
		expect(ended.phase.kind).toBe('turnStart');
		expect(ended.turn!.seat).toBe(1);
	});
});

describe('Eliminating a Player: after the third turn, a player with only the Illuminati is out', () => {
	const bare = (turnsCompleted: number) => ({ illuminati: 'bavarian-illuminati', money: 7, turnsCompleted, groups: [] }) as PlayerSpec;
	const three = (seat0: PlayerSpec) => scenario({ players: [seat0, OTHER, { illuminati: 'gnomes-of-zurich', money: 3, groups: [{ card: 'kgb', side: 1 }] }] });

	it.each([
		[0, false],
		[1, false],
		[2, true],
	] as const)('a bare structure that has completed %i turns, at the end of this turn: out = %s', (done, out) => {
		const state = three(bare(done));
		const ended = play(state, { type: 'endTurn', seat: 0 });
		expect(ended.players[0]!.eliminated).toBe(out);
		if (out) {
			expect(ended.players[0]!.structure).toEqual({});
			expect(ended.outOfPlay).toContain('bavarian-illuminati');
			expect(ended.bank.returned - state.bank.returned).toBe(7);
		}
		expect(ended.turn!.seat).toBe(1);
		checkInvariants(ended);
	});

	it('at any moment after the third turn: dropping the last group eliminates at once', () => {
		const state = three({ illuminati: 'bavarian-illuminati', money: 7, groups: [{ card: 'cia', side: 1, money: 2 }] });
		const out = play(state, { type: 'drop', seat: 0, card: 'cia' });
		expect(out.players[0]!.eliminated).toBe(true);
		expect(out.turn!.seat).toBe(1);
		checkInvariants(out);
	});

	it('eliminated players are skipped in the turn order', () => {
		const state = three(bare(2));
		let next = passAll(play(state, { type: 'endTurn', seat: 0 }));
		next = passAll(play(next, { type: 'fixed', cards: ['pentagon', 'bribery'] }, { type: 'endTurn', seat: 1 }));
		next = play(next, { type: 'fixed', cards: ['mafia'] }, { type: 'endTurn', seat: 2 });
		expect(next.turn!.seat).toBe(1);
	});

	it('Cthulhu exception: Cthulhu meeting the 8-kill goal with only the Illuminati left is not out, but wins', () => {
		const ended = play(three({ illuminati: 'servants-of-cthulhu', kills: 8, groups: [] }), { type: 'endTurn', seat: 0 });
		expect(ended.players[0]!.eliminated).toBe(false);
		expect(ended.winners).toEqual([0]);
	});

	it('a lone survivor wins', () => {
		const state = scenario({ players: [{ illuminati: 'bavarian-illuminati', groups: [{ card: 'cia', side: 1 }] }, OTHER] });
		const over = play(state, { type: 'drop', seat: 0, card: 'cia' });
		expect(over.phase.kind).toBe('over');
		expect(over.winners).toEqual([1]);
	});
});

describe('Servants of Cthulhu: eliminating a player by an attack counts as a kill', () => {
	it('destroying the last group of a player counts the group and the eliminated Illuminati', () => {
		const state = scenario({
			players: [
				{ illuminati: 'servants-of-cthulhu', money: 30, kills: 6, groups: [{ card: 'mafia', side: 1 }] },
				{ illuminati: 'network', money: 0, groups: [{ card: 'kkk', side: 1 }] },
				{ illuminati: 'gnomes-of-zurich', money: 3, groups: [{ card: 'kgb', side: 1 }] },
			],
		});
		const declared = play(
			state,
			{ type: 'attack', seat: 0, kind: 'destroy', attacker: 'mafia', target: 'kkk', aids: [] },
			{ type: 'spend', seat: 0, from: 'servants-of-cthulhu', amount: 25 },
		);
		const rolled = rollAttack(declared, 1, 1);
		expect(rolled.dead).toContain('kkk');
		expect(rolled.players[1]!.eliminated).toBe(true);
		expect(rolled.players[0]!.kills).toBe(8);
		expect(rolled.phase.kind).toBe('turn');
		checkInvariants(rolled);
		expect(play(rolled, { type: 'endTurn', seat: 0 }).winners).toEqual([0]);
	});
});

describe('About the Illuminati, Bermuda Triangle: the Lasers can win it by changing an alignment at the right moment', () => {
	const bermuda = () =>
		scenario({
			players: [
				{ illuminati: 'bermuda-triangle', groups: direct('semiconscious-liberation-army', 'texas', 'parent-teacher-agglomeration', 'orbital-mind-control-lasers') },
				OTHER,
			],
		});

	it('an alignment added this turn counts at the end of the turn', () => {
		expect(play(bermuda(), { type: 'endTurn', seat: 0 }).winners).toEqual([]);
		const edited = play(bermuda(), { type: 'editAlignment', seat: 0, target: 'texas', op: 'add', alignment: 'Fanatic' });
		expect(edited.phase.kind).toBe('turn');
		expect(play(edited, { type: 'endTurn', seat: 0 }).winners).toEqual([0]);
	});
});
