// Issue 16: a wrong room code (or one a character short) opened a lobby that waited forever and
// left a phantom game in My games. The join form and the /join page now refuse a code that fails
// its check (or has a character too few or too many) with a reason, before anything is made; a
// well-formed code no game answers says so after a few seconds (Lobby), and going back forgets
// the empty game.
import { describe, expect, it } from 'vitest';
import { checkCharacter, newRoomCode } from '../../src/lib/net/room.js';
import { codeProblemText } from '../../src/lib/ui/app/join-problems.js';
import { joinPath, roomCodeFromInput, roomCodeProblem } from '../../src/lib/ui/app/links.js';
import { NO_ANSWER_SECONDS } from '../../src/lib/ui/app/lobby.js';
import { LOCALES, setLocale, translate } from '../../src/lib/ui/i18n/index.js';
import { options, randomBytes } from '../session/helpers.js';
import { makeRuntime } from './helpers/app-fakes.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';

const code = newRoomCode(randomBytes);
/** The same code with one character changed (never to one that reads the same). */
const typo = code.slice(0, 5) + (code[5] === 'Z' ? 'Y' : 'Z') + code.slice(6);

describe('a room code typed or followed', () => {
	failOnMissingMessages();

	it('with a wrong character, a missing one or one too many is no room code, each for its reason', () => {
		expect(roomCodeFromInput(code)).toBe(code);
		expect(checkCharacter(typo.slice(0, -1))).not.toBe(typo.at(-1));
		for (const [input, problem, count] of [
			[typo, 'typo', 25],
			[code.slice(0, 24), 'length', 24], // a character short
			[`${code}7`, 'length', 26],
			[`${code.slice(0, 5)}-${code.slice(5, 10)}-${code.slice(10, 15)}-${code.slice(15, 19)}`, 'length', 19],
			[code.replace(/^./, '#'), 'bad-character', 25],
			['   ', 'empty', 0],
		] as const) {
			expect(roomCodeFromInput(input), input).toBeNull();
			expect(roomCodeProblem(input), input).toMatchObject({ problem, count });
		}
		expect(roomCodeProblem(code.replace(/^./, '#'))?.character).toBe('#');
	});

	it('in a link too', () => {
		expect(roomCodeProblem(`https://fnord.example${joinPath(typo)}`)).toMatchObject({ problem: 'typo' });
		expect(roomCodeProblem(`https://fnord.example/join?room=${code.slice(0, 24)}&g=ABCDEFGHIJKLMNOP`)).toMatchObject({ problem: 'length', count: 24 });
		expect(roomCodeProblem(`https://fnord.example${joinPath(code)}`)).toBeNull();
	});

	it.each(LOCALES)('is refused with a reason that says what to check (%s)', (locale) => {
		setLocale(locale);
		const typoText = codeProblemText(typo);
		const shortText = codeProblemText(code.slice(0, 24));
		expect(typoText).toBe(translate(locale, 'home.join.problem.typo'));
		expect(shortText).toContain('24');
		expect(shortText).toContain('25');
		expect(codeProblemText(code.replace(/^./, '#'))).toContain('#');
		expect(codeProblemText('', 'lobby.join.bad')).toBe(translate(locale, 'lobby.join.bad'));
		expect(translate(locale, 'lobby.noAnswer.text', { room: 'ABCD-EFGH', seconds: NO_ANSWER_SECONDS })).toContain(String(NO_ANSWER_SECONDS));
		setLocale('en');
	});

	it('a well-formed code no game answers: going back forgets the empty game', async () => {
		const { runtime } = makeRuntime();
		const joined = await runtime.join(code, 'Game x');
		expect(await runtime.list.list()).toHaveLength(1);
		const empty = joined.session.game.log.length === 0;
		joined.destroy();
		expect(await runtime.forgetIfEmpty(joined.id, empty)).toBe(true);
		expect(await runtime.list.list()).toEqual([]);
		// Read from storage when not told.
		const again = await runtime.join(code, 'Game x');
		again.destroy();
		expect(await runtime.forgetIfEmpty(again.id)).toBe(true);
		expect(await runtime.list.list()).toEqual([]);
	});

	it('a game that has anything is never forgotten that way', async () => {
		const { runtime } = makeRuntime();
		const made = await runtime.create(options(2), [0], 'Mine');
		made.destroy();
		expect(await runtime.forgetIfEmpty(made.id)).toBe(false);
		expect(await runtime.forgetIfEmpty(made.id, false)).toBe(false);
		expect(await runtime.list.list()).toHaveLength(1);
	});
});
