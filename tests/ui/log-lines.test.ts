// The log in words: one line per accepted entry, with the acting seat (or chance for dice and
// draws) and describe's sentences told for the seat the entry concerns among this device's seats.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLogText, type Action } from '../../src/lib/engine/index.js';
import { timelineFromEntries } from '../../src/lib/ui/history/timeline.js';
import { actorOf, logLines, viewerFor } from '../../src/lib/ui/log/log-lines.js';
import { describe as tell } from '../../src/lib/ui/words/index.js';
import { base, EXAMPLES } from './helpers/examples.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';

const parsed = parseLogText(readFileSync(join(process.cwd(), 'docs', 'examples', 'first-round.sandbox.json'), 'utf8'));
if (!parsed.ok) throw new Error(parsed.error);
const timeline = timelineFromEntries(parsed.log.setup, parsed.log.entries);

describe('log lines', () => {
	failOnMissingMessages();

	it('tells every accepted entry of the documented first round, oldest first, in each language', () => {
		for (const locale of ['en', 'fr', 'es'] as const) {
			const lines = logLines(timeline.steps, 0, timeline.steps.length, locale, []);
			expect(lines.map((l) => l.position)).toEqual(timeline.steps.map((_, i) => i + 1));
			for (const [i, line] of lines.entries()) {
				const step = timeline.steps[i]!;
				expect(line.text).toBe(tell(step.before, step.action, step.after, locale, { viewer: null }));
				expect(line.actor).toBe(actorOf(step.action));
			}
		}
		const english = logLines(timeline.steps, 0, timeline.steps.length, 'en', []).map((l) => l.text).join('\n');
		expect(english).toContain('The Mafia is captured by The Bavarian Illuminati.');
	});

	it('names the actor by its Illuminati, and chance for the fixed dice and draws', () => {
		const [layout, , firstPass] = logLines(timeline.steps, 0, 3, 'en', []);
		expect(layout).toMatchObject({ actor: null, actorName: null });
		expect(firstPass).toMatchObject({ actor: 0, actorName: 'The Bavarian Illuminati' });
	});

	it('a range gives the lines in it with their positions', () => {
		expect(logLines(timeline.steps, 3, 6, 'en', []).map((l) => l.position)).toEqual([4, 5, 6]);
		expect(logLines(timeline.steps, 5, 999, 'en', [])).toHaveLength(timeline.steps.length - 5);
	});

	const give = EXAMPLES.give();
	const offer = EXAMPLES.offer();
	it.each([
		['a spectator: nobody', give.action, [], null],
		['one seat: that seat', give.action, [2], 2],
		['hot seat: the actor', give.action, [0, 1, 2], 1],
		['hot seat: the receiver when the actor is not held here', give.action, [0, 2], 0],
		['hot seat, an offer: its maker', offer.action, [0, 1], 0],
		['one seat that is not a party: still that seat', offer.action, [2], 2],
		['hot seat, several seats, neither party: nobody', offer.action, [2, 3], null],
	] as const)('the viewer for %s', (_name, action, seats, expected) => {
		const before = base();
		expect(viewerFor({ before, action: action as Action, after: before }, seats)).toBe(expected);
	});

	it('the viewer for a draw is the drawing seat when it is held here', () => {
		const draw = timeline.steps.find((s) => s.before.random?.kind === 'draw');
		if (draw === undefined) throw new Error('the example has a draw');
		const seat = draw.before.random!.kind === 'draw' ? draw.before.random!.seat : -1;
		expect(viewerFor(draw, [0, 1])).toBe(seat);
	});
});
