// A device's seat claim in presence is signed by its key and signed again every CLAIM_REFRESH_MS
// (GameLink, net/presence-claim.ts): another device counts it while it is fresh, lists it as
// unverified once nobody renewed it for CLAIM_FRESH_MS, and counts it again after the next renewal.
import { describe, expect, it } from 'vitest';
import { defaultNetSettings } from '../../src/lib/net/settings.js';
import { CLAIM_FRESH_MS, CLAIM_REFRESH_MS } from '../../src/lib/net/presence-claim.js';
import { MemoryDocStore } from '../../src/lib/session/index.js';
import { Runtime } from '../../src/lib/session/runtime.js';
import { FakeClock } from '../session/fake-clock.js';
import { options, randomBytesFor } from '../session/helpers.js';
import { memoryStorage } from './helpers/app-fakes.js';
import { syncDocs, syncPresence, WebrtcLikeTransport } from './helpers/two-devices.js';

function device(label: string, clock: FakeClock): Runtime {
	return new Runtime({ storage: memoryStorage(), persistence: new MemoryDocStore(), randomBytes: randomBytesFor(label), now: () => 1_000, net: defaultNetSettings, clock, makeTransport: (_session, awareness) => new WebrtcLikeTransport(awareness) });
}

describe('presence claims between two devices', () => {
	it('a fresh signed claim counts; unrenewed for 60 s it is unverified; renewed, it counts again', async () => {
		const clock = new FakeClock();
		const host = await device('renew-host', clock).create(options(2), [0], 'Night game');
		const guest = await device('renew-guest', clock).join(host.session.roomCode, 'Game');
		syncDocs(host, guest);
		guest.session.claim(1);
		syncDocs(guest, host);
		guest.setName('Bob');
		syncPresence(guest.awareness, host.awareness);
		const bob = () => host.presence().find((p) => !p.self)!;
		expect(bob()).toMatchObject({ name: 'Bob', seat: guest.session.key });

		// The guest's renewals do not reach the host: its last claim goes stale there.
		clock.advance(CLAIM_FRESH_MS + 1);
		expect(bob().seat).toBeUndefined();
		expect(bob()).toMatchObject({ name: 'Bob', claimedSeat: guest.session.key });

		// The guest signed again meanwhile (every CLAIM_REFRESH_MS): once it arrives, it counts.
		clock.advance(CLAIM_REFRESH_MS);
		syncPresence(guest.awareness, host.awareness);
		expect(bob()).toMatchObject({ name: 'Bob', seat: guest.session.key });
		host.destroy();
		guest.destroy();
	});
});
