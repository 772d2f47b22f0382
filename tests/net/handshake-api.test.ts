// The Handshake's own rules, with a scripted RTCPeerConnection (tests/net/handshake/fakes.ts):
// lifetimes, answers to the wrong invitation, cancelling, and each way a link can fail, typed.
// Real WebRTC links are proved in handshake-node.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Handshake, type HandshakeOptions } from '../../src/lib/net/handshake/handshake.js';
import { HANDSHAKE_ADVICE, HANDSHAKE_ERROR_CODES, HandshakeError } from '../../src/lib/net/handshake/errors.js';
import { FakePc, FakePeerConnection, fixture } from './handshake/fakes.js';

const ROOM = '7KQ2MXH90D';
const MINUTE = 60_000;

function clock(start = 1_800_000_000_000) {
	let now = start;
	return { now: () => now, advance: (ms: number) => (now += ms) };
}

function handshake(options: Partial<HandshakeOptions> = {}): Handshake {
	return new Handshake({ RTCPeerConnection: FakePc, room: ROOM, ...options });
}

async function rejection(promise: Promise<unknown>): Promise<string> {
	try {
		await promise;
		return 'resolved';
	} catch (error) {
		return error instanceof HandshakeError ? error.code : `exception: ${String(error)}`;
	}
}

/** The fake connection behind the last invitation or acceptance. */
const lastPc = () => FakePeerConnection.created.at(-1)!;

beforeEach(() => {
	FakePeerConnection.script = {};
	FakePeerConnection.created = [];
});
afterEach(() => {
	FakePeerConnection.script = {};
});

