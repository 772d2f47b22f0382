// The chat worker's work (session/chat-worker.ts) in a Node worker thread, for bench/chat.ts's flood.
import { parentPort } from 'node:worker_threads';
import { Verifier } from '../src/lib/protocol/index.js';
import { checkChatBatch, type ChatCheckRequest } from '../src/lib/session/chat-check.js';

const verifier = new Verifier(globalThis.crypto.subtle);
parentPort!.on('message', (request: ChatCheckRequest) => void checkChatBatch(request, verifier).then((reply) => parentPort!.postMessage(reply)));
