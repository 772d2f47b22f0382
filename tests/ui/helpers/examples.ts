/**
 * One accepted entry of every action type, in a small game built for it, for the words tests.
 * Where the rules decide the details (which group may aid, which arrow is open) the entry is
 * taken from the engine's own legalActions, so these examples never restate a rule.
 */
import { ACTION_TYPES, goalCommitment, initialState, legalActions, DEFAULT_RULES, type Action, type ActionType, type GameState, type Seat } from '../../../src/lib/engine/index.js';
import { passAll, play, rollAttack, scenario, type ScenarioSpec } from '../../helpers/scenario.js';

export interface Example {
	readonly before: GameState;
	readonly action: Action;
}

/** The first legal action of a type for any seat (or the given one), with amounts of 1. */
export function legal(state: GameState, type: ActionType, seat?: Seat, where: (action: Action) => boolean = () => true): Action {
	const seats = seat === undefined ? state.players.map((p) => p.seat) : [seat];
	for (const s of seats) {
		for (const option of legalActions(state, s)) {
			const action = option.max !== undefined && 'amount' in option.action ? { ...option.action, amount: 1 } : option.action;
			if (action.type === type && where(action)) return action;
		}
	}
	throw new Error(`no legal ${type} here (phase ${state.phase.kind})`);
}

const BASE: ScenarioSpec = {
	players: [
		{
			illuminati: 'bavarian-illuminati',
			money: 20,
			hand: ['slush-fund'],
			groups: [
				{ card: 'multinational-oil-companies', side: 1, money: 4 },
				{ card: 'cia', side: 3, money: 3 },
			],
		},
		{ illuminati: 'network', money: 10, hand: ['swiss-bank-account', 'market-manipulation'], groups: [{ card: 'republicans', side: 1, money: 5 }] },
		{ illuminati: 'gnomes-of-zurich', money: 10, groups: [{ card: 'kgb', side: 1, money: 2 }] },
	],
	uncontrolled: ['yuppies', 'hollywood'],
};

export const base = (): GameState => scenario(BASE);

const ATTACK: Action = { type: 'attack', seat: 0, kind: 'control', attacker: 'multinational-oil-companies', target: 'yuppies', aids: [] };
const attacking = (): GameState => play(base(), ATTACK);

/** Seat 0 captures the Republicans (and their puppets) from seat 1 with a roll of 2. */
function captured(): GameState {
	const state = scenario({
		players: [
			{ illuminati: 'bavarian-illuminati', money: 30, groups: [{ card: 'multinational-oil-companies', side: 1, money: 4 }, { card: 'yuppies', side: 2, money: 2 }] },
			{
				illuminati: 'network',
				money: 6,
				groups: [
					{ card: 'republicans', side: 1, money: 7 },
					{ card: 'democrats', master: 'republicans', side: 0, money: 5 },
					{ card: 'kkk', master: 'republicans', side: 3, money: 3 },
				],
			},
		],
	});
	const declared = play(state, { type: 'attack', seat: 0, kind: 'control', attacker: 'multinational-oil-companies', target: 'republicans', aids: [] }, { type: 'spend', seat: 0, from: 'bavarian-illuminati', amount: 10 });
	return rollAttack(declared, 1, 1);
}

function withUfos(patch: (state: GameState) => GameState): GameState {
	const state = scenario({ ...BASE, players: [{ ...BASE.players[0]!, illuminati: 'ufos' }, ...BASE.players.slice(1)] });
	const committed = { ...state, players: state.players.map((p) => (p.seat === 0 ? { ...p, goalCommitment: goalCommitment('network', 'salt') } : p)) };
	return patch(committed);
}

function withGroup(card: string, money = 0, turn: ScenarioSpec['turn'] = undefined, illuminati = 'bavarian-illuminati'): GameState {
	const [first, ...rest] = BASE.players;
	return scenario({ ...BASE, turn, players: [{ ...first!, illuminati, groups: [...first!.groups!, { card, side: 2, money }] }, ...rest] });
}

/** Seat 0 gives the CIA to seat 1 in an accepted trade; seat 1 now places it. */
function receiving(): GameState {
	const offered = play(base(), { type: 'offer', seat: 0, to: 1, give: { money: 0, specials: [], groups: ['cia'] }, take: { money: 0, specials: [], groups: [] }, private: false });
	return play(offered, { type: 'acceptOffer', seat: 1, offer: 0 });
}

