// The UFOs' secret goal and the Secret Goals advanced rule, counted with the chooser's own
// Illuminati (Rules Summary, Special Goals: the Bavarians "including their own 10 points", the
// Network "including its own 7"; About the Illuminati, the UFOs: "choose any of the other seven"
// special goals, revealed to win; Advanced Rules, Secret Goals: everyone chooses a goal from the
// list, the UFOs get +1 Power). A goal chosen by another Illuminati counts that Illuminati's own
// Power or transferable Power, not the printed goal's owner's. One row per goal: met (wins once
// revealed, at the end of the turn) and one short (does not).
import { describe, expect, it } from 'vitest';
import { goalCommitment, type CardId, type GameState, type Placement, type Side } from '../../src/lib/engine/index.js';
import { arrowStatus, outSides, placementOn, withCard } from '../../src/lib/engine/structure.js';
import { play, type GroupSpec, type PlayerSpec } from '../helpers/scenario.js';
import { world as scenario } from '../helpers/odds.js';

/** Hangs each group on the first open arrow found. */
function greedy(illuminati: CardId, cards: readonly CardId[]): GroupSpec[] {
	let structure: Readonly<Record<CardId, Placement>> = { [illuminati]: { master: null, side: 0, x: 0, y: 0, rot: 0, money: 0 } };
	const specs: GroupSpec[] = [];
	for (const card of cards) {
		for (const master of Object.keys(structure)) {
			const side = (master === illuminati ? ([0, 1, 2, 3] as Side[]) : outSides(master)).find((s) => arrowStatus(structure, master, s) === 'open');
			if (side === undefined) continue;
			specs.push({ card, master, side });
			structure = withCard(structure, card, placementOn(structure, card, master, side, 0));
			break;
		}
	}
	if (specs.length !== cards.length) throw new Error('greedy: no room');
	return specs;
}

const OTHER: PlayerSpec = { illuminati: 'discordian-society', money: 1, groups: [{ card: 'fbi', side: 1 }] };

/** Seat 0 with a committed secret goal, revealed, at the end of its turn. */
function revealedAndEnded(seat0: PlayerSpec, goal: CardId, rules: { hiddenGoals?: boolean } = {}): GameState {
	const state = scenario({ players: [seat0, rules.hiddenGoals ? { ...OTHER } : OTHER], rules });
	const committed = { ...state, players: state.players.map((p) => ({ ...p, goalCommitment: goalCommitment(p.seat === 0 ? goal : 'gnomes-of-zurich', `salt-${p.seat}`) })) };
	const revealed = play(committed, { type: 'revealGoal', seat: 0, goal, salt: 'salt-0' });
	return play(revealed, { type: 'endTurn', seat: 0 });
}

interface Row {
	readonly goal: CardId;
	readonly why: string;
	readonly met: PlayerSpec;
	readonly short: PlayerSpec;
}

const ufo = (groups: readonly CardId[], extra: Partial<PlayerSpec> = {}): PlayerSpec => ({ illuminati: 'ufos', groups: greedy('ufos', groups), ...extra });

