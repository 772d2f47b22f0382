/**
 * What a data-channel-only session description really needs, and a valid description rebuilt
 * from it. A complete offer or answer (ICE gathering finished) of Chromium, Firefox or
 * libwebrtc in Node carries ~700 to 1,500 characters; the parts that matter for linking are
 * the ICE credentials, the DTLS fingerprint and role, the SCTP port and the UDP candidates.
 *
 * Dropped on purpose: TCP candidates (Chromium's are `tcptype active` on port 9, useless to the
 * other side), candidates of other components, `max-message-size` (the default 64 KiB is plenty:
 * our channels send pieces of at most 16 KiB), session ids and extmap lines.
 */
import { addressToBytes } from './address.js';
import { HandshakeError } from './errors.js';

export type SetupRole = 'actpass' | 'active' | 'passive';
export type CandidateType = 'host' | 'srflx' | 'prflx' | 'relay';
export type FingerprintAlgorithm = 'sha-256' | 'sha-384' | 'sha-512';

export const SETUP_ROLES: readonly SetupRole[] = ['actpass', 'active', 'passive'];
export const CANDIDATE_TYPES: readonly CandidateType[] = ['host', 'srflx', 'prflx', 'relay'];
export const FINGERPRINT_ALGORITHMS: readonly FingerprintAlgorithm[] = ['sha-256', 'sha-384', 'sha-512'];
export const FINGERPRINT_LENGTH: Readonly<Record<FingerprintAlgorithm, number>> = {
	'sha-256': 32,
	'sha-384': 48,
	'sha-512': 64
};
export const DEFAULT_SCTP_PORT = 5000;

export interface SdpCandidate {
	/** IPv4, IPv6 or `<uuid>.local` (mDNS). */
	address: string;
	port: number;
	type: CandidateType;
}

export interface SdpEssentials {
	iceUfrag: string;
	icePwd: string;
	fingerprint: { algorithm: FingerprintAlgorithm; bytes: Uint8Array };
	setup: SetupRole;
	sctpPort: number;
	/** In the order of the original description (the browser's preference). */
	candidates: SdpCandidate[];
}

export interface ParsedSdp {
	essentials: SdpEssentials;
	/** Candidate lines left out, with why (for diagnostics). */
	skipped: string[];
}

/** ICE ufrag and password characters (RFC 8839 ice-char). */
export const ICE_CHAR = /^[A-Za-z0-9+/]+$/;

/** The essentials of a description with exactly one data channel section. */
export function parseSdp(sdp: string): ParsedSdp {
	const lines = sdp.split(/\r?\n/).map((l) => l.trim()).filter((l) => l.length > 0);
	const media = lines.filter((l) => l.startsWith('m='));
	if (media.length !== 1 || !/^m=application \d+ UDP\/DTLS\/SCTP webrtc-datachannel$/.test(media[0]!)) {
		throw new HandshakeError('unsupported-sdp', `media sections: ${media.join(' | ') || 'none'}`);
	}
	// Attributes may sit at session or media level; with one section the first occurrence wins.
	const attribute = (name: string): string | undefined =>
		lines.find((l) => l.startsWith(`a=${name}:`))?.slice(name.length + 3).trim();
	const iceUfrag = attribute('ice-ufrag');
	const icePwd = attribute('ice-pwd');
	if (!iceUfrag || !icePwd || !ICE_CHAR.test(iceUfrag) || !ICE_CHAR.test(icePwd)) {
		throw new HandshakeError('unsupported-sdp', 'missing or odd ICE credentials');
	}
	if (iceUfrag.length > 255 || icePwd.length > 255) throw new HandshakeError('unsupported-sdp', 'ICE credentials too long');
	const fingerprint = parseFingerprint(attribute('fingerprint'));
	const setup = attribute('setup');
	if (!SETUP_ROLES.includes(setup as SetupRole)) throw new HandshakeError('unsupported-sdp', `setup ${setup}`);
	const sctpPort = Number(attribute('sctp-port') ?? DEFAULT_SCTP_PORT);
	if (!Number.isInteger(sctpPort) || sctpPort < 1 || sctpPort > 0xffff) {
		throw new HandshakeError('unsupported-sdp', `sctp-port ${sctpPort}`);
	}
	const candidates: SdpCandidate[] = [];
	const skipped: string[] = [];
	for (const line of lines.filter((l) => l.startsWith('a=candidate:'))) {
		const result = parseCandidate(line.slice(2));
		if (typeof result === 'string') skipped.push(`${result}: ${line}`);
		else if (candidates.some((c) => c.address === result.address && c.port === result.port)) {
			skipped.push(`duplicate: ${line}`);
		} else candidates.push(result);
	}
	return {
		essentials: { iceUfrag, icePwd, fingerprint, setup: setup as SetupRole, sctpPort, candidates },
		skipped
	};
}