const offered = (): GameState => play(base(), { type: 'offer', seat: 0, to: 1, give: { money: 3, specials: [], groups: [] }, take: { money: 0, specials: ['swiss-bank-account'], groups: [] }, private: false });

/** Seat 1 controls the IRS and its turn begins (the turn-start window, before income). */
function irsTurnStart(): GameState {
	const state = scenario({
		players: [
			{ illuminati: 'bavarian-illuminati', money: 1, groups: [{ card: 'kgb', side: 1, money: 4 }] },
			{ illuminati: 'network', groups: [{ card: 'irs', side: 1 }] },
		],
	});
	return play(state, { type: 'endTurn', seat: 0 });
}

function owingTax(): GameState {
	const state = scenario({
		players: [
			{ illuminati: 'bavarian-illuminati', money: 1, groups: [{ card: 'kgb', side: 1, money: 4 }] },
			{ illuminati: 'network', groups: [{ card: 'irs', side: 1 }] },
		],
	});
	return passAll(play(state, { type: 'endTurn', seat: 0 }));
}

function absentSeat(): GameState {
	const state = scenario({ ...BASE, rules: { absence: 'passTurns' } });
	return { ...state, players: state.players.map((p) => (p.seat === 2 ? { ...p, absent: true } : p)) };
}

/** The base table with seat 0 playing an illuminated group (FR add-on option). */
function illuminated(illuminati: string): GameState {
	return scenario({ ...BASE, players: [{ ...BASE.players[0]!, illuminati }, ...BASE.players.slice(1)], rules: { illuminated: [illuminati] } });
}

