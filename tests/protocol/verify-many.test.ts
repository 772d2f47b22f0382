// Verifier.verifyMany: batches of signature checks, optionally run elsewhere (a Web Worker in the
// browser), always with the verdicts `verify` gives one by one.
import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateIdentity, sign, Verifier, type CheckedSignature, type SignatureCheck, type VerifyOffload } from '../../src/lib/protocol/crypto.js';

const subtle = webcrypto.subtle as unknown as SubtleCrypto;
const alice = generateIdentity(new Uint8Array(32).fill(1));
const bob = generateIdentity(new Uint8Array(32).fill(2));
const text = (i: number) => new TextEncoder().encode(`entry ${i}`);

/** 40 checks: good ones, forged ones (another message's signature), and a malformed key. */
const checks: SignatureCheck[] = Array.from({ length: 40 }, (_, i) => {
	const who = i % 2 === 0 ? alice : bob;
	const signature = sign(who.secretKey, text(i % 7 === 3 ? i + 1 : i));
	const publicKey = i === 13 ? 'A'.repeat(43) : who.publicKey;
	return { publicKey, signature, message: text(i) };
});

/** An offload that runs WebCrypto in this process, recording what it was sent. */
function recordingOffload(answer: (verdict: boolean, i: number) => boolean | null = (v) => v) {
	const sent: CheckedSignature[][] = [];
	const offload: VerifyOffload = async (batch) => {
		sent.push([...batch]);
		return Promise.all(
			batch.map(async (item, i) => {
				const key = await subtle.importKey('raw', item.key as Uint8Array<ArrayBuffer>, { name: 'Ed25519' }, false, ['verify']);
				return answer(await subtle.verify({ name: 'Ed25519' }, key, item.sig as Uint8Array<ArrayBuffer>, item.message as Uint8Array<ArrayBuffer>), i);
			})
		);
	};
	return { sent, offload };
}

describe('verifyMany gives the verdicts verify gives', () => {
	const oneByOne = Promise.all(checks.map((c) => new Verifier(subtle).verify(c.publicKey, c.signature, c.message)));

	it('the fixture holds good, forged and malformed checks', async () => {
		const verdicts = await oneByOne;
		expect(verdicts.filter(Boolean).length).toBeGreaterThan(20);
		expect(verdicts.filter((v) => !v).length).toBeGreaterThan(4);
	});

	const cases: { name: string; offload: () => { sent: CheckedSignature[][]; offload: VerifyOffload }; sentItems: number }[] = [
		{ name: 'offloaded in one batch (the malformed key is refused here, never sent)', offload: () => recordingOffload(), sentItems: 39 },
		{ name: 'the offload could not check some: those are checked here', offload: () => recordingOffload((v, i) => (i % 3 === 0 ? null : v)), sentItems: 39 },
		{
			name: 'the offload failed: everything is checked here',
			offload: () => ({ sent: [], offload: async () => Promise.reject(new Error('worker gone')) }),
			sentItems: 0
		}
	];
	for (const { name, offload, sentItems } of cases) {
		it(name, async () => {
			const made = offload();
			const verdicts = await new Verifier(subtle, { offload: made.offload }).verifyMany(checks);
			expect(verdicts).toEqual(await oneByOne);
			expect(made.sent.flat().length).toBe(sentItems);
		});
	}

	it('small batches are checked here (a worker round trip would only add latency)', async () => {
		const made = recordingOffload();
		const few = checks.slice(0, 5);
		const verdicts = await new Verifier(subtle, { offload: made.offload }).verifyMany(few);
		expect(verdicts).toEqual((await oneByOne).slice(0, 5));
		expect(made.sent).toEqual([]);
	});

	it('without WebCrypto there is no offload: the pure-JS path answers', async () => {
		const made = recordingOffload();
		const verdicts = await new Verifier(null, { offload: made.offload }).verifyMany(checks);
		expect(verdicts).toEqual(await oneByOne);
		expect(made.sent).toEqual([]);
	});
});
