// Home's "Play against the computer" plan: the defaults start three normal bots in one click, the
// player's seat and Illuminati are kept, and a bad form is refused with its reason.
import { describe, expect, it } from 'vitest';
import { LEVELS as BOT_LEVELS } from '../../src/lib/bots/levels.js';
import { ILLUMINATI_IDS } from '../../src/lib/ui/app/new-game.js';
import { defaultVsComputer, LEVELS, planVsComputer, resizeLevels } from '../../src/lib/ui/app/vs-computer.js';

const first = () => 0;

describe('planVsComputer', () => {
	it('by default makes a four-seat game on this device with three normal bots after the player', () => {
		const plan = planVsComputer(defaultVsComputer(), 'Against the computer', first);
		if (!plan.ok) throw new Error(plan.problem);
		expect(plan.options.players).toBe(4);
		expect(plan.options.illuminati).toBe('random');
		expect(plan.seats).toEqual([0, 1, 2, 3]);
		expect(plan.human).toBe(0);
		expect(plan.bots).toEqual([1, 2, 3].map((seat) => ({ seat, level: 'normal' })));
		expect(plan.rules.countdown).toBe(0);
	});

	it('gives the player the chosen Illuminati and seat, and the bots distinct others', () => {
		const plan = planVsComputer({ opponents: 5, levels: ['easy', 'hard', 'normal', 'easy', 'hard'], illuminati: 'ufos', seat: 2 }, 't', (n) => n - 1);
		if (!plan.ok) throw new Error(plan.problem);
		const illuminati = plan.options.illuminati as string[];
		expect(illuminati[2]).toBe('ufos');
		expect(new Set(illuminati).size).toBe(6);
		expect(illuminati.every((id) => (ILLUMINATI_IDS as readonly string[]).includes(id))).toBe(true);
		expect(plan.bots.map((b) => b.seat)).toEqual([0, 1, 3, 4, 5]);
		expect(plan.bots.map((b) => b.level)).toEqual(['easy', 'hard', 'normal', 'easy', 'hard']);
	});

	it('refuses 0 or 6 opponents, an unknown level, Illuminati or seat', () => {
		const base = defaultVsComputer();
		expect(planVsComputer({ ...base, opponents: 0 }, 't', first)).toEqual({ ok: false, problem: 'opponents' });
		expect(planVsComputer({ ...base, opponents: 6 }, 't', first)).toEqual({ ok: false, problem: 'opponents' });
		expect(planVsComputer({ ...base, levels: ['normal', 'expert' as never, 'easy'] }, 't', first)).toEqual({ ok: false, problem: 'level' });
		expect(planVsComputer({ ...base, illuminati: 'the-masons' }, 't', first)).toEqual({ ok: false, problem: 'illuminati' });
		expect(planVsComputer({ ...base, seat: 4 }, 't', first)).toEqual({ ok: false, problem: 'seat' });
	});

	it('keeps chosen levels when the number of opponents changes, and lists the bots’ own levels', () => {
		expect(resizeLevels(['hard', 'easy'], 4)).toEqual(['hard', 'easy', 'normal', 'normal']);
		expect(LEVELS).toEqual(BOT_LEVELS);
	});
});