export const EXAMPLES: Readonly<Record<ActionType, () => Example>> = {
	random: () => ({ before: initialState({ players: 3, illuminati: 'random', sandbox: false, rules: DEFAULT_RULES }), action: { type: 'random', seed: 'ab'.repeat(16) } }),
	fixed: () => ({ before: passAll(attacking()), action: { type: 'fixed', dice: [[2, 3]] } }),
	commitGoal: () => ({
		before: initialState({ players: 2, illuminati: ['ufos', 'network'], sandbox: true, rules: DEFAULT_RULES }),
		action: { type: 'commitGoal', seat: 0, commitment: goalCommitment('network', 'salt') },
	}),
	revealGoal: () => ({ before: withUfos((s) => s), action: { type: 'revealGoal', seat: 0, goal: 'network', salt: 'salt' } }),
	declineClaim: () => ({ before: withUfos((s) => ({ ...s, phase: { kind: 'ufoClaim', seats: [0] } })), action: { type: 'declineClaim', seat: 0 } }),
	pay: () => ({ before: owingTax(), action: { type: 'pay', seat: 0, reason: 'tax', sources: [{ card: 'bavarian-illuminati', amount: 1 }, { card: 'kgb', amount: 1 }] } }),
	attack: () => ({ before: base(), action: { ...ATTACK, aids: ['cia'] } as Action }),
	aid: () => ({ before: attacking(), action: legal(attacking(), 'aid') }),
	spend: () => ({ before: attacking(), action: { type: 'spend', seat: 0, from: 'bavarian-illuminati', amount: 3 } }),
	playSpecial: () => ({ before: base(), action: { type: 'playSpecial', seat: 0, card: 'slush-fund' } }),
	abolishPrivilege: () => {
		let privileged = play(base(), { ...ATTACK, privilege: { kind: 'discard', card: 'slush-fund' } } as Action);
		// The privilege is a play in a cancel window: everyone passes it, then it may be abolished.
		for (const seat of [1, 2, 0]) if (privileged.chain !== null) privileged = play(privileged, { type: 'passWindow', seat });
		return { before: privileged, action: legal(privileged, 'abolishPrivilege') };
	},
	passWindow: () => {
		const start = play(base(), { type: 'endTurn', seat: 0 });
		return { before: start, action: legal(start, 'passWindow') };
	},
	passSpending: () => ({ before: attacking(), action: { type: 'passSpending', seat: 1 } }),
	callOff: () => ({ before: attacking(), action: { type: 'callOff', seat: 0 } }),
	placeCapture: () => ({ before: captured(), action: { type: 'placeCapture', seat: 0, side: 1 } }),
	placePuppet: () => {
		const blocked = play(captured(), { type: 'placeCapture', seat: 0, side: 2 });
		return { before: blocked, action: legal(blocked, 'placePuppet', 0, (a) => a.type === 'placePuppet' && a.side === null) };
	},
	captureTransfer: () => {
		const placed = play(captured(), { type: 'placeCapture', seat: 0, side: 1 });
		return { before: placed, action: { type: 'captureTransfer', seat: 0, amount: 2 } };
	},
	transfer: () => ({ before: base(), action: { type: 'transfer', seat: 0, mode: 'free', from: 'bavarian-illuminati', to: 'cia', amount: 2 } }),
	move: () => ({ before: base(), action: legal(base(), 'move', 0) }),
	drop: () => ({ before: base(), action: { type: 'drop', seat: 0, card: 'cia' } }),
	passTurn: () => ({ before: base(), action: { type: 'passTurn', seat: 0 } }),
	endActions: () => ({ before: base(), action: { type: 'endActions', seat: 0 } }),
	endTurn: () => ({ before: base(), action: { type: 'endTurn', seat: 0 } }),
	redistribute: () => {
		const state = play(scenario({ ...BASE, players: [{ ...BASE.players[0]!, illuminati: 'gnomes-of-zurich' }, BASE.players[1]!, { ...BASE.players[2]!, illuminati: 'bavarian-illuminati' }] }), { type: 'endActions', seat: 0 });
		return { before: state, action: legal(state, 'redistribute', 0) };
	},
	reorganize: () => {
		const state = play(withGroup('yuppies', 0, undefined, 'bermuda-triangle'), { type: 'endActions', seat: 0 });
		return { before: state, action: legal(state, 'reorganize', 0) };
	},
	editAlignment: () => ({ before: withGroup('orbital-mind-control-lasers'), action: legal(withGroup('orbital-mind-control-lasers'), 'editAlignment', 0) }),
	recycle: () => ({ before: withGroup('recyclers', 6), action: { type: 'recycle', seat: 0 } }),
	offer: () => ({ before: base(), action: { type: 'offer', seat: 0, to: 1, give: { money: 3, specials: [], groups: ['cia'] }, take: { money: 0, specials: [], groups: ['republicans'] }, private: false, note: 'and 5 MB next turn' } }),
	acceptOffer: () => ({ before: offered(), action: { type: 'acceptOffer', seat: 1, offer: 0 } }),
	declineOffer: () => ({ before: offered(), action: { type: 'declineOffer', seat: 1, offer: 0 } }),
	withdrawOffer: () => ({ before: offered(), action: { type: 'withdrawOffer', seat: 0, offer: 0 } }),
	give: () => ({ before: base(), action: { type: 'give', seat: 1, to: 0, money: 4, specials: ['swiss-bank-account'] } }),
	placeReceived: () => ({ before: receiving(), action: legal(receiving(), 'placeReceived', 1) }),
	leave: () => ({ before: base(), action: { type: 'leave', seat: 2 } }),
	declareAbsent: () => ({ before: base(), action: { type: 'declareAbsent', seat: 1, target: 2 } }),
	returnPresent: () => ({ before: absentSeat(), action: { type: 'returnPresent', seat: 2 } }),
	viewSpecials: () => ({ before: illuminated('illuminated-phone-company'), action: { type: 'viewSpecials', seat: 0, player: 1 } }),
	skipPlayer: () => ({ before: illuminated('illuminated-post-office'), action: { type: 'skipPlayer', seat: 0, target: 2 } }),
	waiveTax: () => ({ before: irsTurnStart(), action: { type: 'waiveTax', seat: 1, target: 0 } }),
	accuse: () => ({ before: scenario({ ...BASE, rules: { hiddenIlluminati: true } }), action: { type: 'accuse', seat: 0, target: 1, illuminati: 'network' } }),
	stateIlluminati: () => ({ before: scenario({ ...BASE, rules: { hiddenIlluminati: true } }), action: { type: 'stateIlluminati', seat: 0, power: 8, income: 9 } }),
	denyAccusation: () => {
		const before = scenario({ ...BASE, rules: { hiddenIlluminati: true } });
		return { before: { ...before, hiddenIlluminati: { identified: [], stated: {}, lastAccusation: null, pending: { seat: 0, target: 1, illuminati: 'network' } } }, action: { type: 'denyAccusation', seat: 1 } };
	},
	revealIlluminati: () => ({ before: scenario({ ...BASE, rules: { hiddenIlluminati: true } }), action: { type: 'revealIlluminati', seat: 0 } }),
};

export { ACTION_TYPES };
