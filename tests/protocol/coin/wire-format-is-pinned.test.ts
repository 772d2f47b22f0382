// Protocol version 2's encodings and hashes are pinned: a seeded 2-of-3 DKG gives exactly these
// box keys, dealing, group key and coin, and stored coin shares keep verifying. Every peer must
// compute the same bytes, so a change here is a protocol change (a new version), never a refactor.
import { describe, expect, it } from 'vitest';
import { coinShare, combineCoin, verifyCoinShare } from '../../../src/lib/protocol/coin/index.js';
import { honestDkg, seeded, utf8 } from './support.js';

const BOX_KEYS = [
	'7OAqpFXQYf2wMiy-dj0qpuRzGDycVFNYiI0hpL0KSFA',
	'nspqIznIdbHv3-hdUttWBqerT9iTlVfV6QkwpDouXRw',
	'nhHLpbNuZiLF0HX7RboYstoaM_S7uRV50Udt5nZ7ZFw'
];
const DEALING_0 = {
	ephemeral: 'phgf35_a00Tn9xB4bU7iU8Qsx9FIBCNY1jqSBRWs-xI',
	commitments: ['VuhLIvMypBHWyhb0dcqsZN2r8LzMFHELol2iLkM4C1I', 'hLI8eMooes6_wM0kB3GoaqMPby0FyXC31ESKFbcDq1I'],
	shares: [
		'TWOIKVu2hdBBnWgmFIHhvlbai0VzG0QAaCJTOu3JBwk',
		'z4phEIkUiih8uU9o9_WXeLG0FflPGqNeoVGvfu9r6AU',
		'XRhvgThjvSiR2AdYfJb26Kl1GjbQ7FuER_Eu8P5iNQg'
	]
};
const GROUP = {
	publicKey: 'DkwN94SqrQDlX6_syapv_f_8DZUBURUHPR_3vm9sung',
	shareKeys: [
		'sB1v9ehtE5oGSFUccElS13u9Hx6qxkpIL0ZV6lE0R3o',
		'Jvgzgg7FDJ9Qka9_aVGJ-3SljK5riCH_bci8GphuNns',
		'XjWkyzdwOq7A3GlprbzxbuPFAlQfzy_bRpYjFBdYLwU'
	]
};
const MESSAGE = utf8('fnord vector event 1');
const SHARES: [seat: number, share: string][] = [
	[0, 'KPXs01RzAWgxODZvIRvIJx48c6i0QjG0CD0lwYMpHAK6s6mSOqOE1ILs6CX4TfhmexSn7Cw0AXpla3wwKTe1AX9PWbqbu32Mz-aanNQbBSNdAX2uhUev0znF_FA881AE'],
	[1, 'JBsRn_uX_33WxinfN94-nZnwBpJIP1itSeik96-8LU5SgnPAo4nscl0Srr5fvHDX9weEM0Ecgtgz1yIJA2ARBweUFIYEQnOCNqLJg4mj2Blwr4_y6g578dwX_Wuuws8P'],
	[2, '8nBumrBEfDjdpHZyCbMacJtIMBE8PA6ch-w0ieEBb2ADSsoy-2MD5rQXzxUG_KkH5Kkd6Q5v-eR-x-UXt9JsCWcgrH8x2TWshjcnjlRO4gsPWalntrUqY5r6p6qLh8AH']
];
const COIN = '092e183ca38dafc1ad47efcb05e20fca4201fab06ae1acd13a070c648d88ed3d';

describe('the wire format of protocol version 2 is pinned (seed "vector")', () => {
	const dkg = honestDkg(3, 2, 'vector');

	it('box keys, the first dealing and the group key are byte for byte the pinned ones', () => {
		expect(dkg.boxKeys).toEqual(BOX_KEYS);
		expect(dkg.dealings[0]).toEqual(DEALING_0);
		expect(dkg.group).toEqual(GROUP);
	});

	it('the pinned coin shares verify and combine, in every pair, to the pinned coin', () => {
		for (const [seat, share] of SHARES) expect(verifyCoinShare({ message: MESSAGE, seat, share, shareKey: GROUP.shareKeys[seat]! })).toBe(true);
		for (const pair of [[0, 1], [0, 2], [1, 2]]) {
			expect(combineCoin({ message: MESSAGE, shares: new Map(pair.map((s) => SHARES[s]!)), t: 2 })).toBe(COIN);
		}
	});

	it('the same seeded random source makes the same coin shares', () => {
		const random = seeded('vector-shares');
		expect(dkg.secrets.map((secret, seat) => [seat, coinShare({ message: MESSAGE, seat, secret, random })])).toEqual(SHARES);
	});
});
