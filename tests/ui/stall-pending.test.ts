// The stall panel never shows an empty "Waiting for" while the game goes on: when no seat is
// awaited it names what the table waits on (session/stall-watch.ts `pending`), in every language.
import { describe, expect, it } from 'vitest';
import { pendingLine, type StandInWait } from '../../src/lib/ui/app/stall.js';
import { hasMessage, setLocale, t } from '../../src/lib/ui/i18n/index.js';

const standIn: StandInWait = { seat: 1, for: 'turn', driver: 0 };

describe('the stall panel when no seat is awaited', () => {
	it('names the seat a standing absence vote waits on, the seats owing a share, or the pending step', () => {
		expect(pendingLine({ kind: 'vote', seats: [0] }, [], null)).toEqual({ key: 'stall.pending.vote', seats: [0] });
		expect(pendingLine({ kind: 'share', seats: [2, 3] }, [], null)).toEqual({ key: 'stall.pending.share', seats: [2, 3] });
		expect(pendingLine({ kind: 'order', seats: [] }, [], null)?.key).toBe('stall.pending.order');
		expect(pendingLine({ kind: 'automatic', seats: [] }, [], null)?.key).toBe('stall.pending.automatic');
	});

	it('adds nothing when a seat is awaited, a stand-in plays, or nothing is pending', () => {
		expect(pendingLine({ kind: 'automatic', seats: [] }, [{}], null)).toBeNull();
		expect(pendingLine({ kind: 'automatic', seats: [] }, [], standIn)).toBeNull();
		expect(pendingLine(null, [], null)).toBeNull();
	});

	it('has its lines in English, French and Spanish, naming the seats', async () => {
		for (const locale of ['en', 'fr', 'es'] as const) {
			await setLocale(locale);
			for (const kind of ['vote', 'share', 'order', 'automatic']) expect(hasMessage(`stall.pending.${kind}`), `${locale} ${kind}`).toBe(true);
			expect(t('stall.pending.vote', { names: 'Alice' })).toContain('Alice');
			expect(t('stall.pending.share', { names: 'Bob' })).toContain('Bob');
		}
		await setLocale('en');
	});
});
