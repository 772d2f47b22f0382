/**
 * The documented example logs replay with no rejected entry, and show what the docs say.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLogText, replay } from '../../src/lib/engine/index.js';
import { invariantProblems } from '../../src/lib/engine/invariants.js';

const DIR = join(process.cwd(), 'docs', 'examples');

describe('docs/examples', () => {
	const files = readdirSync(DIR).filter((name) => name.endsWith('.json'));

	it('has examples of a sandbox and a seeded game', () => {
		expect(files).toEqual(expect.arrayContaining(['first-round.sandbox.json', 'seeded-game.json']));
	});

	it.each(files)('%s parses and replays with every entry accepted', (name) => {
		const parsed = parseLogText(readFileSync(join(DIR, name), 'utf8'));
		expect(parsed.ok).toBe(true);
		if (!parsed.ok) return;
		const result = replay(parsed.log);
		expect(result.rejected).toEqual([]);
		expect(invariantProblems(result.state)).toEqual([]);
		expect(parsed.log.setup.sandbox).toBe(name.includes('sandbox'));
	});

	it('first-round.sandbox.json: the Bavarians capture the Mafia and Cthulhu destroys the KGB', () => {
		const parsed = parseLogText(readFileSync(join(DIR, 'first-round.sandbox.json'), 'utf8'));
		if (!parsed.ok) throw new Error(parsed.error);
		const { state } = replay(parsed.log);
		expect(state.players[0]!.structure.mafia?.master).toBe('bavarian-illuminati');
		expect(state.dead).toContain('kgb');
		expect(state.players[1]!.kills).toBe(1);
		expect(state.players[1]!.hand).toEqual(['swiss-bank-account']);
	});
});
