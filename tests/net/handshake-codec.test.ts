// The invitation/answer codes: real session descriptions (captured from @roamhq/wrtc in Node
// and from Chromium 156, see tests/net/handshake/fixtures) survive the round trip, fit one QR
// code up to version 10 at level M in alphanumeric mode, and damaged codes fail with a
// specific error.
import fc from 'fast-check';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodeCode, encodeCode, prefixOf, type CodeContent } from '../../src/lib/net/handshake/codec.js';
import { HandshakeError, type HandshakeErrorCode } from '../../src/lib/net/handshake/errors.js';
import { buildSdp, parseSdp, type SdpCandidate, type SdpEssentials } from '../../src/lib/net/handshake/sdp.js';
import { BASE41_ALPHABET, decodeBase41, encodeBase41 } from '../../src/lib/net/handshake/text.js';
import { fixture } from './handshake/fakes.js';

const ROOM = '7KQ2MXH90D';
const NONCE = Uint8Array.of(0xde, 0xad, 0xbe, 0xef);
const FIXTURES = [
	'wrtc-loopback-offer',
	'wrtc-loopback-answer',
	'chromium-loopback-offer',
	'chromium-loopback-answer',
	'chromium-mdns-offer',
	'chromium-mdns-answer',
	'chromium-lan-offer',
	'chromium-lan-answer',
	'firefox-handwritten-offer'
];

function contentOf(name: string, essentials: SdpEssentials): CodeContent {
	return name.endsWith('offer')
		? { kind: 'invitation', room: ROOM, nonce: NONCE, createdMinute: 29_000, essentials }
		: { kind: 'answer', nonce: NONCE, essentials };
}

function codeOf(f: () => unknown): HandshakeErrorCode | 'ok' {
	try {
		f();
		return 'ok';
	} catch (error) {
		if (error instanceof HandshakeError) return error.code;
		throw error;
	}
}

function qr(text: string) {
	return QRCode.create(text, { errorCorrectionLevel: 'M' });
}

describe('compact codes from real session descriptions', () => {
	it.each(FIXTURES)('%s: round trip keeps every essential and fits QR version <= 10-M in alphanumeric mode', (name) => {
		const { essentials, skipped } = parseSdp(fixture(name));
		const { text, dropped } = encodeCode(contentOf(name, essentials));
		expect(dropped).toEqual([]);
		const decoded = decodeCode(text);
		expect(decoded).toEqual(contentOf(name, essentials));
		const code = qr(text);
		expect(code.version).toBeLessThanOrEqual(10);
		expect(code.segments.every((s) => s.mode.id !== 'Byte')).toBe(true);
		// TCP candidates are all that is skipped.
		expect(skipped.every((s) => / tcp /i.test(s))).toBe(true);
	});

	it.each(FIXTURES)('%s: the rebuilt description parses to the same essentials', (name) => {
		const { essentials } = parseSdp(fixture(name));
		expect(parseSdp(buildSdp(essentials, '42')).essentials).toEqual(essentials);
	});

	it('keeps the ICE credentials, fingerprint, role and addresses of a Chromium offer', () => {
		const { essentials } = parseSdp(fixture('chromium-lan-offer'));
		expect(essentials.iceUfrag).toBe('QDhs');
		expect(essentials.icePwd).toBe('nUWvDYMIzmSs4+slNbEsLzUM');
		expect(essentials.setup).toBe('actpass');
		expect(essentials.fingerprint.algorithm).toBe('sha-256');
		expect(essentials.candidates.map((c) => `${c.address} ${c.port}`)).toEqual([
			'127.0.0.1 42303',
			'10.77.0.1 44404',
			'10.77.0.2 53097',
			'::1 52883',
			'fd00::1 57254'
		]);
	});

	it('drops the least useful addresses (link-local, loopback, IPv6, mDNS) until the code fits, never all', () => {
		const base = parseSdp(fixture('chromium-lan-offer')).essentials;
		const extra: SdpCandidate[] = [
			...Array.from({ length: 6 }, (_, i) => ({ address: `fe80::${i + 1}`, port: 5000 + i, type: 'host' as const })),
			...Array.from({ length: 6 }, (_, i) => ({ address: `192.168.1.${i + 10}`, port: 6000 + i, type: 'host' as const }))
		];
		const { text, dropped } = encodeCode(contentOf('offer', { ...base, candidates: [...base.candidates, ...extra] }));
		expect(text.length).toBeLessThanOrEqual(311);
		expect(qr(text).version).toBeLessThanOrEqual(10);
		expect(dropped.slice(0, 6).every((c) => c.address.startsWith('fe80'))).toBe(true);
		const kept = decodeCode(text).essentials.candidates.map((c) => c.address);
		expect(kept).toEqual(expect.arrayContaining(['10.77.0.1', '10.77.0.2', '192.168.1.10', '192.168.1.15']));
		expect(codeOf(() => encodeCode(contentOf('offer', base), 40))).toBe('too-large');
	});

	it('refuses to make a code without any address (no network)', () => {
		const base = parseSdp(fixture('wrtc-loopback-offer')).essentials;
		expect(codeOf(() => encodeCode(contentOf('offer', { ...base, candidates: [] })))).toBe('no-candidates');
	});

	it.each([
		['no data channel section', (s: string) => s.replace(/m=application.*/, 'm=audio 9 UDP/TLS/RTP/SAVPF 111')],
		['no fingerprint', (s: string) => s.replace(/a=fingerprint.*\r\n/, '')],
		['an unknown fingerprint hash', (s: string) => s.replace('sha-256', 'md5')],
		['no ICE password', (s: string) => s.replace(/a=ice-pwd.*\r\n/, '')],
		['an odd setup role', (s: string) => s.replace('a=setup:actpass', 'a=setup:holdconn')]
	])('refuses a session description with %s as unsupported-sdp', (_what, mutate) => {
		expect(codeOf(() => parseSdp(mutate(fixture('chromium-loopback-offer'))))).toBe('unsupported-sdp');
	});
});

