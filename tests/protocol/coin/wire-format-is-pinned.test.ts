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
	commitments: [
		'VuhLIvMypBHWyhb0dcqsZN2r8LzMFHELol2iLkM4C1I',
		'hLI8eMooes6_wM0kB3GoaqMPby0FyXC31ESKFbcDq1I'
	],
	shares: [
		'TWOIKVu2hdBBnWgmFIHhvlbai0VzG0QAaCJTOu3JBwk',
		'z4phEIkUiih8uU9o9_WXeLG0FflPGqNeoVGvfu9r6AU',
		'XRhvgThjvSiR2AdYfJb26Kl1GjbQ7FuER_Eu8P5iNQg'
	],
	proof: 'ZkW-0xjLqQh0EUDrhSK6_oY2MwmWus9C3ddH-UjzpwNTp7IuuEr5iDpdkyGKPE-1rTe7BKUVL6tYxTzpggT7Cw5zcFhaNWLVjeCZ4aJGrRUc9Esx5hJaAkT_7Xucn_4F'
};
const GROUP = {
	publicKey: 'ou4W1omHcONSQCKw4rhJn4Rs2ZKJBXgc7rffJes8LDY',
	shareKeys: [
		'Cms7zqNHGaVzGtWwC944A2tm1KTIKo1U3fKmydfpkTI',
		'0G2wTgXROf_rR8UZHGQzHMeWoPmrsAgen9uIJ-RtrCA',
		'zu6irzlBMnAYebecaNPWEgEy-cNMtVNms3PytMKSe1g'
	]
};
const MESSAGE = utf8('fnord vector event 1');
const SHARES: [seat: number, share: string][] = [
	[0, '-tcezg1UhQ6YNFmCAlxGy0UKR1r8Yln0DFmJSL2zm2EHnVRsivjjTYPMPWyhvi19aayHcnwyR8XaQW-w2zdABAxvwIKtshSNrOBXGMBLMKym160VBO1a3jFys26OEBcF'],
	[1, 'TC6mocztgpU1bFy_XIkJqjMdDeDZ5UAW_MKBw9OKlD-DDHFnTTFz97gnpwjmbSFiNcHBDvVEQNNPSmhsM78wBhMum_51JH0sOHjmzbcjH1goQ1UjGiBj1V5YzRtW7t4P'],
	[2, 'TtIpGKToiniJ-WQuaUa4MnBrLt12gMwfpfS9C0PSURJrJ7JMNwNc8-3mOsHLmrrvTA51ApzOUwclAPHGB4F7ATjEusXS5us-6Vaj9Psv48nwM8POUp0kwo5tAd09XWMO']
];
const COIN = '5a8bc94e8c5f79e6b95903b3521605004c2897c410702d59cfdcb65bd91cfb23';

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
