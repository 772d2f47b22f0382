// A player that plays the game page by clicking, as a person would: it reads what the action
// panel offers (one DOM read per page) and clicks one control. The scenario it steers towards:
// a capture placed on a chosen arrow, an attack with aid and money spent by the attacker,
// interference (money spent against an attack by a third player), a Special card played, a
// gift, and two offers made in the Deals panel: a private trade of money for money that its
// receiver sees and accepts (and the third player does not see), and a public offer that its
// receiver declines. It reads only the page (no window hook) and acts only by clicking and typing.
import { expect, type Page } from '@playwright/test';
import { clickEnding } from './helpers/play.js';

export interface Player {
	readonly name: string;
	readonly page: Page;
	/** The Illuminati chosen for this player's seat. */
	readonly illuminati: string;
}

export interface Scenario {
	captureWithArrowChoice: boolean;
	aidedAttackWithSpending: boolean;
	interference: boolean;
	specialPlayed: boolean;
	gift: boolean;
	/** A private offer of money for money, seen only by its two parties, accepted by its receiver. */
	tradeAccepted: boolean;
	/** A public offer, seen by all three players, declined by its receiver. */
	offerDeclined: boolean;
}

/** An offer made by clicking, until its receiver answers it. */
export interface OfferMade {
	readonly id: number;
	readonly maker: Player;
	readonly receiver: Player;
	/** The player who is neither party. */
	readonly third: Player;
	/** MB the maker gives, MB it asks for. */
	readonly give: number;
	readonly take: number;
	readonly private: boolean;
	readonly answer: 'accept' | 'decline';
	/** Every Illuminati treasury by player name, as the tables showed it when the offer was made. */
	readonly before: Readonly<Record<string, number>>;
}

/** What the action panel offers now, read in one go. */
interface PanelView {
	seat: number;
	error: string | null;
	status: string;
	placement: string[];
	spending: { role: string; canPass: boolean; aided: boolean; rows: { from: string; side: string }[] } | null;
	passWindow: boolean;
	/** Ways to pay an income-step debt (the IRS tax, the Post Office's upkeep), when one is owed. */
	payments: number;
	specials: { card: string; name: string }[];
	builder: string | null;
	attackers: string[];
	/** `owner`: the holder's name as the builder labels it ("Bob (seat 2)" → "Bob"), '' if uncontrolled. */
	targets: { card: string; resistance: number; uncontrolled: boolean; owner: string }[];
	endings: string[];
	canGive: boolean;
	canOffer: boolean;
	/** The offers the Deals panel shows this seat, with the answers it offers. */
	offers: { id: number; private: boolean; text: string; buttons: string[] }[];
}

