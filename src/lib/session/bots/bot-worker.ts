/**
 * A Web Worker in which this device's bots think (worker-thinker.ts sends the questions), so a
 * bot weighing its moves for a few hundred milliseconds never blocks the page. Bots read the
 * clock only here, through `performance.now`, for their time budget.
 */
import { BotPool, type ThinkRequest } from './thinker.js';

interface Question {
	readonly id: number;
	readonly request: ThinkRequest;
}

const scope = self as unknown as { onmessage: ((event: MessageEvent<Question>) => void) | null; postMessage(message: unknown): void };
const pool = new BotPool();

scope.onmessage = (event) => {
	const { id, request } = event.data;
	try {
		scope.postMessage({ id, action: pool.decide(request, () => performance.now()) });
	} catch (error) {
		scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
	}
};
