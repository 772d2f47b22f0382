// A partial decryption sealed to the drawer opens for the drawer only. A seal that does not open,
// or opens to a bad or foreign partial, is refused with a typed error naming its sender, and the
// drawer's public complaint (the seal's shared point with a Chaum–Pedersen proof) lets anyone open
// that one seal, see the bad content and convict the sender; a complaint about a good seal, or a
// forged or moved complaint, is judged false. A seal that is malformed or lacks its proof of
// knowledge is the sender's fault on sight, and its recipient does not reveal a key for it.
import { describe, expect, it } from 'vitest';
import { base64urlToBytes, bytesToBase64url } from '../../../src/lib/protocol/base64url.js';
import { G, mulSecret } from '../../../src/lib/protocol/coin/group.js';
import {
	complainSeal,
	judgeSealComplaint,
	openedByComplaint,
	openSealed,
	parseSeal,
	partialDecryption,
	sealPartial,
	verifyPartial,
	type Seal,
	type SealComplaint
} from '../../../src/lib/protocol/deck/index.js';
import { openWithShared, proveSeal, sealBytes } from '../../../src/lib/protocol/deck/seal.js';
import { encodePartials } from '../../../src/lib/protocol/deck/sealed.js';
import { IDENTITY, respell } from '../coin/support.js';
import { error, range, seeded, shuffledTable, value } from './support.js';

const table = shuffledTable(4, 3, range(6).map((i) => 40 + i), 'seals');
const { game, dkg, deck } = table;
const { boxes, boxKeys } = dkg;
const shareKeys = dkg.group.shareKeys;
const t = 3;
const position = 1;
const card = deck[position]!;
const DRAWER = 0;
const SENDER = 2;
const random = seeded('seal-randomness');
const honest = value(sealPartial({ game, position, card, seat: SENDER, secret: dkg.secrets[SENDER]!, to: DRAWER, boxKey: boxKeys[DRAWER]!, random }));
const partialOf = (seat: number) => value(partialDecryption({ game, position, card, seat, secret: dkg.secrets[seat]!, random }));
const drawer = { game, position, card, seal: honest as unknown, seat: DRAWER, boxSecret: boxes[DRAWER]!.secret, boxKey: boxKeys[DRAWER]!, shareKeys, t };
const complaintOf = (seal: unknown) => value(complainSeal({ game, seal, boxSecret: boxes[DRAWER]!.secret, boxKey: boxKeys[DRAWER]!, random }));
const judge = (seal: unknown, complaint: unknown, keys: readonly string[] = boxKeys) => judgeSealComplaint({ game, position, card, shareKeys, t, seal, complaint, boxKeys: keys });
/** A seal from SENDER to DRAWER holding `plaintext`, made with the library's own sealing (a sender that seals a bad content). */
const sealing = (plaintext: Uint8Array) =>
	value(sealBytes({ game, kind: 'partial', from: SENDER, to: DRAWER, position, boxKey: boxKeys[DRAWER]!, plaintext, random }));

describe('a sealed partial decryption opens for the drawer only', () => {
	it('the drawer opens it to the sender\u2019s valid partial; the seal is 279 characters', () => {
		expect(honest).toMatchObject({ kind: 'partial', from: SENDER, to: DRAWER, position });
		expect(honest.box).toHaveLength(279);
		const partial = value(openSealed(drawer));
		expect(partial.seat).toBe(SENDER);
		expect(verifyPartial({ game, position, card, partial, shareKey: shareKeys[SENDER]! }).ok).toBe(true);
	});

	it('another seat\u2019s key does not open it, and the seal is not addressed to it', () => {
		const parsed = value(parseSeal({ game, seal: honest, boxKey: boxKeys[DRAWER]! }));
		for (const seat of [1, 2, 3]) {
			const shared = mulSecret(parsed.ephemeral, boxes[seat]!.secret);
			expect(openWithShared({ game, parsed, boxKey: mulSecret(G, boxes[DRAWER]!.secret), shared })).toBeNull();
			expect(error(openSealed({ ...drawer, seat, boxSecret: boxes[seat]!.secret, boxKey: boxKeys[seat]! })).code).toBe('BAD_INPUT');
		}
		// Relabelled to seat 3, its proof no longer holds: a public fault, not a secret one.
		expect(error(openSealed({ ...drawer, seal: { ...honest, to: 3 }, seat: 3, boxSecret: boxes[3]!.secret, boxKey: boxKeys[3]! }))).toMatchObject({ code: 'BAD_SEAL', seat: SENDER });
		// The drawer's own key opens it (the reference for the line above the relabelling).
		expect(openWithShared({ game, parsed, boxKey: mulSecret(G, boxes[DRAWER]!.secret), shared: mulSecret(parsed.ephemeral, boxes[DRAWER]!.secret) })).not.toBeNull();
		expect(error(openSealed({ ...drawer, boxSecret: boxes[3]!.secret })).code).toBe('BAD_INPUT');
	});
});

