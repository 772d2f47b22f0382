// What the QR codes of linking by hand hold: an answer is the code alone; an invitation is a link
// to the guest page (so a phone's camera app opens it) when that link fits a version-10 QR code at
// level M and this page is not on a loopback address; the decoder reads the code out of the link.
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodeCode, QR_V10_M_ALPHANUMERIC } from '../../src/lib/net/handshake/index.js';
import { encodeBase41 } from '../../src/lib/net/handshake/text.js';
import { invitationLink, MAX_QR_VERSION, qrContent, reachableOrigin } from '../../src/lib/ui/link/qr-text.js';
import { FakePeerConnection } from '../net/handshake/fakes.js';
import { Handshake } from '../../src/lib/net/handshake/index.js';

const ROOM = '7KQ2MXH90D';
const LAN = 'http://192.168.1.23:4173';
const text = (segments: ReturnType<typeof qrContent>) => segments.map((s) => (typeof s.data === 'string' ? s.data : new TextDecoder().decode(s.data as Uint8Array))).join('');
const version = (segments: ReturnType<typeof qrContent>) => QRCode.create(segments, { errorCorrectionLevel: 'M' }).version;

async function realInvitation(): Promise<string> {
	FakePeerConnection.script = {};
	const handshake = new Handshake({ RTCPeerConnection: FakePeerConnection as never, room: ROOM });
	const invitation = await handshake.createInvitation();
	handshake.close();
	return invitation.text;
}

describe('QR code content', () => {
	it('an invitation on a LAN origin: the guest page link, in a QR code of version ≤ 10, decoding to the same invitation', async () => {
		const code = await realInvitation();
		const segments = qrContent(code, 'invitation', LAN, QRCode.create);
		expect(text(segments)).toBe(invitationLink(LAN, code));
		expect(text(segments)).toBe(`${LAN}/link#${code}`);
		expect(version(segments)).toBeLessThanOrEqual(MAX_QR_VERSION);
		expect(decodeCode(text(segments), 'invitation')).toEqual(decodeCode(code, 'invitation'));
	});

	it('an answer is the code alone', async () => {
		const code = await realInvitation();
		expect(text(qrContent(code, 'answer', LAN, QRCode.create))).toBe(code);
	});

	it('a loopback origin is left out (another device could not open it)', async () => {
		const code = await realInvitation();
		for (const origin of ['http://127.0.0.1:4173', 'http://localhost:4173', 'http://[::1]:4173']) {
			expect(reachableOrigin(origin)).toBe(false);
			expect(text(qrContent(code, 'invitation', origin, QRCode.create))).toBe(code);
		}
		expect(reachableOrigin('https://fnord.example')).toBe(true);
	});

	it('the longest code a handshake makes still fits version 10 alone, without the link', () => {
		// A valid-looking code of the maximum length: the prefix and 308 base41 characters.
		const longest = 'FI1' + encodeBase41(new Uint8Array(205).fill(0xab)).slice(0, QR_V10_M_ALPHANUMERIC - 3);
		expect(longest).toHaveLength(QR_V10_M_ALPHANUMERIC);
		const segments = qrContent(longest, 'invitation', LAN, QRCode.create);
		expect(text(segments)).toBe(longest);
		expect(version(segments)).toBe(MAX_QR_VERSION);
	});
});