function readPanel(): PanelView | null {
	const panel = document.querySelector<HTMLElement>('[data-testid="action-panel"]');
	if (panel === null) return null;
	const all = (selector: string) => [...panel.querySelectorAll<HTMLElement>(selector)];
	const one = (selector: string) => panel.querySelector<HTMLElement>(selector);
	const spending = one('[data-testid="spending-window"]');
	const builder = one('[data-testid="attack-builder"]');
	return {
		seat: Number(panel.dataset.seat),
		error: one('[data-testid="action-error"]')?.textContent ?? null,
		status: one('[data-testid="action-status"]')?.textContent ?? '',
		placement: all('[data-testid="placement"] button').map((b) => b.dataset.side ?? 'received'),
		spending:
			spending === null
				? null
				: {
						role: spending.querySelector('[data-testid="spending-role"]')?.textContent ?? '',
						canPass: spending.querySelector('[data-testid="pass-spending"]') !== null,
						aided: /Aided by/.test(spending.textContent ?? ''),
						rows: [...spending.querySelectorAll<HTMLElement>('[data-testid="spend-row"]')].map((r) => ({ from: r.dataset.from ?? '', side: r.dataset.side ?? '' }))
					},
		passWindow: one('[data-testid="pass-window"]') !== null,
		payments: all('[data-testid="income"] button').length,
		specials: all('[data-testid="specials"] li[data-playable="true"]')
			.filter((li) => li.querySelector('[data-testid="treasury-editor"]') === null)
			.map((li) => ({ card: li.dataset.card ?? '', name: li.querySelector('strong')?.textContent ?? '' })),
		builder: builder?.dataset.step ?? null,
		attackers: builder?.dataset.step === 'attacker' ? [...builder.querySelectorAll<HTMLElement>('button[data-card]')].map((b) => b.dataset.card ?? '') : [],
		targets:
			builder?.dataset.step === 'target'
				? [...builder.querySelectorAll<HTMLElement>('[role="group"]')].flatMap((group) =>
						[...group.querySelectorAll<HTMLElement>('button[data-card]')].map((b) => ({
							card: b.dataset.card ?? '',
							resistance: Number(/Resistance (\d+)/.exec(b.textContent ?? '')?.[1] ?? 99),
							uncontrolled: group.getAttribute('aria-label') === 'Uncontrolled groups',
							owner: group.getAttribute('aria-label') === 'Uncontrolled groups' ? '' : (group.getAttribute('aria-label') ?? '').replace(/ \(seat \d+\)$/, '')
						}))
					)
				: [],
		endings: all('[data-testid="turn-tools"] .endings button').map((b) => b.dataset.testid ?? ''),
		canGive: one('[data-testid="give-form"] input[type="number"]') !== null,
		canOffer: one('[data-testid="offer-form"]') !== null,
		offers: all('[data-testid="deals"] [data-testid="offer"]').map((li) => ({
			id: Number(li.dataset.offer),
			private: li.dataset.private === 'true',
			text: (li.textContent ?? '').replace(/\s+/g, ' ').trim(),
			buttons: [...li.querySelectorAll('button')].map((b) => (b.textContent ?? '').trim())
		}))
	};
}

/** Every player's Illuminati treasury as this page's table shows it, by player name. */
export function readTreasuries(): Record<string, number> {
	const treasuries: Record<string, number> = {};
	for (const panel of document.querySelectorAll<HTMLElement>('[data-testid="table"] .player-panel')) {
		const who = (panel.querySelector('.who')?.textContent ?? '').trim().replace(/ \(.*\)$/, '');
		const money = /(\d+)\s*MB/.exec(panel.querySelector('.stats dd')?.textContent ?? '');
		treasuries[who] = money === null ? Number.NaN : Number(money[1]);
	}
	return treasuries;
}

/** How many groups each player controls (its Illuminati not counted) as this page's table shows it, by player name. */
export function readGroups(): Record<string, number> {
	const groups: Record<string, number> = {};
	for (const panel of document.querySelectorAll<HTMLElement>('[data-testid="table"] .player-panel')) {
		const who = (panel.querySelector('.who')?.textContent ?? '').trim().replace(/ \(.*\)$/, '');
		const count = /^(\d+)/.exec((panel.querySelectorAll('.stats dd')[2]?.textContent ?? '').trim());
		groups[who] = count === null ? Number.NaN : Number(count[1]);
	}
	return groups;
}

/**
 * Specials the driver plays: none that takes or destroys another player's group (Bribery, the
 * Whispering Campaign), since a player left with only its Illuminati after its third turn is out
 * (rulebook, "Eliminating a Player"), and none that skips a turn or spoils an attack.
 */
const SPECIALS_TO_PLAY = new Set(['swiss-bank-account', 'slush-fund', 'market-manipulation', 'assassination', 'computer-espionage', 'deep-agent', 'interference-1', 'interference-2', 'media-campaign', 'secrets-man-was-not-meant-to-know']);

/** MB an attacker keeps in its Illuminati treasury when it buys odds (for the offers the scenario makes). */
const RESERVE = 3;
/** The best number an attack may need: 11 and 12 always fail (rulebook, "Attacks"). */
const SURE = 10;

