// Issue 16: importing a file that is no Fnord game log said "not a Fnord game log" twice (the
// message says it, and the engine's reason shown in it began with the same words). Said once now,
// in every language, whichever way the file is read.
import { describe, expect, it } from 'vitest';
import { checkImportText, notALogDetail } from '../../src/lib/session/files.js';
import { ImportError, readExport } from '../../src/lib/session/import.js';
import { LOCALES, translate } from '../../src/lib/ui/i18n/index.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';

const FOREIGN = [
	['a JSON list', '[1, 2]'],
	['a JSON object of another program', '{"hello": 1}'],
	['another format', '{"format": "chess-pgn", "version": 1}'],
] as const;

const count = (text: string, phrase: RegExp) => text.match(new RegExp(phrase, 'gi'))?.length ?? 0;

describe('a foreign file', () => {
	failOnMissingMessages();

	it.each(FOREIGN)('%s: the problem shown says "not a Fnord game log" once, with the reason', (_name, text) => {
		const check = checkImportText(text);
		expect(check).toMatchObject({ ok: false, error: { code: 'notFnordLog' } });
		if (check.ok) return;
		expect(check.error.message).not.toBe('');
		const shown = translate('en', 'home.import.problem.notFnordLog', { name: 'moves.json', detail: check.error.message });
		expect(count(shown, /not a Fnord game log/)).toBe(1);
		for (const locale of LOCALES) {
			const message = translate(locale, 'home.import.problem.notFnordLog', { name: 'moves.json', detail: check.error.message });
			expect(count(message, /not a (Fnord )?game log/), locale).toBe(locale === 'en' ? 1 : 0);
		}
	});

	it('the import path itself gives the same reason, without the repeated words', () => {
		try {
			readExport('[1, 2]');
			expect.unreachable();
		} catch (error) {
			expect(error).toBeInstanceOf(ImportError);
			expect((error as ImportError).code).toBe('notFnordLog');
			expect((error as Error).message).not.toMatch(/not a (Fnord )?game log/i);
		}
	});

	it('only the leading words go', () => {
		expect(notALogDetail('not a Fnord game log: the file is not a JSON object')).toBe('the file is not a JSON object');
		expect(notALogDetail('unsupported log version 2; this program reads version 1')).toBe('unsupported log version 2; this program reads version 1');
	});
});
