/**
 * A bot's secret goal (UFOs; every seat with hidden goals) is drawn, nearer goals favoured, not
 * simply the nearest: the public state would otherwise name it to every rival (red team, issue 15).
 */
import { expect, it } from 'vitest';
import { Chooser } from '../../src/lib/bots/random-player.js';
import { chooseSecret, secretGoalWeights } from '../../src/lib/bots/secrets.js';
import { scenario } from '../helpers/scenario.js';

it('the secret goal varies with the bot’s seed, and the nearest goal is drawn most often', () => {
	const state = scenario({
		players: [{ illuminati: 'ufos', money: 10, groups: [{ card: 'cia', side: 1, money: 0 }, { card: 'fbi', side: 2, money: 0 }] }, { illuminati: 'network', money: 10 }],
		rules: { hiddenGoals: true },
	});
	const weights = secretGoalWeights(state, 0);
	const heaviest = weights.reduce((best, w) => (w.weight > best.weight ? w : best));
	const counts = new Map<string, number>();
	for (let seed = 0; seed < 400; seed++) {
		const { goal, salt } = chooseSecret(state, 0, new Chooser(`secret-goal-draw:${seed}`));
		expect(salt).toMatch(/^[0-9a-f]{32}$/);
		counts.set(goal, (counts.get(goal) ?? 0) + 1);
	}
	expect(counts.size).toBeGreaterThan(3);
	const most = [...counts.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
	expect(weights.filter((w) => w.weight === heaviest.weight).map((w) => w.goal)).toContain(most[0]);
	expect(most[1]).toBeLessThan(400);
});

it('at the start the UFOs draw the Bavarian goal most and the Network’s least, though the Network’s Power to transfer looks nearest', () => {
	const state = scenario({ players: [{ illuminati: 'ufos', money: 10 }, { illuminati: 'gnomes-of-zurich', money: 10 }], rules: { hiddenGoals: true } });
	const counts = new Map<string, number>();
	for (let seed = 0; seed < 400; seed++) {
		const { goal } = chooseSecret(state, 0, new Chooser(`ufo-start:${seed}`));
		counts.set(goal, (counts.get(goal) ?? 0) + 1);
	}
	const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([goal]) => goal);
	expect(ranked[0]).toBe('bavarian-illuminati');
	expect(counts.get('network') ?? 0).toBeLessThan(counts.get('bavarian-illuminati')! / 2);
	// Still a draw: the likeliest goal is far from certain.
	expect(counts.get('bavarian-illuminati')!).toBeLessThan(200);
});
