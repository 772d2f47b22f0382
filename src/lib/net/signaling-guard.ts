/**
 * Drops signaling messages for a password-protected room that do not decrypt with its key, before
 * y-webrtc sees them, and counts them. y-webrtc would drop them too, but through a rejected promise
 * nobody handles (an error in a browser's console; a crash in Node). A message is refused when it
 * is not y-webrtc's AES-GCM envelope as base64 text (`not-encrypted`) or fails authentication
 * under the room's key (`wrong-key`): a stranger who knows the room name but not the secret, or a
 * player holding a wrong secret.
 *
 * It wraps `emit` of y-webrtc's signaling connections (lib0 WebsocketClient), a y-webrtc internal:
 * recheck on upgrades. Connections are shared by every room on one URL: other topics pass through.
 */
import * as decoding from 'lib0/decoding';

export type SignalingRefusal = 'not-encrypted' | 'wrong-key';

/** What this needs of y-webrtc's SignalingConn. */
export interface SignalingConnLike {
	emit(name: string, args: unknown[]): void;
}

type TopicCheck = (data: unknown) => Promise<SignalingRefusal | null>;

const checks = new Map<string, TopicCheck>();
const wrapped = new WeakSet<object>();

/** Checks messages of `topic` with `key` on every signaling connection given. Returns the stop function. */
export function guardTopic(
	topic: string,
	key: PromiseLike<CryptoKey | null>,
	onRefused: (reason: SignalingRefusal) => void
): () => void {
	const check: TopicCheck = async (data) => {
		const cryptoKey = await key;
		if (cryptoKey === null) return null;
		return (await decrypts(data, cryptoKey)) ? null : refuse(data);
	};
	const refuse = (data: unknown): SignalingRefusal => {
		const reason: SignalingRefusal = typeof data === 'string' ? 'wrong-key' : 'not-encrypted';
		onRefused(reason);
		return reason;
	};
	checks.set(topic, check);
	return () => {
		if (checks.get(topic) === check) checks.delete(topic);
	};
}

/** Makes a signaling connection consult the guarded topics (once per connection). */
export function guardConnection(conn: SignalingConnLike): void {
	if (wrapped.has(conn)) return;
	wrapped.add(conn);
	const emit = conn.emit.bind(conn);
	conn.emit = (name, args) => {
		const message = args[0] as { type?: unknown; topic?: unknown; data?: unknown } | null | undefined;
		const check = name === 'message' && message?.type === 'publish' && typeof message.topic === 'string' ? checks.get(message.topic) : undefined;
		if (!check) return emit(name, args);
		void check(message!.data).then(
			(refused) => {
				if (refused === null) emit(name, args);
			},
			() => {} // a destroyed room: nothing to deliver to
		);
	};
}

/** Whether `data` is y-webrtc's envelope (base64 of: "AES-GCM", iv, ciphertext) and authenticates under `key`. */
async function decrypts(data: unknown, key: CryptoKey): Promise<boolean> {
	if (typeof data !== 'string') return false;
	try {
		const decoder = decoding.createDecoder(base64ToBytes(data));
		if (decoding.readVarString(decoder) !== 'AES-GCM') return false;
		const iv = decoding.readVarUint8Array(decoder);
		const cipher = decoding.readVarUint8Array(decoder);
		await crypto.subtle.decrypt({ name: 'AES-GCM', iv: iv as Uint8Array<ArrayBuffer> }, key, cipher as Uint8Array<ArrayBuffer>);
		return true;
	} catch (_error) {
		return false;
	}
}

function base64ToBytes(text: string): Uint8Array {
	const binary = atob(text);
	const bytes = new Uint8Array(binary.length);
	for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
	return bytes;
}
