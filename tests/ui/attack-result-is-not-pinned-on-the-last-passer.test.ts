// Issue 16: the log pinned an attack's result on the last player who passed (the pass that closes
// the after-roll window settles the attack, so its line read "Seat 3: … passes. … success."). A
// log line now keeps what its actor did apart from what followed, and the result names the
// attacking player; the panel shows what followed apart from the actor's name.
import { render } from 'svelte/server';
import { afterAll, describe, expect, it } from 'vitest';
import type { Action, GameState } from '../../src/lib/engine/index.js';
import { CARDS } from '../../src/lib/engine/cards/index.js';
import { logLine } from '../../src/lib/ui/log/log-lines.js';
import LogPanel from '../../src/lib/ui/log/LogPanel.svelte';
import { LOCALES } from '../../src/lib/ui/i18n/index.js';
import { playerName } from '../../src/lib/ui/words/index.js';
import { dice, passAll, play } from '../helpers/scenario.js';
import { base } from './helpers/examples.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';
import { awaitLazyPanels } from '../support/lazy-panels.js';

/** Seat 0 attacks; after the roll, the window closes with the last seat's pass (not seat 0's). */
function settledByAnother(): { before: GameState; action: Action; after: GameState } {
	const declared = play(base(), { type: 'attack', seat: 0, kind: 'control', attacker: 'multinational-oil-companies', target: 'yuppies', aids: [] });
	let state = play(passAll(declared), dice(1, 1));
	// Seat 0 passes first, so the pass that settles the attack is another seat's.
	for (const seat of [0, 1, 2]) {
		if (state.phase.kind !== 'afterRoll') break;
		const action: Action = { type: 'passWindow', seat };
		const after = play(state, action);
		if (after.phase.kind !== 'afterRoll') return { before: state, action, after };
		state = after;
	}
	throw new Error('the attack did not settle');
}

describe('an attack settled by another player’s pass', () => {
	failOnMissingMessages();
	// Panels the rendered components load with import() finish loading before teardown.
	afterAll(() => awaitLazyPanels(import.meta.url));
	const step = settledByAnother();

	it.each(LOCALES)('is told apart from the pass, naming the attacker (%s)', (locale) => {
		const line = logLine(step, 42, locale, []);
		expect(line.actor).not.toBe(0);
		expect(line.actorName).toBe(playerName(step.before, line.actor!, locale));
		// What the passer did says nothing of the result...
		expect(line.done).not.toMatch(/\d+ \(1 \+ 1\)/);
		// ...which comes apart, naming the attacking player (seat 0), not the passer.
		expect(line.followed).toMatch(/\(1 \+ 1\)/);
		expect(line.followed).toContain(playerName(step.before, 0, locale));
		expect(line.followed).not.toContain(playerName(step.before, line.actor!, locale));
		expect(line.text).toBe(`${line.done} ${line.followed}`);
	});

	it('the log panel shows the result outside the actor’s sentence', () => {
		const { body } = render(LogPanel, { props: { steps: [step] } });
		const item = /<li[^>]*>([\s\S]*?)<\/li>/.exec(body)![1]!;
		const text = /<span class="text[^"]*">([\s\S]*?)<\/span>/.exec(item)![1]!;
		expect(text).not.toContain(CARDS['yuppies']!.name);
		expect(item).toMatch(/data-testid="log-followed"[^>]*>[\s\S]*needs/);
	});
});
