/**
 * Checking chat messages away from the page's thread (issue 16): a flood of chat, forged or not,
 * must not take the frames the table draws in. A checker takes a batch of values from the chat
 * array and gives `parseChat`'s verdict on each (protocol/chat/message.ts: structure, game,
 * Ed25519 signature), in order. ChatLog (chat.ts) sends what arrived while the previous batch was
 * being checked as the next batch, and judges once per batch.
 *
 * - `workerChatChecker()`: a Web Worker (chat-worker.ts) parses, hashes and verifies (WebCrypto
 *   Ed25519 there, the Verifier's pure-JS path where the worker has none); the page keeps only the
 *   book's bookkeeping. Null where there is no Worker (Node, tests): ChatLog then checks in its
 *   own thread as before.
 * - `inThreadChatChecker()`: the same verdicts on the caller's thread, asynchronous (WebCrypto
 *   where there is one): the worker's fallback when it fails, and the batched path in tests.
 *
 * The verdicts are the same on every path: the worker runs the same `parseChatAsync` with the same
 * Verifier (which gives WebCrypto's and the pure-JS path's verdicts alike, protocol/crypto.ts).
 */
import { parseChatAsync, type ChatResult, type ParsedChat } from '../protocol/chat/index.js';
import { Verifier } from '../protocol/index.js';

/** Checks a batch of strings from game `game`'s chat: parseChat's verdict on each, in order. */
export type ChatChecker = (game: string, values: readonly string[]) => Promise<readonly ChatResult<ParsedChat>[]>;

export interface ChatCheckRequest {
	readonly id: number;
	readonly game: string;
	readonly values: readonly string[];
}

export interface ChatCheckReply {
	readonly id: number;
	readonly results: readonly ChatResult<ParsedChat>[];
}

/** What the worker does with one request (also run in-thread by `inThreadChatChecker`). */
export async function checkChatBatch(request: ChatCheckRequest, verifier: Verifier): Promise<ChatCheckReply> {
	const results = await Promise.all(request.values.map((value) => parseChatAsync(value, request.game, verifier)));
	return { id: request.id, results };
}

/** The checks on this thread, asynchronous: WebCrypto where `subtle` is given, else pure JS. */
export function inThreadChatChecker(verifier = new Verifier(globalThis.crypto?.subtle ?? null)): ChatChecker {
	return async (game, values) => (await checkChatBatch({ id: 0, game, values }, verifier)).results;
}

let shared: ChatChecker | null | undefined;

/**
 * The page's one chat worker (chat-worker.ts), shared by every game's chat and started on first
 * use (a module worker takes tens of ms to load; batches wait in its queue meanwhile). Null where
 * there is no Worker. A worker that fails rejects every batch it held and the next ones (ChatLog
 * then checks them in its own thread).
 */
export function workerChatChecker(): ChatChecker | null {
	if (shared === undefined) shared = typeof Worker === 'undefined' ? null : startWorker();
	return shared;
}

function startWorker(): ChatChecker {
	let worker: Worker | null = new Worker(new URL('./chat-worker.ts', import.meta.url), { type: 'module' });
	const pending = new Map<number, { resolve: (results: readonly ChatResult<ParsedChat>[]) => void; reject: (error: Error) => void }>();
	let next = 0;
	const fail = () => {
		worker?.terminate();
		worker = null;
		for (const { reject } of pending.values()) reject(new Error('the chat worker failed'));
		pending.clear();
	};
	worker.onmessage = (event: MessageEvent<ChatCheckReply>) => {
		const waiting = pending.get(event.data.id);
		pending.delete(event.data.id);
		waiting?.resolve(event.data.results);
	};
	worker.onerror = fail;
	worker.onmessageerror = fail;
	return (game, values) => {
		if (worker === null) return Promise.reject(new Error('the chat worker failed'));
		const id = next++;
		const request: ChatCheckRequest = { id, game, values };
		return new Promise((resolve, reject) => {
			pending.set(id, { resolve, reject });
			worker!.postMessage(request);
		});
	};
}
