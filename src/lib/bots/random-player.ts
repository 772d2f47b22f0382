/**
 * A seeded player that makes uniformly random legal moves: it asks the engine what is legal
 * (legalActions), picks a seat that may act, an action type, then an instance. Used by
 * `fnord random-game`, the fuzz tests and the benchmarks. Deterministic for a given seed.
 */
import {
	ByteStream,
	DEFAULT_RULES,
	goalCommitment,
	initialState,
	legalActions,
	makeLog,
	sha256Hex,
	step,
	type Action,
	type CardId,
	type GameLog,
	type GameOptions,
	type GameState,
	type LegalAction,
	type PlayerAction,
	type Seat,
	DEAL_ACTIONS,
	type OfferAction,
} from '../engine/index.js';

/** Uniform choices from a seed, by rejection sampling on SHA-256 output. */
export class Chooser {
	private readonly stream: ByteStream;

	constructor(seed: string) {
		this.stream = new ByteStream(sha256Hex(`fnord-random-player:${seed}`));
	}

	/** Uniform integer in [0, n), n < 2^32. */
	int(n: number): number {
		if (n <= 256) return this.stream.below(n);
		const limit = 0x100000000 - (0x100000000 % n);
		for (;;) {
			const value =
				((this.stream.nextByte() << 24) | (this.stream.nextByte() << 16) | (this.stream.nextByte() << 8) | this.stream.nextByte()) >>> 0;
			if (value < limit) return value % n;
		}
	}

	pick<T>(list: readonly T[]): T {
		return list[this.int(list.length)]!;
	}

	chance(numerator: number, denominator: number): boolean {
		return this.int(denominator) < numerator;
	}

	hex(bytes: number): string {
		let out = '';
		for (let i = 0; i < bytes; i++) out += this.stream.nextByte().toString(16).padStart(2, '0');
		return out;
	}
}

interface Secret {
	readonly goal: CardId;
	readonly salt: string;
}

function randomSplit(chooser: Chooser, total: number, cards: readonly CardId[]): Record<CardId, number> {
	const amounts: Record<CardId, number> = {};
	for (const card of cards) amounts[card] = 0;
	for (let i = 0; i < total; i++) amounts[chooser.pick(cards)]! += 1;
	return amounts;
}

/** Turns a legal option into a concrete action, filling amounts, aid and secrets at random. */
function concretize(chooser: Chooser, legal: LegalAction, secrets: Map<Seat, Secret>): PlayerAction | null {
	const action = legal.action;
	if (legal.max !== undefined && 'amount' in action) return { ...action, amount: 1 + chooser.int(legal.max) };
	if (action.type === 'attack') {
		const aids = (legal.aidCandidates ?? []).filter(() => chooser.chance(1, 2));
		const privileges = legal.privileges ?? [];
		// A privilege's legality does not depend on the aid, so one listed stays legal.
		if (privileges.length > 0 && chooser.chance(1, 3)) return { ...action, aids, privilege: chooser.pick(privileges) };
		return { ...action, aids };
	}
	if (action.type === 'playSpecial' && action.treasuries !== undefined) {
		const cards = Object.keys(action.treasuries);
		const total = Object.values(action.treasuries).reduce((sum, amount) => sum + amount, 0);
		return { ...action, treasuries: randomSplit(chooser, total, cards) };
	}
	if (action.type === 'commitGoal') {
		const choices = ['bavarian-illuminati', 'bermuda-triangle', 'discordian-society', 'gnomes-of-zurich', 'network', 'servants-of-cthulhu', 'society-of-assassins'];
		const secret = { goal: chooser.pick(choices), salt: chooser.hex(8) };
		secrets.set(action.seat, secret);
		return { ...action, commitment: goalCommitment(secret.goal, secret.salt) };
	}
	if (action.type === 'revealGoal') {
		const secret = secrets.get(action.seat);
		return secret === undefined || secret.goal !== action.goal ? null : { ...action, salt: secret.salt };
	}
	if (action.type === 'redistribute') {
		const cards = Object.keys(action.treasuries);
		const total = Object.values(action.treasuries).reduce((sum, amount) => sum + amount, 0);
		return { ...action, treasuries: randomSplit(chooser, total, cards) };
	}
	return action;
}

/** Now and then (one entry in eight), a deal: answering an open offer, a gift, or a small random
 * offer. Deals are always open to every seat, so taking them at every chance would stall games. */
function dealEntry(state: GameState, chooser: Chooser, bySeat: readonly { readonly options: readonly LegalAction[] }[]): Action | null {
	if (!chooser.chance(1, 8)) return null;
	const deals = bySeat.flatMap((entry) => entry.options.filter((legal) => DEAL_ACTIONS.has(legal.action.type)));
	if (deals.length === 0) return null;
	// A kind of deal first, then one of its entries, so that the many possible gifts don't crowd out offers.
	// Accepting is rare otherwise (the receiver must be picked before the offer lapses).
	const kinds = [...new Set(deals.map((legal) => legal.action.type))];
	const kind = kinds.includes('acceptOffer') && chooser.chance(1, 2) ? 'acceptOffer' : chooser.pick(kinds);
	const legal = chooser.pick(deals.filter((entry) => entry.action.type === kind));
	const action = legal.action;
	if (action.type === 'give' && legal.max !== undefined) return { ...action, money: 1 + chooser.int(Math.min(legal.max, 5)) };
	if (action.type === 'offer') return randomOffer(state, chooser, action);
	return action;
}