describe('strict decoding', () => {
	const invitation = encodeCode(contentOf('offer', parseSdp(fixture('chromium-mdns-offer')).essentials)).text;
	const answer = encodeCode(contentOf('answer', parseSdp(fixture('chromium-mdns-answer')).essentials)).text;
	const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === '7' ? '8' : '7') + text.slice(at + 1);

	it.each<[string, string, HandshakeErrorCode]>([
		['nothing', ' \n ', 'empty'],
		['a room code', '7KQ2M-XH90D', 'not-a-code'],
		['an invite link', 'https://fnord.example/#/join/7KQ2MXH90D', 'not-a-code'],
		['a code from a newer app', 'FI2' + invitation.slice(3), 'unsupported-version'],
		['an answer where an invitation goes', answer, 'wrong-kind'],
		['a character no code has', invitation.slice(0, 20) + '_' + invitation.slice(21), 'bad-character'],
		['half the code', invitation.slice(0, 70), 'truncated'],
		['the code minus its last character', invitation.slice(0, -1), 'truncated'],
		['the code with a typo', flip(invitation, 50), 'checksum'],
		['the code with a typo in its last group', flip(invitation, invitation.length - 2), 'checksum'],
		['the code with something pasted after it', invitation + '000', 'malformed']
	])('%s: %s', (_what, text, code) => {
		expect(codeOf(() => decodeCode(text, 'invitation'))).toBe(code);
	});

	it('reads a code through whitespace, line breaks, lower case and a link around it', () => {
		const expected = decodeCode(invitation);
		const mangled = invitation.toLowerCase().replace(/(.{17})/g, '$1\n  ');
		expect(decodeCode(mangled)).toEqual(expected);
		expect(decodeCode(`https://fnord.example/#/link/${invitation}`)).toEqual(expected);
	});

	it('refuses content that passes the checksum but makes no sense', () => {
		const essentials = parseSdp(fixture('chromium-mdns-answer')).essentials;
		const actpassAnswer = encodeCode({ kind: 'answer', nonce: NONCE, essentials: { ...essentials, setup: 'actpass' } });
		expect(codeOf(() => decodeCode(actpassAnswer.text))).toBe('malformed');
		const activeOffer = encodeCode(contentOf('offer', { ...essentials, setup: 'active' }));
		expect(codeOf(() => decodeCode(activeOffer.text))).toBe('malformed');
	});

	it('names its kind in the first characters', () => {
		expect(invitation.startsWith(prefixOf('invitation'))).toBe(true);
		expect(answer.startsWith(prefixOf('answer'))).toBe(true);
	});
});

describe('base41 text', () => {
	it('uses only QR alphanumeric characters, without space, %, / or +', () => {
		expect(BASE41_ALPHABET).toHaveLength(41);
		for (const ch of BASE41_ALPHABET) expect('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ$*-.:').toContain(ch);
	});

	it('round-trips any bytes at 1.5 characters a byte', () => {
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
				const text = encodeBase41(bytes);
				expect(text.length).toBe(Math.ceil(bytes.length * 1.5));
				expect(decodeBase41(text)).toEqual(bytes);
			})
		);
	});

	it('detects every single changed character of a code', () => {
		const text = encodeCode(contentOf('answer', parseSdp(fixture('wrtc-loopback-answer')).essentials)).text;
		for (let at = 3; at < text.length; at++) {
			for (const ch of ['0', 'Z', ':']) {
				if (text[at] === ch) continue;
				const damaged = text.slice(0, at) + ch + text.slice(at + 1);
				expect(codeOf(() => decodeCode(damaged)), `${ch} at ${at}`).not.toBe('ok');
			}
		}
	});
});
