// What a player is told when linking by hand fails: each HandshakeError code gives what went
// wrong and what to do; networking failures point to the same Wi-Fi, client isolation and a
// phone hotspot; a wrong kind of code is explained the right way round.
import { describe, expect, it } from 'vitest';
import { HANDSHAKE_ERROR_CODES, HandshakeError } from '../../src/lib/net/handshake/errors.js';
import { translate } from '../../src/lib/ui/i18n/index.js';
import { problemOf, problemText } from '../../src/lib/ui/link/advice.js';

describe('link failure texts', () => {
	it('keeps the code of a HandshakeError and calls anything else unknown', () => {
		expect(problemOf(new HandshakeError('ice-failed', 'ICE failed'))).toMatchObject({ code: 'ice-failed' });
		expect(problemOf(new Error('boom'))).toEqual({ code: 'unknown', detail: 'boom' });
		expect(problemOf('odd')).toEqual({ code: 'unknown', detail: 'odd' });
	});

	it.each(['ice-failed', 'timeout', 'too-large'] as const)('%s: advice to check the network (same Wi-Fi, isolation, hotspot)', (code) => {
		const text = problemText({ code, detail: '' }, 'answer');
		expect(text.advice).toBe('same-network');
		expect(text.todo).toBe('link.advice.same-network');
	});

	it('no network address: join a Wi-Fi or a hotspot first', () => {
		expect(translate('en', problemText({ code: 'no-candidates', detail: '' }, 'invitation').todo!)).toMatch(/hotspot/);
	});

	it('a wrong kind of code is explained by what was expected', () => {
		const asInvitation = problemText({ code: 'wrong-kind', detail: '' }, 'invitation');
		const asAnswer = problemText({ code: 'wrong-kind', detail: '' }, 'answer');
		expect(translate('en', asInvitation.what)).toMatch(/^This is an answer/);
		expect(translate('en', asAnswer.what)).toMatch(/^This is an invitation/);
		expect([asInvitation.todo, asAnswer.todo]).toEqual([null, null]);
	});

	it('an expired invitation on the guest may also be a wrong clock', () => {
		expect(translate('en', problemText({ code: 'expired', detail: '' }, 'invitation').what)).toMatch(/clock/);
		expect(translate('en', problemText({ code: 'expired', detail: '' }, 'answer').what)).not.toMatch(/clock/);
	});

	it('the network steps name the same Wi-Fi, client isolation and a phone hotspot in every language', () => {
		const steps = (locale: 'en' | 'fr' | 'es') => ['link.network.sameWifi', 'link.network.isolation', 'link.network.hotspot'].map((key) => translate(locale, key)).join(' ');
		expect(steps('en')).toMatch(/same Wi‑Fi.*client isolation.*hotspot/s);
		expect(steps('fr')).toMatch(/même réseau Wi‑Fi.*isolation des clients.*partage de connexion/s);
		expect(steps('es')).toMatch(/misma red wifi.*aislamiento de clientes.*punto de acceso/s);
	});

	it('every code has a what and, except a wrong kind, a what-to-do', () => {
		for (const code of HANDSHAKE_ERROR_CODES) {
			const text = problemText({ code, detail: '' }, 'answer');
			expect(text.what).toMatch(/^link\.error\./);
			if (code !== 'wrong-kind') expect(text.todo).toMatch(/^link\.advice\./);
		}
	});
});
