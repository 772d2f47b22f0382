/**
 * A maker's last look (docs/protocol.md, threat table): a seat picks Specials of its choice for an
 * offer (under the secret deck a hidden card picked is shown first), and the offer's maker, having
 * read the pick, places a withdrawal before the acceptance; the acceptance is refused
 * NO_SUCH_OFFER. It cannot be prevented, but it can be remembered: `lastLookers` reads from the log
 * which makers did it to a seat, so the seat's bot stops showing them hidden cards
 * (bots/last-look-guard.ts) and its player is warned (ui/actions/OfferPick.svelte).
 *
 * Read from the refusals only (few), so it stays cheap: a refused entry of the seat's that accepts
 * an offer with a pick (`chosen`) because the offer had gone (withdrawn or lapsed); its maker is
 * that of the offer its digest names, found among the accepted entries before it. A sealed
 * offer's maker and digest are public, so it needs no box opened. A pick refused for another
 * reason (a card not held…), or an offer withdrawn before any pick, does not count.
 */
import { offerDigest, type Action, type Offer, type Seat } from '../engine/index.js';
import type { GameReplayer } from '../protocol/index.js';
import type { SessionReplayer } from './protocol-driver.js';

/** What it reads of a session (a GameSession, or a bot's DrivenSession). */
export interface LastLookSource {
	readonly replayer?: SessionReplayer;
}

/** Makers found, by replayer and refused entry id (an acceptance's digest names one offer for good). */
const found = new WeakMap<object, Map<string, Seat>>();

/** The makers whose offer asking for Specials of `seat`'s choice was gone when `seat`'s acceptance
 * with a pick came (refused NO_SUCH_OFFER): they saw the pick and paid nothing. */
export function lastLookers(session: LastLookSource, seat: Seat): ReadonlySet<Seat> {
	const makers = new Set<Seat>();
	const replayer = session.replayer;
	// Version 1 games are only watched: nobody picks there any more.
	if (replayer === undefined || !('dag' in replayer)) return makers;
	let known = found.get(replayer);
	if (known === undefined) found.set(replayer, (known = new Map()));
	for (const rejection of replayer.rejections) {
		if (rejection.code !== 'NO_SUCH_OFFER' || rejection.id === null) continue;
		const entry = replayer.dag.nodes.get(rejection.id)?.entry;
		if (entry === undefined || entry.kind !== 'action') continue;
		const action = entry.body as Action;
		if (action.type !== 'acceptOffer' || action.seat !== seat || (action.chosen?.length ?? 0) === 0) continue;
		let maker = known.get(rejection.id);
		if (maker === undefined) {
			maker = makerBefore(replayer, seat, rejection.index, (offer) => (action.digest === undefined ? offer.id === action.offer : offerDigest(offer) === action.digest));
			if (maker !== undefined) known.set(rejection.id, maker);
		}
		if (maker !== undefined) makers.add(maker);
	}
	return makers;
}

/** The maker of the latest offer to `seat` accepted before replay index `index` that `named` matches. */
function makerBefore(replayer: GameReplayer, seat: Seat, index: number, named: (offer: Offer) => boolean): Seat | undefined {
	const accepted = replayer.accepted;
	for (let i = accepted.length - 1; i >= 0; i--) {
		const { id, index: at, state } = accepted[i]!;
		if (at > index || state === null) continue;
		const entry = replayer.dag.nodes.get(id)?.entry;
		const body = entry?.kind === 'action' ? (entry.body as Action) : undefined;
		if (body?.type !== 'offer' || body.to !== seat) continue;
		// The offer is the newest in the state right after its entry.
		const offer = state.offers.find((o) => o.id === state.offerCount - 1);
		if (offer !== undefined && named(offer)) return offer.from;
	}
	return undefined;
}