describe('a bad seal is refused and a complaint convicts its sender', () => {
	const garbage = new Uint8Array(97 + 16).fill(7);
	const address = { kind: 'partial' as const, from: SENDER, to: DRAWER, position };
	const BAD: [name: string, seal: Seal, code: string][] = [
		['a seal that does not open (garbage under a valid proof of its ephemeral key)', { ...address, box: proveSeal({ game, address, boxKey: boxKeys[DRAWER]!, ephemeral: 424242n, ciphertext: garbage, random }) }, 'SEAL_NOT_OPENED'],
		['a seal to the drawer holding a tampered partial', sealing(value(encodePartials([{ seat: SENDER, share: tamper(partialOf(SENDER).share) }]))), 'BAD_PROOF'],
		['a seal holding another seat\u2019s (valid) partial', sealing(value(encodePartials([partialOf(3)]))), 'BAD_PARTIAL'],
		['a seal holding two partials', sealing(value(encodePartials([partialOf(SENDER), partialOf(3)]))), 'BAD_PARTIAL'],
		['a seal holding a partial for another position', sealing(value(encodePartials([value(partialDecryption({ game, position: 4, card: deck[4]!, seat: SENDER, secret: dkg.secrets[SENDER]!, random }))]))), 'BAD_PROOF'],
		['a seal holding bytes that are no partial', sealing(new Uint8Array(50)), 'BAD_PARTIAL']
	];
	for (const [name, seal, code] of BAD) {
		it(`${name}: ${code} naming seat ${SENDER}; the complaint is upheld and shows the content`, () => {
			expect(error(openSealed({ ...drawer, seal }))).toMatchObject({ code, seat: SENDER });
			const complaint = complaintOf(seal);
			expect(complaint.shared).toHaveLength(43);
			expect(complaint.proof).toHaveLength(86);
			const stored = JSON.parse(JSON.stringify(complaint)) as SealComplaint;
			expect(judge(seal, stored)).toBe('sender-cheated');
			const shown = openedByComplaint({ game, seal, complaint: stored, boxKeys });
			if (code === 'SEAL_NOT_OPENED' || name.includes('no partial')) expect(shown).toBeNull();
			else expect(shown?.length).toBeGreaterThan(0);
		});
	}

	it('a complaint about a good seal is false, and discloses that seal\u2019s partial only', () => {
		const complaint = complaintOf(honest);
		expect(judge(honest, complaint)).toBe('false-complaint');
		expect(openedByComplaint({ game, seal: honest, complaint, boxKeys })).toEqual([value(openSealed(drawer))]);
	});

	const upheldSeal = BAD[0]![1];
	const upheld = complaintOf(upheldSeal);
	const otherSeal = value(sealPartial({ game, position, card, seat: 3, secret: dkg.secrets[3]!, to: DRAWER, boxKey: boxKeys[DRAWER]!, random }));
	const FORGED: [name: string, complaint: unknown, keys?: readonly string[]][] = [
		['another point as the shared point', { ...upheld, shared: boxKeys[1] }],
		['the identity as the shared point', { ...upheld, shared: IDENTITY }],
		['a respelled shared point', { ...upheld, shared: respell(upheld.shared) }],
		['a tampered proof', { ...upheld, proof: bytesToBase64url(base64urlToBytes(upheld.proof, 64)!.map((b, i) => (i === 40 ? b ^ 1 : b))) }],
		['the complaint moved to another position', { ...upheld, position: 4 }],
		['the complaint moved to another sender', { ...upheld, from: 3 }],
		['a complaint about another seal', complaintOf(otherSeal)],
		['the complaint moved to another recipient', { ...upheld, to: 1 }],
		['an extra field', { ...upheld, note: 1 }],
		['a missing field', { kind: upheld.kind, from: upheld.from, to: upheld.to, position, shared: upheld.shared }],
		['not an object', 'complaint'],
		['the recipient\u2019s box key malformed', upheld, boxKeys.map((k, i) => (i === DRAWER ? IDENTITY : k))]
	];
	it('the honest complaint is upheld (the reference for the cases below)', () => expect(judge(upheldSeal, upheld)).toBe('sender-cheated'));
	for (const [name, complaint, keys] of FORGED) {
		// Judged against the seal that does not open: only a valid complaint convicts its sender.
		it(`${name}: false`, () => expect(judge(upheldSeal, complaint, keys)).toBe('false-complaint'));
	}
});