/** A small random exchange with a random other seat; the listed example when that one is illegal. */
function randomOffer(state: GameState, chooser: Chooser, example: OfferAction): Action {
	const me = state.players[example.seat]!;
	const others = state.players.filter((p) => p.seat !== me.seat && !p.eliminated && p.illuminati !== null);
	// Groups move only on the turn of one of the two players: often make the offer to the active one.
	const active = others.find((p) => p.seat === state.turn?.seat);
	const other = active !== undefined && chooser.chance(1, 2) ? active : chooser.pick(others);
	const groupsOf = (p: typeof me) => Object.keys(p.structure).filter((card) => card !== p.illuminati);
	const side = (p: typeof me) => {
		const money = p.structure[p.illuminati!]?.money ?? 0;
		const groups = groupsOf(p);
		return {
			money: chooser.chance(1, 2) ? chooser.int(Math.min(money, 5) + 1) : 0,
			specials: p.hand.length > 0 && chooser.chance(1, 4) ? [chooser.pick(p.hand)] : [],
			groups: groups.length > 0 && chooser.chance(1, 3) ? [chooser.pick(groups)] : [],
		};
	};
	const offer: OfferAction = {
		type: 'offer',
		seat: me.seat,
		to: other.seat,
		give: side(me),
		take: side(other),
		private: chooser.chance(1, 2),
		...(chooser.chance(1, 4) ? { note: 'and 5 MB next turn' } : {}),
	};
	return step(state, offer).ok ? offer : example;
}

/** One random move for whoever may act now, or randomness when the game waits for it. */
/** uniform: any legal move; cautious: rarely drops its own groups; marathon: never drops, passes
 * or attacks to neutralize or destroy, so games run long (benchmarks). */
export type Policy = 'uniform' | 'cautious' | 'marathon';

const LEAVING: ReadonlySet<string> = new Set(['leave', 'declareAbsent']);

function allowedBy(policy: Policy, chooser: Chooser): (legal: LegalAction) => boolean {
	if (policy === 'uniform') return () => true;
	if (policy === 'cautious') {
		const dropsAllowed = chooser.chance(1, 20);
		return (legal) => dropsAllowed || legal.action.type !== 'drop';
	}
	return (legal) => {
		const action = legal.action;
		if (action.type === 'drop' || action.type === 'passTurn') return false;
		return action.type !== 'attack' || action.kind === 'control';
	};
}

export function randomEntry(state: GameState, chooser: Chooser, secrets: Map<Seat, Secret>, policy: Policy = 'uniform'): Action | null {
	if (state.phase.kind === 'over') return null;
	if (state.random !== null) return { type: 'random', seed: chooser.hex(32) };
	// Leaving and absence votes end games early: never in 'cautious' and 'marathon', rarely in 'uniform'.
	const membership = policy === 'uniform' && chooser.chance(1, 400);
	const legalBySeat = state.players.map((player) => ({ seat: player.seat, options: legalActions(state, player.seat) }));
	// The Illuminated Phone Company may look at Specials at any time: only now and then (one entry
	// in twenty), or its seat would act all the time. No draw at all when no look is open, so games
	// without the FR add-on play as before.
	const looking = legalBySeat.some((entry) => entry.options.some((legal) => legal.action.type === 'viewSpecials')) && chooser.chance(1, 20);
	const bySeat = legalBySeat
		.map(({ seat, options }) => ({
			seat,
			options: options.filter(
				(legal) =>
					(legal.action.type !== 'revealGoal' || secrets.get(seat)?.goal === legal.action.goal) &&
					(membership || !LEAVING.has(legal.action.type)) &&
					(looking || legal.action.type !== 'viewSpecials'),
			),
		}))
		.filter((entry) => entry.options.length > 0);
	if (bySeat.length === 0) return null;
	const deal = dealEntry(state, chooser, bySeat);
	if (deal !== null) return deal;
	const ruled = bySeat
		.map((entry) => ({ ...entry, options: entry.options.filter((legal) => !DEAL_ACTIONS.has(legal.action.type)) }))
		.filter((entry) => entry.options.length > 0);
	const { options } = chooser.pick(ruled.length > 0 ? ruled : bySeat);
	const kept = options.filter(allowedBy(policy, chooser));
	return concretize(chooser, chooser.pick(kept.length > 0 ? kept : options), secrets);
}

export interface RandomGameOptions {
	readonly players: number;
	readonly seed: string;
	readonly maxEntries: number;
	readonly policy?: Policy;
	readonly setup?: Partial<GameOptions>;
	/** Called after every accepted entry (fuzz invariants). */
	readonly onStep?: (state: GameState, entry: Action, index: number) => void;
}

export interface RandomGame {
	readonly log: GameLog;
	readonly state: GameState;
}

/** Plays a sandbox game of random legal moves until it ends or reaches the entry cap. */
export function randomGame(options: RandomGameOptions): RandomGame {
	const setup: GameOptions = {
		players: options.players,
		illuminati: options.setup?.illuminati ?? 'random',
		sandbox: true,
		rules: { ...DEFAULT_RULES, ...options.setup?.rules },
	};
	const chooser = new Chooser(options.seed);
	const secrets = new Map<Seat, Secret>();
	const entries: Action[] = [];
	let state = initialState(setup);
	while (entries.length < options.maxEntries) {
		const entry = randomEntry(state, chooser, secrets, options.policy);
		if (entry === null) break;
		const result = step(state, entry);
		if (!result.ok) {
			throw new Error(`random player chose an illegal entry ${JSON.stringify(entry)}: ${result.error.code} ${result.error.message}`);
		}
		state = result.state;
		entries.push(entry);
		options.onStep?.(state, entry, entries.length - 1);
	}
	return { log: makeLog(setup, entries, { generator: 'fnord random-game', seed: options.seed, players: options.players }), state };
}
