/**
 * A Web Worker that runs WebCrypto Ed25519 checks for the page (see verify-offload.ts): a
 * 5,000-entry catch-up spends ~70 µs of the calling thread per `subtle.verify`, so the page hands
 * whole batches here. The page has already run the shared prechecks (protocol/crypto.ts).
 * Verdicts mirror Verifier.verify: a key WebCrypto cannot import gives null (the page then checks
 * that entry itself, in pure JS), a verify that throws gives false.
 */
import type { CheckedSignature } from '../protocol/index.js';

interface Request {
	readonly id: number;
	readonly batch: readonly CheckedSignature[];
}

const scope = self as unknown as { onmessage: ((event: MessageEvent<Request>) => void) | null; postMessage(message: unknown): void };
const keys = new Map<string, Promise<CryptoKey | null>>();

function importKey(raw: Uint8Array): Promise<CryptoKey | null> {
	const id = raw.join(',');
	let key = keys.get(id);
	if (key === undefined) {
		key = crypto.subtle.importKey('raw', raw as Uint8Array<ArrayBuffer>, { name: 'Ed25519' }, false, ['verify']).catch(() => null);
		keys.set(id, key);
	}
	return key;
}

async function check({ key, sig, message }: CheckedSignature): Promise<boolean | null> {
	const cryptoKey = await importKey(key);
	if (cryptoKey === null) return null;
	try {
		return await crypto.subtle.verify({ name: 'Ed25519' }, cryptoKey, sig as Uint8Array<ArrayBuffer>, message as Uint8Array<ArrayBuffer>);
	} catch {
		return false;
	}
}

scope.onmessage = (event) => {
	const { id, batch } = event.data;
	void Promise.all(batch.map(check)).then((verdicts) => scope.postMessage({ id, verdicts }));
};