describe('Handshake', () => {
	it('links when the right answer is pasted, and both sides get the same key', async () => {
		const host = handshake();
		const guest = handshake();
		const invitation = await host.createInvitation();
		const hostPc = lastPc();
		const acceptance = await guest.acceptInvitation(invitation.text);
		const guestPc = lastPc();
		expect(acceptance.room).toBe(ROOM);
		const completed = await host.completeInvitation(acceptance.answerText);
		expect(completed).toBe(invitation);
		expect(hostPc.remoteDescription?.type).toBe('answer');
		hostPc.connect();
		guestPc.connect();
		const [hostLink, guestLink] = await Promise.all([invitation.whenLinked, acceptance.whenLinked]);
		expect([hostLink.role, guestLink.role]).toEqual(['host', 'guest']);
		expect(hostLink.key).toBe(guestLink.key);
		expect(hostLink.key).toBe(invitation.key);
		expect(host.pending).toBe(0);
	});

	it('keeps the invitation through wrong answers, then takes the right one', async () => {
		const host = handshake();
		const invitation = await host.createInvitation();
		const otherInvitation = await handshake().createInvitation();
		const rightAnswer = (await handshake().acceptInvitation(invitation.text)).answerText;
		const wrongAnswer = (await handshake().acceptInvitation(otherInvitation.text)).answerText;
		expect(await rejection(host.completeInvitation(wrongAnswer))).toBe('wrong-offer');
		expect(await rejection(host.completeInvitation('hello'))).toBe('not-a-code');
		expect(await rejection(host.completeInvitation(invitation.text))).toBe('wrong-kind');
		expect(host.pending).toBe(1);
		expect(await host.completeInvitation(rightAnswer)).toBe(invitation);
		expect(await rejection(host.completeInvitation(rightAnswer))).toBe('already-used');
	});

	it('keeps the invitation when WebRTC refuses an answer, as malformed', async () => {
		const host = handshake();
		const invitation = await host.createInvitation();
		const answer = (await handshake().acceptInvitation(invitation.text)).answerText;
		FakePeerConnection.script = { refuse: 'a=setup:active' };
		expect(await rejection(host.completeInvitation(answer))).toBe('malformed');
		FakePeerConnection.script = {};
		expect(await host.completeInvitation(answer)).toBe(invitation);
	});

	it('refuses an answer after the invitation lifetime as expired, and says so again later', async () => {
		const time = clock();
		const host = handshake({ now: time.now, invitationTtlMs: 10 * MINUTE });
		const invitation = await host.createInvitation();
		const hostPc = lastPc();
		const answer = (await handshake({ now: time.now }).acceptInvitation(invitation.text)).answerText;
		time.advance(10 * MINUTE + 1);
		expect(await rejection(host.completeInvitation(answer))).toBe('expired');
		expect(await rejection(host.completeInvitation(answer))).toBe('expired');
		expect(await rejection(invitation.whenLinked)).toBe('expired');
		expect(hostPc.connectionState).toBe('closed');
	});

	it('ends an unanswered invitation when its lifetime runs out', async () => {
		const invitation = await handshake({ invitationTtlMs: 30 }).createInvitation();
		expect(await rejection(invitation.whenLinked)).toBe('expired');
	});

	it.each([
		['an invitation older than the max age', -31, 'expired'],
		['an invitation just within the max age', -29, 'resolved'],
		['an invitation from a clock ahead of this one', +90, 'resolved']
	])('the guest refuses or accepts %s', async (_what, minutes, outcome) => {
		const time = clock();
		const invitation = await handshake({ now: time.now }).createInvitation();
		time.advance(-minutes * MINUTE);
		const guest = handshake({ now: time.now, invitationMaxAgeMs: 30 * MINUTE });
		expect(await rejection(guest.acceptInvitation(invitation.text))).toBe(outcome);
	});

	it('refuses an invitation to another game when it knows its game, and tells the room when it does not', async () => {
		const invitation = await handshake().createInvitation();
		expect(await rejection(handshake({ room: 'ZZZZZ00000' }).acceptInvitation(invitation.text))).toBe('wrong-room');
		const newcomer = new Handshake({ RTCPeerConnection: FakePc });
		expect((await newcomer.acceptInvitation(invitation.text)).room).toBe(ROOM);
		await expect(newcomer.createInvitation()).rejects.toThrow(TypeError);
		expect(() => handshake({ room: 'room #1' })).toThrow(TypeError);
	});

	it('cannot invite from a device without a network address', async () => {
		FakePeerConnection.script = {
			offerSdp: fixture('wrtc-loopback-offer').replace(/a=candidate:.*\r\n/g, '')
		};
		expect(await rejection(handshake().createInvitation())).toBe('no-candidates');
		expect(lastPc().connectionState).toBe('closed');
	});

	it.each([
		['ICE fails (other network, client isolation)', 'failed', 'failed', 'ice-failed'],
		['ICE connects but DTLS fails (a tampered code)', 'connected', 'failed', 'dtls-failed']
	] as const)('rejects whenLinked when %s', async (_what, ice, connection, code) => {
		const host = handshake();
		const invitation = await host.createInvitation();
		const hostPc = lastPc();
		await host.completeInvitation((await handshake().acceptInvitation(invitation.text)).answerText);
		hostPc.setStates(ice, connection);
		expect(await rejection(invitation.whenLinked)).toBe(code);
	});

	it('rejects whenLinked with timeout when nothing happens after the answer', async () => {
		const host = handshake({ linkTimeoutMs: 20 });
		const invitation = await host.createInvitation();
		await host.completeInvitation((await handshake().acceptInvitation(invitation.text)).answerText);
		expect(await rejection(invitation.whenLinked)).toBe('timeout');
		const acceptance = await handshake({ answerWaitMs: 20 }).acceptInvitation((await host.createInvitation()).text);
		expect(await rejection(acceptance.whenLinked)).toBe('timeout');
	});

	it('rejects whenLinked with closed when cancelled, and the answer then finds no invitation', async () => {
		const host = handshake();
		const invitation = await host.createInvitation();
		const acceptance = await handshake().acceptInvitation(invitation.text);
		invitation.cancel();
		acceptance.cancel();
		expect(await rejection(invitation.whenLinked)).toBe('closed');
		expect(await rejection(acceptance.whenLinked)).toBe('closed');
		expect(await rejection(host.completeInvitation(acceptance.answerText))).toBe('wrong-offer');
	});

	it('has advice for every error code', () => {
		for (const code of HANDSHAKE_ERROR_CODES) expect(HANDSHAKE_ADVICE[code]).toBeTruthy();
		expect(new HandshakeError('ice-failed').advice).toBe('same-network');
	});
});
