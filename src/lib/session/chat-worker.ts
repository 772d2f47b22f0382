/**
 * A Web Worker that checks chat messages for the page (chat-check.ts): parse, hash and Ed25519
 * verification (WebCrypto here, the Verifier's pure-JS path when this WebCrypto has no Ed25519),
 * so a flood of chat leaves the page's thread to draw the table. Each reply carries the verdicts
 * of one request, in order.
 */
import { Verifier } from '../protocol/index.js';
import { checkChatBatch, type ChatCheckRequest } from './chat-check.js';

const scope = self as unknown as { onmessage: ((event: MessageEvent<ChatCheckRequest>) => void) | null; postMessage(message: unknown): void };
const verifier = new Verifier(globalThis.crypto?.subtle ?? null);

scope.onmessage = (event) => {
	void checkChatBatch(event.data, verifier).then((reply) => scope.postMessage(reply));
};
