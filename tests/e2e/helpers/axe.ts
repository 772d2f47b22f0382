// axe-core (WCAG 2.x A and AA rules, and best practices) on a page or part of it: the serious
// and critical violations, each with the elements it found (an empty list passes).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface AxeOptions {
	/** Only inside this selector (the views a feature adds). */
	include?: string;
	/** At least this many rules passed (a check that axe ran at all; default 3). */
	minPasses?: number;
}

export async function seriousViolations(page: Page, options: AxeOptions = {}): Promise<string[]> {
	let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
	if (options.include !== undefined) builder = builder.include(options.include);
	const results = await builder.analyze();
	expect(results.passes.length, 'axe ran its rules').toBeGreaterThan(options.minPasses ?? 3);
	return results.violations
		.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
		.map((violation) => `${violation.impact} ${violation.id}: ${violation.help}\n    ${violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)}`).join('\n    ')}`);
}