function parseFingerprint(value: string | undefined): SdpEssentials['fingerprint'] {
	const m = /^(\S+) ([0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2})+)$/.exec(value ?? '');
	const algorithm = m?.[1]?.toLowerCase() as FingerprintAlgorithm | undefined;
	if (!m || !algorithm || !FINGERPRINT_ALGORITHMS.includes(algorithm)) {
		throw new HandshakeError('unsupported-sdp', `fingerprint ${value ?? 'missing'}`);
	}
	const bytes = Uint8Array.from(m[2]!.split(':'), (h) => parseInt(h, 16));
	if (bytes.length !== FINGERPRINT_LENGTH[algorithm]) throw new HandshakeError('unsupported-sdp', 'fingerprint length');
	return { algorithm, bytes };
}

/** A candidate (the text after `a=`, or an RTCIceCandidate's `candidate`), or why it is skipped. */
export function parseCandidate(text: string): SdpCandidate | string {
	const f = text.replace(/^candidate:/, '').split(/\s+/);
	// foundation component transport priority address port "typ" type ...
	if (f.length < 8 || f[6] !== 'typ') return 'unparsable';
	if (f[1] !== '1') return 'not component 1';
	if (f[2]!.toLowerCase() !== 'udp') return 'not udp';
	const port = Number(f[5]);
	if (!Number.isInteger(port) || port < 1 || port > 0xffff) return 'bad port';
	const type = f[7] as CandidateType;
	if (!CANDIDATE_TYPES.includes(type)) return 'unknown type';
	const address = f[4]!;
	if (!addressToBytes(address)) return 'address not encodable';
	return { address, port, type };
}

const TYPE_PREFERENCE: Readonly<Record<CandidateType, number>> = { host: 126, prflx: 110, srflx: 100, relay: 0 };

/** A description that setRemoteDescription accepts, from the essentials. */
export function buildSdp(essentials: SdpEssentials, sessionId: string): string {
	const fingerprint = [...essentials.fingerprint.bytes]
		.map((b) => b.toString(16).toUpperCase().padStart(2, '0'))
		.join(':');
	const lines = [
		'v=0',
		`o=- ${sessionId} 2 IN IP4 127.0.0.1`,
		's=-',
		't=0 0',
		'a=group:BUNDLE 0',
		'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
		'c=IN IP4 0.0.0.0',
		...essentials.candidates.map((c, i) => {
			// RFC 8445 priority; the original order is kept as local preference.
			const priority = TYPE_PREFERENCE[c.type] * 2 ** 24 + (65535 - i) * 2 ** 8 + 255;
			const related = c.type === 'host' ? '' : ' raddr 0.0.0.0 rport 0';
			return `a=candidate:${i + 1} 1 udp ${priority} ${c.address} ${c.port} typ ${c.type}${related}`;
		}),
		'a=end-of-candidates',
		`a=ice-ufrag:${essentials.iceUfrag}`,
		`a=ice-pwd:${essentials.icePwd}`,
		`a=fingerprint:${essentials.fingerprint.algorithm} ${fingerprint}`,
		`a=setup:${essentials.setup}`,
		'a=mid:0',
		`a=sctp-port:${essentials.sctpPort}`
	];
	return lines.join('\r\n') + '\r\n';
}
