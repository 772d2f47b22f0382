/**
 * Who a mesh peer is: an Ed25519 key (in the app, the device's key in this game, the one that signs
 * its log entries) and a peer id bound to it. A peer id is 22 characters of a hash of the key (132
 * bits: finding another key with the same ones is out of reach) and 6 random ones (two tabs of one
 * device share the key but not the id). Whoever names a peer id therefore names its key: a
 * relayed message signed by that key is from that peer, and a relay can neither forge nor alter
 * one (so it cannot swap the DTLS fingerprint in a relayed description and stand in the middle).
 *
 * Signed bytes start with a domain string that no log entry starts with, so a mesh signature is
 * never a valid entry signature.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { bytesToBase64url, generateIdentity, isPublicKey, sign, Verifier } from '../../protocol/index.js';
import { randomBytes } from '../handshake/rtc.js';
import type { HelloMessage, SignalMessage } from './messages.js';

export interface MeshIdentity {
	/** Ed25519 public key, base64url (43 characters). */
	readonly publicKey: string;
	/** 32 secret bytes; never leaves the device. */
	readonly secretKey: Uint8Array;
}

const TAG_LENGTH = 22;
const SUFFIX_LENGTH = 6;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const verifier = new Verifier();

/** A key made for this mesh alone (tests, tools): random, forgotten on reload. */
export function ephemeralIdentity(): MeshIdentity {
	return generateIdentity(randomBytes(32));
}

/** The key's part of a peer id. */
function keyTag(publicKey: string): string {
	return bytesToBase64url(sha256(utf8ToBytes(`fnord-mesh-peer-v2\u0000${publicKey}`))).slice(0, TAG_LENGTH);
}

/** A new peer id for this key (the tag and 6 random characters). */
export function newPeerId(publicKey: string): string {
	return keyTag(publicKey) + [...randomBytes(SUFFIX_LENGTH)].map((b) => ALPHABET[b & 63]).join('');
}

/** Whether `peerId` is bound to `publicKey`. */
export function peerIdMatchesKey(peerId: string, publicKey: string): boolean {
	return isPublicKey(publicKey) && peerId.length === TAG_LENGTH + SUFFIX_LENGTH && peerId.startsWith(keyTag(publicKey));
}

/** What a signal's signature covers: all but `hop` (a relay sets it) and the signature itself. */
function signalBytes(room: string, m: SignalMessage): Uint8Array {
	const fields = [room, m.sid, m.from, m.to, m.kind, m.sdp ?? '', m.reason ?? '', m.at ?? 0];
	return utf8ToBytes(`fnord-mesh-signal-v2\u0000${JSON.stringify(fields)}`);
}

/**
 * What a hello's signature covers: the game, the id, and both ends' DTLS fingerprints (the
 * sender's first), so a hello copied onto another connection does not verify.
 */
function helloBytes(room: string, id: string, senderFingerprint: string, receiverFingerprint: string): Uint8Array {
	return utf8ToBytes(`fnord-mesh-hello-v2\u0000${JSON.stringify([room, id, senderFingerprint, receiverFingerprint])}`);
}

export function signSignal(identity: MeshIdentity, room: string, m: Omit<SignalMessage, 'key' | 'sig'>): SignalMessage {
	const unsigned = { ...m, key: identity.publicKey };
	return { ...unsigned, sig: sign(identity.secretKey, signalBytes(room, unsigned)) };
}

export function signalSignedBy(room: string, m: SignalMessage): boolean {
	return m.key !== undefined && m.sig !== undefined && verifier.verifySync(m.key, m.sig, signalBytes(room, m));
}

export function signHello(identity: MeshIdentity, hello: Omit<HelloMessage, 'key' | 'sig'>, local: string, remote: string): HelloMessage {
	return { ...hello, key: identity.publicKey, sig: sign(identity.secretKey, helloBytes(hello.room, hello.id, local, remote)) };
}

/** Checks a received hello against this link's fingerprints (`local` is this end's). */
export function helloSignedBy(hello: HelloMessage, local: string, remote: string): boolean {
	return verifier.verifySync(hello.key, hello.sig, helloBytes(hello.room, hello.id, remote, local));
}

/** The DTLS fingerprint in a session description (first one, normalised), or ''. */
export function fingerprintOf(sdp: string | undefined | null): string {
	const match = /^a=fingerprint:(\S+) ([0-9A-Fa-f:]+)/m.exec(sdp ?? '');
	return match ? `${match[1]!.toLowerCase()} ${match[2]!.toUpperCase()}` : '';
}