const UFO_ROWS: readonly Row[] = [
	{
		goal: 'bavarian-illuminati',
		why: 'Power 35 with the UFOs\' own 6 (not the Bavarians\' 10): 6 + 7 + 7 + 7 + 6 + 2 = 35',
		met: ufo(['mafia', 'international-communist-conspiracy', 'new-york', 'multinational-oil-companies', 'kgb']),
		short: ufo(['mafia', 'international-communist-conspiracy', 'new-york', 'multinational-oil-companies', 'yuppies']),
	},
	{
		goal: 'network',
		why: 'transferable Power 25 with the UFOs\' own 6: 6 + 4 + 3 + 3 + 3 + 3 + 3 = 25',
		met: ufo(['cia', 'irs', 'big-media', 'federal-reserve', 'post-office', 'madison-avenue']),
		short: ufo(['cia', 'irs', 'big-media', 'federal-reserve', 'post-office', 'underground-newspapers']),
	},
	{
		goal: 'gnomes-of-zurich',
		why: '150 MB over all treasuries, the Illuminati\'s included',
		met: { illuminati: 'ufos', money: 140, groups: [{ card: 'cia', side: 1, money: 10 }] },
		short: { illuminati: 'ufos', money: 140, groups: [{ card: 'cia', side: 1, money: 9 }] },
	},
	{
		goal: 'discordian-society',
		why: 'five Weird groups',
		met: ufo(['smof', 'punk-rockers', 'psychiatrists', 'trekkies', 'intellectuals']),
		short: ufo(['smof', 'punk-rockers', 'psychiatrists', 'trekkies', 'yuppies']),
	},
	{
		goal: 'society-of-assassins',
		why: 'six Violent groups',
		met: ufo(['cia', 'mafia', 'pentagon', 'loan-sharks', 'kkk', 'cycle-gangs']),
		short: ufo(['cia', 'mafia', 'pentagon', 'loan-sharks', 'kkk', 'yuppies']),
	},
	{
		goal: 'bermuda-triangle',
		why: 'all ten alignments, a group counting for each of its own',
		met: ufo(['semiconscious-liberation-army', 'texas', 'parent-teacher-agglomeration', 'goldfish-fanciers']),
		short: ufo(['semiconscious-liberation-army', 'texas', 'parent-teacher-agglomeration', 'morticians']),
	},
	{
		goal: 'servants-of-cthulhu',
		why: 'eight groups destroyed',
		met: { illuminati: 'ufos', kills: 8, groups: [{ card: 'cia', side: 1 }] },
		short: { illuminati: 'ufos', kills: 7, groups: [{ card: 'cia', side: 1 }] },
	},
];

describe('UFOs: the chosen goal, counted with the UFOs\' own card', () => {
	it.each(UFO_ROWS)('$goal: $why', ({ goal, met, short }) => {
		expect(revealedAndEnded(met, goal).winners).toEqual([0]);
		const notYet = revealedAndEnded(short, goal);
		expect(notYet.winners).toEqual([]);
		expect(notYet.phase.kind).not.toBe('over');
	});
});

describe('Advanced Rules, Secret Goals: a goal from the list, counted with the chooser\'s own Illuminati', () => {
	it('the Bavarians choosing the Network\'s goal count their own transferable 10: 10 + 4 + 3 + 3 + 3 + 2 = 25', () => {
		const met: PlayerSpec = { illuminati: 'bavarian-illuminati', groups: greedy('bavarian-illuminati', ['cia', 'irs', 'big-media', 'federal-reserve', 'kgb']) };
		const short: PlayerSpec = { illuminati: 'bavarian-illuminati', groups: greedy('bavarian-illuminati', ['cia', 'irs', 'big-media', 'federal-reserve', 'yuppies']) };
		expect(revealedAndEnded(met, 'network', { hiddenGoals: true }).winners).toEqual([0]);
		expect(revealedAndEnded(short, 'network', { hiddenGoals: true }).winners).toEqual([]);
	});

	it('the UFOs choosing the Bavarians\' goal count their Power as 7 (6 + 1): 7 + 7 + 7 + 7 + 6 + 1 = 35', () => {
		const met = ufo(['mafia', 'international-communist-conspiracy', 'new-york', 'multinational-oil-companies', 'yuppies']);
		expect(revealedAndEnded(met, 'bavarian-illuminati', { hiddenGoals: true }).winners).toEqual([0]);
		expect(revealedAndEnded(met, 'bavarian-illuminati').winners).toEqual([]);
	});

	it('the printed goal no longer applies: the Gnomes with 150 MB who chose another goal do not win by it', () => {
		const rich: PlayerSpec = { illuminati: 'gnomes-of-zurich', money: 200, groups: [{ card: 'cia', side: 1 }] };
		expect(revealedAndEnded(rich, 'discordian-society', { hiddenGoals: true }).winners).toEqual([]);
		expect(revealedAndEnded(rich, 'gnomes-of-zurich', { hiddenGoals: true }).winners).toEqual([0]);
	});
});
