// Makes a test file fail when any t()/translate() call hits a missing key or parameter.
import { afterEach, beforeEach, expect } from 'vitest';
import { onMissingMessage, type MissingMessage } from '../../../src/lib/ui/i18n/index.js';

/** Call at the top of a test file (or describe block). Returns the live list for inspection. */
export function failOnMissingMessages(): MissingMessage[] {
	const missing: MissingMessage[] = [];
	let stop: () => void = () => {};
	beforeEach(() => {
		missing.length = 0;
		stop = onMissingMessage((m) => missing.push(m));
	});
	afterEach(() => {
		stop();
		expect(missing, 'missing i18n messages').toEqual([]);
	});
	return missing;
}
