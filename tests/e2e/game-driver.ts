// A player that plays the game page by clicking, as a person would: it reads what the action
// panel offers (one DOM read per page) and clicks one control. The scenario it steers towards:
// a capture placed on a chosen arrow, an attack with aid and money spent by the attacker,
// interference (money spent against an attack by a third player), a Special card played and a
// gift. It reads only the page (no window hook) and acts only by clicking and typing.
import { expect, type Page } from '@playwright/test';

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
}

/** What the action panel offers now, read in one go. */
interface PanelView {
	seat: number;
	error: string | null;
	status: string;
	placement: string[];
	spending: { role: string; canPass: boolean; aided: boolean; rows: { from: string; side: string }[] } | null;
	passWindow: boolean;
	specials: { card: string; name: string }[];
	builder: string | null;
	attackers: string[];
	targets: { card: string; resistance: number; uncontrolled: boolean }[];
	endings: string[];
	canGive: boolean;
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
							uncontrolled: group.getAttribute('aria-label') === 'Uncontrolled groups'
						}))
					)
				: [],
		endings: all('[data-testid="turn-tools"] .endings button').map((b) => b.dataset.testid ?? ''),
		canGive: one('[data-testid="give-form"] input[type="number"]') !== null
	};
}

/** Plays one page at a time, one click-made action per call, and keeps count of the scenario. */
export class Driver {
	readonly seen: Scenario = { captureWithArrowChoice: false, aidedAttackWithSpending: false, interference: false, specialPlayed: false, gift: false };
	readonly history: string[] = [];
	turnsEnded = 0;
	/** The name of the Special card played, as the panel showed it. */
	specialName: string | null = null;
	#attackedThisTurn = false;
	#attack: { aided: boolean; attackerSpent: boolean } | null = null;

	constructor(readonly players: readonly Player[]) {}

	done(): boolean {
		return Object.values(this.seen).every(Boolean);
	}

	/** One action by the first player that has one to make; what was done, or null if nobody could. */
	async act(): Promise<string | null> {
		for (const player of this.players) {
			const view = await player.page.evaluate(readPanel);
			if (view === null) continue;
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
		if (view.placement.length > 0) {
			const arrows = view.placement.filter((side) => side !== 'drop');
			if (arrows.length > 1) this.seen.captureWithArrowChoice = true;
			await panel.getByTestId('placement').locator('button:not([data-side="drop"])').first().click();
			return `placed a group on an arrow (${arrows.length} to choose from)`;
		}
		if (view.specials.length > 0 && !this.seen.specialPlayed) {
			const special = view.specials[0]!;
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
		await window.getByTestId('pass-spending').click();
		return 'passed in the spending window';
	}

	/** Spends 1 MB from a row; the number the roll needs moves by `change` on this page at once. */
	async #spendFrom(player: Player, from: string, side: string, change: number): Promise<void> {
		const odds = player.page.getByTestId('spending-odds');
		const needed = Number(await odds.getAttribute('data-needed'));
		const row = player.page.locator(`[data-testid="spend-row"][data-from="${from}"][data-side="${side}"]`);
		await row.getByTestId('spend-amount').fill('1');
		await row.getByTestId('spend').click();
		await expect(odds, `spending 1 MB from ${from} moves the number needed by ${change}`).toHaveAttribute('data-needed', String(needed + change));
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
		const builder = panel.getByTestId('attack-builder');
		if (!this.#attackedThisTurn && view.builder === 'attacker') {
			// A group other than the Illuminati attacks when there is one, so the Illuminati can aid.
			const attacker = view.attackers.find((card) => card !== player.illuminati) ?? view.attackers[0]!;
			await builder.locator(`button[data-card="${attacker}"]`).click();
			return `chose ${attacker} to attack`;
		}
		if (!this.#attackedThisTurn && view.builder === 'target') {
			const open = view.targets.filter((target) => target.uncontrolled);
			const pool = open.length > 0 ? open : view.targets;
			const target = pool.reduce((best, next) => (next.resistance < best.resistance ? next : best));
			await builder.locator(`button[data-card="${target.card}"]`).click();
			await expect(builder).not.toHaveAttribute('data-step', 'target');
			if ((await builder.getAttribute('data-step')) === 'kind') await builder.locator('button[data-kind="control"]').click();
			if ((await builder.getAttribute('data-step')) === 'privilege') await builder.getByRole('button', { name: 'No privilege' }).click();
			await expect(builder).toHaveAttribute('data-step', 'aid');
			const aids = builder.getByRole('checkbox');
			const aided = (await aids.count()) > 0;
			if (aided) await aids.first().check();
			await builder.getByTestId('declare-attack').click();
			this.#attackedThisTurn = true;
			this.#attack = { aided, attackerSpent: false };
			return `declared an attack on ${target.card}${aided ? ' with aid' : ''}`;
		}
		const ending = ['endTurn', 'endActions', 'passTurn'].find((kind) => view.endings.includes(kind));
		if (ending === undefined) return null;
		await panel.getByTestId(ending).click();
		if (ending !== 'endActions') {
			this.turnsEnded++;
			this.#attackedThisTurn = false;
		}
		return ending === 'endActions' ? 'ended its actions' : 'ended its turn';
	}
}
