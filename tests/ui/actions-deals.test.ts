// Deals in the action panel, over seeded bot games (Gifts and Trades): a private offer is shown to
// its two parties only; only its receiver gets accept/decline and only its maker withdraw; a refused
// acceptance is explained from the engine's code; the offer form's recipients are the engine's.
import { describe, expect, it } from 'vitest';
import { legalActions, openOffers, step, visibleOffers, type OfferAction } from '../../src/lib/engine/index.js';
import { offerAction, offerRecipients, offerViews } from '../../src/lib/ui/actions/deals.js';
import { allSampledStates } from './actions-states.js';

const states = allSampledStates();
const withPrivate = states.filter((s) => openOffers(s.state).some((offer) => offer.private));

describe('offers shown to each seat', () => {
	it('the sampled games have private offers open with a third seat watching', () => {
		expect(withPrivate.length).toBeGreaterThan(10);
	});

	it('a private offer is shown to its two parties and to no third seat (nor a spectator)', () => {
		for (const sample of withPrivate) {
			for (const offer of openOffers(sample.state).filter((o) => o.private)) {
				for (const player of sample.state.players) {
					const shown = offerViews(sample.state, player.seat, legalActions(sample.state, player.seat)).map((view) => view.offer.id);
					const party = player.seat === offer.from || player.seat === offer.to;
					expect(shown.includes(offer.id), `seed ${sample.seed} entry ${sample.index} offer ${offer.id} seat ${player.seat}`).toBe(party);
				}
				expect(offerViews(sample.state, null, []).map((view) => view.offer.id)).not.toContain(offer.id);
			}
		}
	});

	it('shows exactly the engine’s visible offers, with answers only for the receiver and withdrawal only for the maker', () => {
		for (const sample of states.filter((s) => openOffers(s.state).length > 0)) {
			for (const player of sample.state.players) {
				const views = offerViews(sample.state, player.seat, legalActions(sample.state, player.seat));
				expect(views.map((v) => v.offer)).toEqual(visibleOffers(sample.state, player.seat));
				for (const view of views) {
					const where = `seed ${sample.seed} entry ${sample.index} seat ${player.seat} offer ${view.offer.id}`;
					if (view.offer.to !== player.seat) expect(view.accept ?? view.decline ?? view.acceptRefused, where).toBeUndefined();
					if (view.offer.from !== player.seat) expect(view.withdraw, where).toBeUndefined();
					if (view.accept) expect(step(sample.state, view.accept.action).ok, where).toBe(true);
					if (view.acceptRefused) expect(step(sample.state, { type: 'acceptOffer', seat: player.seat, offer: view.offer.id }).ok, where).toBe(false);
					// An offer asking for Specials of the receiver's choice is accepted through a pick (offer-picks.ts).
					if (view.offer.to === player.seat && sample.state.players[player.seat]!.eliminated === false) expect(view.accept ?? view.pick ?? view.acceptRefused, where).toBeDefined();
				}
			}
		}
	});
});

describe('making an offer', () => {
	it('offers go only to seats the engine accepts, and the example sent through the form is accepted', () => {
		let checked = 0;
		for (const sample of states.filter((_, i) => i % 4 === 0)) {
			for (const player of sample.state.players) {
				const example = legalActions(sample.state, player.seat).find((legal) => legal.action.type === 'offer')?.action as OfferAction | undefined;
				if (example === undefined) continue;
				const recipients = offerRecipients(sample.state, example);
				expect(recipients).not.toContain(player.seat);
				for (const to of recipients) {
					const action = offerAction(player.seat, { to, give: example.give, take: example.take, private: true, note: ' later ' })!;
					expect(action.note).toBe('later');
					const result = step(sample.state, action);
					expect(result.ok ? 'ok' : result.error.code, `seed ${sample.seed} entry ${sample.index} seat ${player.seat} to ${to}`).toBe('ok');
					checked++;
				}
			}
		}
		expect(checked).toBeGreaterThan(50);
	});

	it('an empty offer is left for the engine to refuse (BAD_OFFER), not silently dropped', () => {
		const sample = states.find((s) => legalActions(s.state, 0).some((legal) => legal.action.type === 'offer'))!;
		const example = legalActions(sample.state, 0).find((legal) => legal.action.type === 'offer')!.action as OfferAction;
		const action = offerAction(0, { to: example.to, give: { money: 0, specials: [], groups: [] }, take: { money: 0, specials: [], groups: [] }, private: false, note: '' })!;
		const result = step(sample.state, action);
		expect(result.ok ? 'ok' : result.error.code).toBe('BAD_OFFER');
	});
});