describe('a malformed or unproven seal is the sender\u2019s fault on sight, with no key revealed', () => {
	const honestBytes = base64urlToBytes(honest.box)!;
	const withBytes = (f: (b: Uint8Array) => void) => {
		const copy = Uint8Array.from(honestBytes);
		f(copy);
		return { ...honest, box: bytesToBase64url(copy) };
	};
	// A cheater copies the honest seal's ephemeral key into its own seal: it cannot prove knowledge of e.
	const copied = value(sealPartial({ game, position, card, seat: 3, secret: dkg.secrets[3]!, to: DRAWER, boxKey: boxKeys[DRAWER]!, random }));
	const copiedBytes = base64urlToBytes(copied.box)!;
	copiedBytes.set(honestBytes.subarray(0, 32), 0);
	const CASES: [name: string, seal: unknown][] = [
		['another sender\u2019s ephemeral key copied in', { ...copied, box: bytesToBase64url(copiedBytes) }],
		['a ciphertext byte flipped', withBytes((b) => void (b[120]! ^= 1))],
		['the proof tampered', withBytes((b) => void (b[40]! ^= 1))],
		['moved to another position', { ...honest, position: 4 }],
		['claimed by another sender', { ...honest, from: 3 }],
		['the identity as ephemeral key', withBytes((b) => b.fill(0, 0, 32))],
		['too short', { ...honest, box: honest.box.slice(0, 140) }],
		['an unknown kind', { ...honest, kind: 'gift' }],
		['an extra field', { ...honest, extra: 1 }]
	];
	for (const [name, seal] of CASES) {
		it(`${name}: BAD_SEAL; no complaint can be made; judged sender-cheated`, () => {
			const position_ = (seal as Seal).position;
			const e = error(openSealed({ ...drawer, seal, position: position_ }));
			expect(e.code).toBe('BAD_SEAL');
			expect(error(complainSeal({ game, seal, boxSecret: boxes[DRAWER]!.secret, boxKey: boxKeys[DRAWER]!, random })).code).toBe('BAD_SEAL');
			expect(judgeSealComplaint({ game, position: position_, card, shareKeys, t, seal, complaint: null, boxKeys })).toBe('sender-cheated');
		});
	}

	it('a seat that does not hold the box key cannot complain', () => {
		expect(error(complainSeal({ game, seal: honest, boxSecret: boxes[1]!.secret, boxKey: boxKeys[DRAWER]!, random })).code).toBe('BAD_INPUT');
	});
});

function tamper(share: string): string {
	const bytes = base64urlToBytes(share, 96)!;
	bytes[50]! ^= 1;
	return bytesToBase64url(bytes);
}
