// Issue 16: French typography. Every French message has a no-break space before ':' (U+00A0) and
// a narrow one before ';', '!' and '?' (U+202F), inside « guillemets » too, so that the mark never
// starts a line; colons the pages add around messages come from common.colon (and the CSS that
// draws "label:" says '\a0:' in French).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AREAS, translate } from '../../src/lib/ui/i18n/index.js';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

/** The places a French message breaks the rule: the mark, and the text just before it. */
function problems(text: string): string[] {
	const found: string[] = [];
	// URLs and schemes ("ws://", "https://") are not sentences.
	const prose = text.replace(/\b[a-z]+:\/\/\S*/g, '');
	for (const match of prose.matchAll(/[:;!?]/g)) {
		const before = prose[match.index! - 1] ?? '';
		const wanted = match[0] === ':' ? [NBSP, NNBSP] : [NNBSP, NBSP];
		if (!wanted.includes(before)) found.push(`${JSON.stringify(prose.slice(Math.max(0, match.index! - 12), match.index! + 1))}`);
	}
	for (const match of prose.matchAll(/« | »/g)) found.push(`plain space in guillemets at ${match.index}`);
	return found;
}

describe('French typography', () => {
	it('the check itself: a plain space, or none, before the marks is caught; no-break spaces pass', () => {
		expect(problems('Tour : 3')).toHaveLength(1);
		expect(problems('Tour: 3')).toHaveLength(1);
		expect(problems(`Tour${NBSP}: 3${NNBSP}; prêt${NNBSP}?`)).toEqual([]);
		expect(problems(`une adresse ws://x ou https://y`)).toEqual([]);
	});

	it.each(Object.keys(AREAS))('every French message of "%s" has a no-break space before : ; ! ?', (area) => {
		const wrong: string[] = [];
		for (const [key, text] of Object.entries(AREAS[area]!.fr)) {
			for (const problem of problems(text)) wrong.push(`${area}.${key}: ${problem}`);
		}
		expect(wrong).toEqual([]);
	});

	it('colons added around messages follow the language', () => {
		expect(translate('fr', 'common.colon')).toBe(`${NBSP}:`);
		expect(translate('en', 'common.colon')).toBe(':');
		expect(translate('es', 'common.colon')).toBe(':');
		const root = join(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..'), 'src', 'lib', 'ui');
		for (const file of ['log/LogPanel.svelte', 'table/CardDetails.svelte', 'table/PlayerPanel.svelte']) {
			const css = readFileSync(join(root, file), 'utf8');
			expect(css, file).toMatch(/:global\(:lang\(fr\)\)[^{]*::after \{\s*content: '\\a0:';/);
		}
	});
});