/** Plays one page at a time, one click-made action per call, and keeps count of the scenario. */
export class Driver {
	readonly seen: Scenario = { captureWithArrowChoice: false, aidedAttackWithSpending: false, interference: false, specialPlayed: false, gift: false, tradeAccepted: false, offerDeclined: false };
	readonly history: string[] = [];
	turnsEnded = 0;
	/** The name of the Special card played, as the panel showed it. */
	specialName: string | null = null;
	/** The offers made, in order, once answered. */
	readonly offers: OfferMade[] = [];
	/** The offer made and not yet answered: nobody but its receiver acts meanwhile. */
	#offer: OfferMade | null = null;
	#attackedThisTurn = false;
	#attack: { aided: boolean; attackerSpent: boolean; boosted: boolean } | null = null;

	constructor(readonly players: readonly Player[]) {}

	done(): boolean {
		return Object.values(this.seen).every(Boolean);
	}

	/** One action by the first player that has one to make; what was done, or null if nobody could. */
	async act(): Promise<string | null> {
		for (const [seat, player] of this.players.entries()) {
			const view = await player.page.evaluate(readPanel);
			if (view === null) continue;
			if (view.seat !== seat) throw new Error(`${player.name}'s panel is for seat ${view.seat + 1}, not seat ${seat + 1}`);
			if (view.error !== null) throw new Error(`${player.name}'s panel shows a refusal: ${view.error}\n${this.history.slice(-15).join('\n')}`);
			const done = await this.#actOn(player, view);
			if (done !== null) {
				const line = `${player.name} (seat ${view.seat + 1}): ${done}`;
				this.history.push(line);
				return line;
			}
		}
		return null;
	}

	async #actOn(player: Player, view: PanelView): Promise<string | null> {
		const panel = player.page.getByTestId('action-panel');
		if (this.#offer !== null) return player === this.#offer.receiver ? this.#answer(player, view, this.#offer) : null;
		if (view.placement.length > 0) {
			const arrows = view.placement.filter((side) => side !== 'drop');
			if (arrows.length > 1) this.seen.captureWithArrowChoice = true;
			await panel.getByTestId('placement').locator('button:not([data-side="drop"])').first().click();
			return `placed a group on an arrow (${arrows.length} to choose from)`;
		}
		if (view.payments > 0) {
			// An income-step debt: the first way to pay the page offers (the engine lists only ways that cover it).
			await panel.getByTestId('income').locator('button').first().click();
			return 'paid an income-step debt';
		}
		const special = view.specials.find((card) => SPECIALS_TO_PLAY.has(card.card));
		if (special !== undefined && !this.seen.specialPlayed) {
			await panel.locator(`[data-testid="specials"] li[data-card="${special.card}"] button`).first().click();
			this.seen.specialPlayed = true;
			this.specialName = special.name;
			return `played the Special card ${special.name}`;
		}
		if (view.spending?.canPass) return this.#spend(player, view.spending);
		if (view.passWindow) {
			await panel.getByTestId('pass-window').click();
			return 'passed a Specials window';
		}
		if (view.builder !== null || view.endings.length > 0) return this.#turn(player, view);
		return null;
	}

