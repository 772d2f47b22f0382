/**
 * A tiny message formatter (a subset of ICU MessageFormat):
 *   {name}                                        a parameter
 *   {count, plural, =0 {none} one {# card} other {# cards}}   plural by Intl.PluralRules;
 *                                                 `#` is the number, `=N` matches exactly
 *   {side, select, cia {…} other {…}}             choice by a parameter's value
 * Branches may nest further placeholders. Problems (a missing parameter, a bad pattern) are
 * reported through `report` and left visible in the output instead of throwing.
 */
export type Params = Readonly<Record<string, string | number>>;

export interface FormatProblem {
	readonly kind: 'missing-param' | 'bad-pattern';
	readonly detail: string;
}

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function rulesFor(locale: string): Intl.PluralRules {
	let rules = pluralRules.get(locale);
	if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
	return rules;
}

export function formatNumber(locale: string, n: number): string {
	let nf = numberFormats.get(locale);
	if (!nf) numberFormats.set(locale, (nf = new Intl.NumberFormat(locale)));
	return nf.format(n);
}

/** The plural branch to use for `n`: an exact `=n` first, then the language's category, then `other`. */
export function pluralBranch(locale: string, n: number, branches: ReadonlyMap<string, string>): string | undefined {
	return branches.get(`=${n}`) ?? branches.get(rulesFor(locale).select(n)) ?? branches.get('other');
}

/** Index of the `}` closing the `{` at `open`, or -1. */
function closingBrace(text: string, open: number): number {
	let depth = 0;
	for (let i = open; i < text.length; i++) {
		if (text[i] === '{') depth++;
		else if (text[i] === '}' && --depth === 0) return i;
	}
	return -1;
}

/** Parses `sel {text} sel {text}` into a map; null when malformed. */
function parseBranches(text: string): Map<string, string> | null {
	const branches = new Map<string, string>();
	let i = 0;
	while (i < text.length) {
		const match = /^\s*([^\s{}]+)\s*\{/.exec(text.slice(i));
		if (!match) return text.slice(i).trim() === '' ? branches : null;
		const open = i + match[0].length - 1;
		const close = closingBrace(text, open);
		if (close < 0) return null;
		branches.set(match[1], text.slice(open + 1, close));
		i = close + 1;
	}
	return branches;
}

export function formatMessage(
	locale: string,
	pattern: string,
	params: Params = {},
	report: (problem: FormatProblem) => void = () => {},
	pound?: string
): string {
	let out = '';
	let i = 0;
	while (i < pattern.length) {
		const ch = pattern[i];
		if (ch === '#' && pound !== undefined) {
			out += pound;
			i++;
			continue;
		}
		if (ch !== '{') {
			out += ch;
			i++;
			continue;
		}
		const close = closingBrace(pattern, i);
		if (close < 0) {
			report({ kind: 'bad-pattern', detail: pattern });
			return out + pattern.slice(i);
		}
		out += placeholder(locale, pattern.slice(i + 1, close), params, report, pound);
		i = close + 1;
	}
	return out;
}

function placeholder(locale: string, body: string, params: Params, report: (p: FormatProblem) => void, pound?: string): string {
	const simple = /^\s*(\w+)\s*$/.exec(body);
	if (simple) {
		const value = params[simple[1]];
		if (value === undefined) {
			report({ kind: 'missing-param', detail: simple[1] });
			return `{${simple[1]}}`;
		}
		return typeof value === 'number' ? formatNumber(locale, value) : value;
	}
	const complex = /^\s*(\w+)\s*,\s*(plural|select)\s*,([\s\S]*)$/.exec(body);
	const branches = complex ? parseBranches(complex[3]) : null;
	if (!complex || !branches) {
		report({ kind: 'bad-pattern', detail: `{${body}}` });
		return `{${body}}`;
	}
	const [, name, kind] = complex;
	const value = params[name];
	if (value === undefined) {
		report({ kind: 'missing-param', detail: name });
		return `{${name}}`;
	}
	if (kind === 'plural') {
		const n = Number(value);
		const branch = pluralBranch(locale, n, branches);
		if (branch === undefined) {
			report({ kind: 'bad-pattern', detail: `{${body}} has no "other"` });
			return String(value);
		}
		return formatMessage(locale, branch, params, report, formatNumber(locale, n));
	}
	const branch = branches.get(String(value)) ?? branches.get('other');
	if (branch === undefined) {
		report({ kind: 'bad-pattern', detail: `{${body}} has no "other"` });
		return String(value);
	}
	return formatMessage(locale, branch, params, report, pound);
}

/** Every parameter name a pattern uses (for checking that translations agree). */
export function placeholderNames(pattern: string): string[] {
	const names = new Set<string>();
	const walk = (text: string) => {
		let i = 0;
		while (i < text.length) {
			if (text[i] !== '{') {
				i++;
				continue;
			}
			const close = closingBrace(text, i);
			if (close < 0) return;
			const body = text.slice(i + 1, close);
			const complex = /^\s*(\w+)\s*,\s*(plural|select)\s*,([\s\S]*)$/.exec(body);
			if (complex) {
				names.add(complex[1]);
				for (const branch of parseBranches(complex[3])?.values() ?? []) walk(branch);
			} else names.add(body.trim());
			i = close + 1;
		}
	};
	walk(pattern);
	return [...names].sort();
}
