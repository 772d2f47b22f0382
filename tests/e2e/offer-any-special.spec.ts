// An offer asking for Specials of the receiver's choice (take.anySpecials), clicked through on the
// action panel's preview route (/preview/actions): the maker offers money for "1 Special card of
// their choice", the receiver cannot accept before it ticks a card, then accepts with the one it
// ticked. The engine's state and entries (window.__fnordActions) show exactly that card moved.
import { expect, test, type Locator, type Page } from '@playwright/test';

interface Player {
	seat: number;
	illuminati: string;
	hand: string[];
	hidden?: string[];
	structure: Record<string, { money: number }>;
}
interface Hook {
	ready: boolean;
	state(): { players: Player[]; offers: unknown[]; turn: { seat: number } | null };
	entries(): { type: string; seat?: number }[];
}

/** The seeded random player's first 120 entries (default seed): seat 2 then holds two Specials
 * (no hidden cards) and seat 0's Illuminati hold money (found by mirroring the preview's newGame). */
const QUERY = '?seed=actions-preview&bots=120';
const MAKER = 0;
const RECEIVER = 2;
const MONEY = 5;

const hook = (page: Page) => page.evaluate(() => (window as unknown as { __fnordActions?: Hook }).__fnordActions?.ready === true);
const gameState = (page: Page) => page.evaluate(() => (window as unknown as { __fnordActions: Hook }).__fnordActions.state());
const entries = (page: Page) => page.evaluate(() => (window as unknown as { __fnordActions: Hook }).__fnordActions.entries());
const treasury = (player: Player): number => player.structure[player.illuminati]!.money;

async function open(page: Page): Promise<Locator> {
	await page.goto(`/preview/actions${QUERY}`);
	await expect.poll(() => hook(page)).toBe(true);
	return page.getByTestId('action-panel');
}

/** Shows `seat`'s panel (the preview then stops following the seat to act). */
async function showSeat(page: Page, panel: Locator, seat: number): Promise<void> {
	await page.getByTestId(`seat-${seat}`).click();
	await expect(panel).toHaveAttribute('data-seat', String(seat));
}

test("an offer for a Special of the receiver's choice: the receiver ticks one before Accept, and exactly that card changes hands", async ({ page }) => {
	const panel = await open(page);
	const before = await gameState(page);
	const receiver = before.players[RECEIVER]!;
	const maker = before.players[MAKER]!;
	// The position this test needs (if the random player changes, find another bots count).
	expect(receiver.hand.length, 'the receiver holds at least two Specials').toBeGreaterThanOrEqual(2);
	expect(receiver.hidden ?? [], 'the receiver holds no hidden cards').toEqual([]);
	expect(treasury(maker), "the maker's Illuminati hold money").toBeGreaterThanOrEqual(MONEY);
	expect(before.offers).toEqual([]);
	const entriesBefore = (await entries(page)).length;

	// The maker offers 5 MB for 1 Special card of the receiver's choice.
	await showSeat(page, panel, MAKER);
	const deals = panel.getByTestId('deals');
	await deals.getByText('Make an offer').click();
	const form = deals.getByTestId('offer-form');
	await form.getByRole('combobox', { name: /^To\b/ }).selectOption(String(RECEIVER));
	await form.getByRole('group', { name: 'You give' }).getByLabel('MB (from the Illuminati)').fill(String(MONEY));
	const asked = form.getByRole('group', { name: 'You ask for' });
	await expect(asked).toContainText(`They hold ${receiver.hand.length} Special cards and pick which to hand over.`);
	await asked.getByTestId('any-specials').selectOption('1');
	await form.getByRole('button', { name: 'Make the offer' }).click();
	await expect(panel.getByTestId('action-error')).toHaveCount(0);
	await expect.poll(async () => (await gameState(page)).offers.length).toBe(1);

	// The receiver sees the terms; Accept waits for its pick.
	await showSeat(page, panel, RECEIVER);
	const offer = panel.getByTestId('offer');
	await expect(offer).toContainText(`Gives: ${MONEY} MB`);
	await expect(offer).toContainText('1 Special card of the receiver’s choice');
	const pick = offer.getByTestId('offer-pick');
	await expect(pick).toHaveAttribute('data-count', '1');
	await expect(pick.getByRole('checkbox')).toHaveCount(receiver.hand.length);
	const accept = offer.getByTestId('accept-pick');
	await expect(accept).toBeDisabled();
	await expect(pick.getByTestId('pick-hint')).toHaveText('Pick 1 card to accept (0 picked).');

	// It ticks its last Special (not the first, so the pick is the receiver's, not a default).
	const chosen = receiver.hand[receiver.hand.length - 1]!;
	await pick.locator(`input[value="${chosen}"]`).check();
	await expect(pick.getByTestId('pick-hint')).toHaveCount(0);
	await expect(pick.locator(`input[value="${receiver.hand[0]}"]`)).toBeDisabled(); // one is all it may pick
	await expect(accept).toBeEnabled();
	await accept.click();
	await expect(panel.getByTestId('offer')).toHaveCount(0);

	// Exactly the ticked card went to the maker, the money to the receiver.
	const after = await gameState(page);
	expect(after.offers).toEqual([]);
	expect(after.players[RECEIVER]!.hand).toEqual(receiver.hand.filter((card) => card !== chosen));
	expect(after.players[MAKER]!.hand).toEqual([...maker.hand, chosen]);
	expect(treasury(after.players[MAKER]!)).toBe(treasury(maker) - MONEY);
	expect(treasury(after.players[RECEIVER]!)).toBe(treasury(receiver) + MONEY);
	const made = (await entries(page)).slice(entriesBefore);
	expect(made.map((entry) => entry.type)).toEqual(['offer', 'acceptOffer']);
	expect(made[0]).toMatchObject({ seat: MAKER, to: RECEIVER, give: { money: MONEY }, take: { anySpecials: 1 } });
	expect(made[1]).toMatchObject({ seat: RECEIVER, chosen: [chosen] });
});
