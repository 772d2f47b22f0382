// Red team, session 16. Harness for the "kept groups use up the unseen Specials" attack (docs/protocol.md threat table).
// Real protocol peers (tests/protocol/v2/table.ts), a hostile seat's automatic deck entries tampered with.
import { expect } from 'vitest';
import { legalActions, seatsToAct, type Seat } from '../../../src/lib/engine/index.js';
import { CARDS } from '../../../src/lib/engine/cards/index.js';
import { viewFor } from '../../../src/lib/engine/knowledge.js';
import { keepingUnprovable } from '../../../src/lib/protocol/v2/deck/core.js';
import type { DeckBody } from '../../../src/lib/protocol/v2/deck/bodies.js';
import type { Network, Peer } from './table.js';
import { automaticWith, type Tamper } from './deck-hostile.js';

const QUIET = ['passWindow', 'passSpending', 'endActions', 'endTurn', 'passTurn', 'pay', 'declineClaim'];
const NOISY = ['leave', 'declareAbsent', 'give', 'offer', 'playSpecial', 'callOff', 'aid', 'spend', 'drop', 'move', 'transfer'];
/** Short turns, many draws: an attack to control an uncontrolled group when one may be declared (so
 * no seat is left with its Illuminati alone and eliminated), else the turn passed; never what would
 * end the game early or wait on other seats (NOISY). False when the game is over or nothing is quiet. */
export function passQuietly(net: Network, players: readonly Peer[]): boolean {
	const state = players[0]!.replay.state!;
	if (state.phase.kind === 'over') return false;
	for (const seat of seatsToAct(state)) {
		const actor = players[seat]!;
		if (state.players[seat]!.left || state.players[seat]!.eliminated) continue;
		const options = legalActions(viewFor(state, seat, actor.device!.knowledge(actor.replay, seat)), seat);
		const control = options.find((legal) => legal.action.type === 'attack' && legal.action.kind === 'control' && state.uncontrolled.includes(legal.action.target));
		const spend = state.phase.kind === 'attack' && state.phase.attack.seat === seat && state.phase.attack.attackerSpent === 0 ? options.find((legal) => legal.action.type === 'spend') : undefined;
		const spendAll = spend === undefined ? undefined : { action: { ...spend.action, amount: spend.max! } as typeof spend.action };
		const quiet = control ?? spendAll ?? QUIET.map((type) => options.find((legal) => legal.action.type === type)).find((legal) => legal !== undefined) ?? options.find((legal) => !NOISY.includes(legal.action.type));
		if (quiet === undefined) continue;
		net.post(actor.device!.entry(actor.replay, 'action', quiet.action));
		return true;
	}
	return false;
}

export const isSpecial = (card: string | null | undefined) => card != null && CARDS[card]?.kind === 'special';
export const unseenSpecials = (deck: readonly string[]) => deck.filter((card) => isSpecial(card)).length;

export interface Figures {
	/** Entries posted and cards drawn when every unseen Special was first claimed. */
	saturated: { entries: number; drawn: number; claims: number; specials: number; hostileKept: number } | null;
	/** Honest draws of a Special the drawer had to show (its secret lost): position, seat, entries then. */
	forcedShows: { position: number; seat: Seat; card: string; entries: number; drawn: number }[];
	/** Kept claims refused MUST_SHOW, by seat. */
	mustShow: Seat[];
	/** First time the public counts prove a lie (claims > unseen Specials): entries, drawn. */
	provableLie: { entries: number; drawn: number } | null;
	/** First entry count at which any peer names the hostile seat. */
	named: { entries: number; drawn: number; code: string } | null;
	/** Groups the hostile seat kept (positions). */
	hostileKept: number[];
}

export function hostileKeeper(hostile: Seat, figures: Figures, keepWhen: (peer: Peer) => boolean = () => true): Tamper {
	return (peer, seat, body: DeckBody) => {
		if (body.type !== 'drawn' || body.partials === null) return null;
		const core = peer.replay.core;
		// A drawer showing what it drew: a Special shown here was forced (an honest device keeps Specials).
		const keys = peer.device!.deckKeys(peer.replay, core, seat);
		const opened = peer.device!.deck.open(core, keys, body.position);
		if (opened !== null && isSpecial(opened.card) && !figures.forcedShows.some((f) => f.position === body.position)) figures.forcedShows.push({ position: body.position, seat, card: opened.card, entries: 0, drawn: core.engine!.drawn ?? 0 });
		if (seat !== hostile) return null;
		// The rational cheater keeps a group only while the claim is accepted (a refusal would only show its hand).
		if (keepingUnprovable(core.engine!, core.deck!, core.cheaters) || !keepWhen(peer)) return null;
		figures.hostileKept.push(body.position);
		return { ...body, partials: null };
	};
}

export function claims(peer: Peer): { claims: number; specials: number } {
	const core = peer.replay.core;
	const deck = core.deck;
	if (deck === null) return { claims: 0, specials: unseenSpecials(core.engine!.deck) };
	let claimed = 0;
	for (const position of deck.kept.keys()) if (!deck.shown.has(position)) claimed++;
	return { claims: claimed, specials: unseenSpecials(core.engine!.deck) };
}

/** Plays quietly, recording the figures after every move, until `until` or the game is over or `moves` moves. */
export function playMeasured(net: Network, players: readonly Peer[], tamper: Tamper, hostile: Seat, figures: Figures, moves: number, until: () => boolean = () => false): void {
	const ann = players.find((_, seat) => seat !== hostile)!;
	const automatic = () => automaticWith(net, players, tamper);
	const observe = () => {
		const core = ann.replay.core;
		const drawn = core.engine!.drawn ?? 0;
		const entries = net.posted.length;
		for (const shown of figures.forcedShows) if (shown.entries === 0) shown.entries = entries;
		if (core.deck !== null && figures.saturated === null && core.deck.final !== null && keepingUnprovable(core.engine!, core.deck, core.cheaters)) {
			const c = claims(ann);
			figures.saturated = { entries, drawn, ...c, hostileKept: figures.hostileKept.length };
		}
		const c = claims(ann);
		if (figures.provableLie === null && c.claims > c.specials) figures.provableLie = { entries, drawn };
		const fault = core.deck?.faults.find((f) => f.seat === hostile);
		if (figures.named === null && (core.cheaters.has(hostile) || fault !== undefined)) figures.named = { entries, drawn, code: fault?.code ?? 'cheater' };
		figures.mustShow = ann.replay.rejections.filter((r) => (r.code as string) === 'MUST_SHOW').map((r) => core.seats.findIndex((held) => held?.key === r.author));
	};
	automatic();
	observe();
	for (let i = 0; i < moves && !until(); i++) {
		if (ann.replay.state!.phase.kind === 'over' || ann.replay.core.broken !== null) break;
		if (!passQuietly(net, players)) break;
		automatic();
		observe();
	}
}

export const newFigures = (): Figures => ({ saturated: null, forcedShows: [], mustShow: [], provableLie: null, named: null, hostileKept: [] });
export const agree = (peers: readonly Peer[]) => expect(new Set(peers.map((peer) => peer.replay.stateHash)).size).toBe(1);