	async #spend(player: Player, spending: NonNullable<PanelView['spending']>): Promise<string> {
		const window = player.page.getByTestId('spending-window');
		const attack = this.#attack;
		if (/You attack/.test(spending.role) && attack !== null && attack.aided && !attack.attackerSpent) {
			const row = spending.rows.find((r) => r.from === player.illuminati) ?? spending.rows[0];
			if (row !== undefined) {
				await this.#spendFrom(player, row.from, row.side, +1);
				attack.attackerSpent = true;
				this.seen.aidedAttackWithSpending = true;
				return `spent 1 MB from ${row.from} on an attack with aid`;
			}
		}
		if (/You may interfere/.test(spending.role) && attack !== null && attack.aided && !this.seen.interference) {
			const row = spending.rows.find((r) => r.side === 'against');
			if (row !== undefined) {
				await this.#spendFrom(player, row.from, row.side, -1);
				this.seen.interference = true;
				return `interfered: spent 1 MB from ${row.from} against the attack`;
			}
		}
		// The attacker buys its odds up to the best (keeping a reserve), so groups are captured early
		// and every player keeps one: a player with only its Illuminati after its third turn is out.
		if (/You attack/.test(spending.role) && attack !== null && !attack.boosted) {
			attack.boosted = true;
			const bought = await this.#buyOdds(player, spending);
			if (bought !== null) return bought;
		}
		await window.getByTestId('pass-spending').click();
		return 'passed in the spending window';
	}

	/** Spends from the attacker's Illuminati treasury until the roll needed is the best (10), keeping RESERVE MB. */
	async #buyOdds(player: Player, spending: NonNullable<PanelView['spending']>): Promise<string | null> {
		const row = spending.rows.find((r) => r.from === player.illuminati && r.side !== 'against');
		if (row === undefined) return null;
		const needed = Number(await player.page.getByTestId('spending-odds').getAttribute('data-needed'));
		const treasury = (await player.page.evaluate(readTreasuries))[player.name] ?? 0;
		const amount = Math.min(SURE - needed, treasury - RESERVE);
		if (!(amount > 0)) return null;
		await this.#spendFrom(player, row.from, row.side, amount);
		return `spent ${amount} MB from ${row.from} to bring the roll needed to ${needed + amount}`;
	}

	/** Spends |change| MB from a row; the number the roll needs moves by `change` on this page at once. */
	async #spendFrom(player: Player, from: string, side: string, change: number): Promise<void> {
		const odds = player.page.getByTestId('spending-odds');
		const needed = Number(await odds.getAttribute('data-needed'));
		const row = player.page.locator(`[data-testid="spend-row"][data-from="${from}"][data-side="${side}"]`);
		await row.getByTestId('spend-amount').fill(String(Math.abs(change)));
		await row.getByTestId('spend').click();
		await expect(odds, `spending ${Math.abs(change)} MB from ${from} moves the number needed by ${change}`).toHaveAttribute('data-needed', String(needed + change));
	}

	async #turn(player: Player, view: PanelView): Promise<string | null> {
		const panel = player.page.getByTestId('action-panel');
		if (!this.seen.gift && view.canGive && this.#attackedThisTurn) {
			const deals = panel.getByTestId('deals');
			await deals.getByText('Give a gift', { exact: true }).click();
			const form = deals.getByTestId('give-form');
			await form.locator('input[type="number"]').fill('1');
			await form.getByRole('button', { name: 'Give', exact: true }).click();
			this.seen.gift = true;
			return `gave 1 MB to ${await form.locator('select option:checked').textContent()}`;
		}
		// After the gift, on the same turn when the treasuries allow: a private trade, then a public offer to decline.
		if (this.seen.gift && this.#attackedThisTurn && view.canOffer && !this.seen.tradeAccepted) {
			const made = await this.#makeOffer(player, { give: 2, take: 1, private: true, answer: 'accept' });
			if (made !== null) return made;
		}
		if (this.seen.tradeAccepted && this.#attackedThisTurn && view.canOffer && !this.seen.offerDeclined) {
			const made = await this.#makeOffer(player, { give: 1, take: 2, private: false, answer: 'decline' });
			if (made !== null) return made;
		}
		const builder = panel.getByTestId('attack-builder');
		if (!this.#attackedThisTurn && view.builder === 'attacker') {
			// A group other than the Illuminati attacks when there is one, so the Illuminati can aid.
			const attacker = view.attackers.find((card) => card !== player.illuminati) ?? view.attackers[0]!;
			await builder.locator(`button[data-card="${attacker}"]`).click();
			return `chose ${attacker} to attack`;
		}
		if (!this.#attackedThisTurn && view.builder === 'target') {
			// An uncontrolled group when there is one; never a player's last group if another target
			// exists (a player with only its Illuminati after its third turn is out).
			const open = view.targets.filter((target) => target.uncontrolled);
			const groups = await player.page.evaluate(readGroups);
			const spare = view.targets.filter((target) => !target.uncontrolled && (groups[target.owner] ?? 0) > 1);
			const pool = open.length > 0 ? open : spare.length > 0 ? spare : view.targets;
			const target = pool.reduce((best, next) => (next.resistance < best.resistance ? next : best));
			await builder.locator(`button[data-card="${target.card}"]`).click();
			await expect(builder).not.toHaveAttribute('data-step', 'target');
			if ((await builder.getAttribute('data-step')) === 'kind') {
				// Control when the target allows it; otherwise the first kind offered (version 2's dice
				// depend on the entries' timing, so the position is not always the same from run to run).
				const control = builder.locator('button[data-kind="control"]:not([disabled])');
				await ((await control.count()) > 0 ? control : builder.locator('button[data-kind]:not([disabled])').first()).click();
			}
			if ((await builder.getAttribute('data-step')) === 'privilege') await builder.getByRole('button', { name: 'No privilege' }).click();
			await expect(builder).toHaveAttribute('data-step', 'aid');
			const aids = builder.getByRole('checkbox');
			const aided = (await aids.count()) > 0;
			if (aided) await aids.first().check();
			await builder.getByTestId('declare-attack').click();
			this.#attackedThisTurn = true;
			this.#attack = { aided, attackerSpent: false, boosted: false };
			return `declared an attack on ${target.card}${aided ? ' with aid' : ''}`;
		}
		const ending = ['endTurn', 'endActions', 'passTurn'].find((kind) => view.endings.includes(kind));
		if (ending === undefined) return null;
		// Ending with actions left asks first (issue 16): the driver means it.
		await clickEnding(panel, ending);
		if (ending !== 'endActions') {
			this.turnsEnded++;
			this.#attackedThisTurn = false;
		}
		return ending === 'endActions' ? 'ended its actions' : 'ended its turn';
	}

	/** Makes an offer of money for money in the Deals panel; null if the treasuries don't allow it now.
	 * The receiver of a trade to accept is the first other player holding what is asked; an offer to
	 * decline goes to someone else than the last trade's receiver when there is one. */
	async #makeOffer(maker: Player, terms: Pick<OfferMade, 'give' | 'take' | 'private' | 'answer'>): Promise<string | null> {
		const before = await maker.page.evaluate(readTreasuries);
		if ((before[maker.name] ?? 0) < terms.give) return null;
		const others = this.players.filter((other) => other !== maker);
		const lastReceiver = this.offers.at(-1)?.receiver;
		const receiver =
			terms.answer === 'accept'
				? others.find((other) => (before[other.name] ?? 0) >= terms.take)
				: (others.find((other) => other !== lastReceiver) ?? others[0]);
		if (receiver === undefined) return null;
		const third = others.find((other) => other !== receiver)!;

		const deals = maker.page.getByTestId('action-panel').getByTestId('deals');
		const form = deals.getByTestId('offer-form');
		// The form stays open after an offer is made: open it only if it is closed.
		const opener = deals.locator('details').filter({ has: maker.page.locator('summary', { hasText: 'Make an offer' }) });
		if ((await opener.getAttribute('open')) === null) await opener.locator(':scope > summary').click();
		await expect(opener).toHaveAttribute('open', '');
		await form.locator('select').selectOption(String(this.players.indexOf(receiver)));
		const to = (await form.locator('select option:checked').textContent()) ?? '';
		await form.getByRole('group', { name: 'You give' }).getByRole('spinbutton').fill(String(terms.give));
		await form.getByRole('group', { name: 'You ask for' }).getByRole('spinbutton').fill(String(terms.take));
		const privately = form.getByRole('checkbox', { name: 'Private (only the two of you see it)' });
		if (terms.private) await privately.check();
		await expect(privately).toBeChecked({ checked: terms.private });
		await form.getByRole('button', { name: 'Make the offer', exact: true }).click();

		// The maker's page lists it at once, with the terms and a way to withdraw it.
		const listed = deals.getByTestId('offer').filter({ has: maker.page.getByRole('button', { name: 'Withdraw', exact: true }) });
		await expect(listed, `${maker.name}'s Deals panel lists the offer it made to ${to}`).toHaveCount(1);
		await expect(listed).toContainText(`Gives: ${terms.give} MB`);
		await expect(listed).toContainText(`Asks: ${terms.take} MB`);
		await expect(listed).toHaveAttribute('data-private', String(terms.private));
		const id = Number(await listed.getAttribute('data-offer'));
		this.#offer = { id, maker, receiver, third, ...terms, before };
		return `offered ${to} ${terms.private ? 'privately ' : ''}${terms.give} MB for ${terms.take} MB (offer ${id + 1}, to be ${terms.answer === 'accept' ? 'accepted' : 'declined'})`;
	}

	/** The receiver sees the offer (the third player sees it only if it is public) and answers it by
	 * clicking; every page then shows the offer gone and the treasuries moved as offered, or not at all. */
	async #answer(receiver: Player, view: PanelView, offer: OfferMade): Promise<string> {
		const what = `offer ${offer.id + 1} (${offer.give} MB for ${offer.take} MB) from ${offer.maker.name} to ${receiver.name}`;
		const answered = offer.answer === 'accept' ? 'accepted' : 'declined';
		const shown = view.offers.find((other) => other.id === offer.id);
		if (shown === undefined) throw new Error(`${receiver.name}'s Deals panel does not show ${what}: ${JSON.stringify(view.offers)}`);
		expect(shown.private, `${receiver.name} sees ${what} as ${offer.private ? 'private' : 'public'}`).toBe(offer.private);
		expect(shown.text, `${receiver.name} sees the terms of ${what}`).toContain(`Gives: ${offer.give} MB`);
		expect(shown.text, `${receiver.name} sees the terms of ${what}`).toContain(`Asks: ${offer.take} MB`);
		expect(shown.buttons, `${receiver.name} may accept or decline ${what}`).toEqual(expect.arrayContaining(['Accept', 'Decline']));

		// The third player's page holds the same state: it lists a private offer nowhere, a public one without answers.
		const hashes = await Promise.all([receiver, offer.third].map((player) => player.page.getByTestId('state-hash').textContent()));
		expect(hashes[1], `${offer.third.name}'s page holds the state with ${what}`).toBe(hashes[0]);
		const thirdView = await offer.third.page.evaluate(readPanel);
		const thirdSees = thirdView?.offers.find((other) => other.id === offer.id);
		if (offer.private) {
			expect(thirdView?.offers, `${offer.third.name}'s page shows no offer while ${what} is open (private)`).toEqual([]);
			await expect(offer.third.page.getByTestId('action-panel'), `${offer.third.name}'s panel does not show the terms of private ${what}`).not.toContainText(`Gives: ${offer.give} MB`);
		} else {
			expect(thirdSees?.text, `${offer.third.name} sees public ${what}`).toContain(`Gives: ${offer.give} MB`);
			expect(thirdSees?.buttons, `${offer.third.name} cannot answer ${what}`).toEqual([]);
		}

		const item = receiver.page.getByTestId('action-panel').locator(`[data-testid="offer"][data-offer="${offer.id}"]`);
		await item.getByRole('button', { name: offer.answer === 'accept' ? 'Accept' : 'Decline', exact: true }).click();

		const expected = { ...offer.before };
		if (offer.answer === 'accept') {
			expected[offer.maker.name] = offer.before[offer.maker.name]! - offer.give + offer.take;
			expected[receiver.name] = offer.before[receiver.name]! + offer.give - offer.take;
		}
		for (const player of this.players) {
			const listed = player.page.getByTestId('action-panel').locator(`[data-testid="offer"][data-offer="${offer.id}"]`);
			await expect(listed, `${player.name}'s page no longer lists ${what} once ${answered}`).toHaveCount(0, { timeout: 20_000 });
			await expect
				.poll(() => player.page.evaluate(readTreasuries), { timeout: 20_000, message: `${player.name}'s table shows the treasuries after ${what} was ${answered}` })
				.toEqual(expected);
		}
		this.offers.push(offer);
		this.#offer = null;
		if (offer.answer === 'accept') this.seen.tradeAccepted = true;
		else this.seen.offerDeclined = true;
		const money = (treasuries: Readonly<Record<string, number>>) => this.players.map((player) => `${player.name} ${treasuries[player.name]}`).join(', ');
		return `${answered} ${what} (${offer.private ? 'private: not shown' : 'public: shown'} to ${offer.third.name}); treasuries ${money(offer.before)} → ${money(expected)} MB on every page`;
	}
}
