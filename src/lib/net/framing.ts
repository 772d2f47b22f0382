/**
 * Framing for messages on data channels. A message above ~16 KiB is unsafe across browsers, and
 * a newcomer's first sync of a 5,000-entry log is ~1.9 MB, so large messages travel as pieces of
 * at most `maxChunk` bytes, each starting with a tag byte. Large messages are also deflated
 * (the browser's native CompressionStream 'deflate-raw'; a browser without it sends them plain and
 * inflates with fflate): a log's entries repeat their keys, game
 * id and authors, so a first sync shrinks to about a third, and a catch-up waits that much less
 * for the transfer. Deflating is asynchronous; messages still leave and arrive in the order sent.
 *
 * The tags are the caller's (y-webrtc links and our own channels spell them differently). A
 * malformed sequence, a deflated message that does not inflate, or a message above
 * MAX_MESSAGE_BYTES (before or after inflating: a "zip bomb") is dropped with a reason; the
 * messages after it arrive as usual.
 */

/** Largest piece sent on a data channel (safe in every browser). */
export const MAX_CHUNK = 16 * 1024;
/** Messages at least this large are sent deflated when that makes them smaller. */
export const DEFLATE_MIN = 16 * 1024;
/** Largest message accepted from a peer, as it travels and once inflated (a long log is a few MB). */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** Largest presence (awareness) message: each client's state (name, hash ring) is about 3 KB, and
 * a peer sends every client's at once when a link opens, so this holds about 80 clients. */
export const MAX_AWARENESS_BYTES = 256 * 1024;
/** Largest message of any other kind but document sync (queries, sync requests, relayed signals). */
export const MAX_OTHER_BYTES = 256 * 1024;

/**
 * The size limit of a message by its kind, read from its first byte (the y-protocols message
 * type both transports carry): only document sync may be large. Presence bypasses the update
 * gate, so without this a 33 KB deflated presence message inflated to 32 MiB, was parsed, kept and
 * relayed (found by a red-team pass). A type written as a longer varint than needed (0x81 0x00 for
 * 1) reads as another kind here: it only gets the same or a smaller limit.
 */
export function kindLimit(head: Uint8Array, limit = MAX_MESSAGE_BYTES): number {
	const kind = head[0];
	if (kind === undefined || kind === 0) return limit;
	return Math.min(limit, kind === 1 ? MAX_AWARENESS_BYTES : MAX_OTHER_BYTES);
}

export interface FrameTags {
	/** A whole message in one piece; null: whole messages travel untagged (their first byte is never a tag). */
	readonly whole: number | null;
	readonly more: number;
	readonly last: number;
	/** The last piece of a deflated message (or the only one). */
	readonly lastDeflated: number;
}

export type DropReason = 'malformed' | 'too-large' | 'corrupt' | 'unsupported';

const canDeflate = () => typeof CompressionStream === 'function';

async function deflate(message: Uint8Array): Promise<Uint8Array | null> {
	if (!canDeflate()) return null;
	try {
		const stream = new Blob([message as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate-raw'));
		return new Uint8Array(await new Response(stream).arrayBuffer());
	} catch {
		return null; // sent as it is
	}
}

/**
 * Inflates at most `limit` bytes; a reason when it cannot. Browsers without DecompressionStream
 * (Safari before 16.4: older iPhones) inflate with fflate, loaded only then, so they can still
 * read a newer peer's first sync.
 */
export async function inflate(data: Uint8Array, limit = MAX_MESSAGE_BYTES, limitOf: (head: Uint8Array) => number = () => limit): Promise<Uint8Array | DropReason> {
	if (typeof DecompressionStream !== 'function') return inflateInJs(data, limit, limitOf);
	const reader = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
	const parts: Uint8Array[] = [];
	let size = 0;
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) return concat(parts, size);
			// The message's kind is in its first bytes: its own limit applies from the first chunk on.
			if (size === 0 && value.length > 0) limit = Math.min(limit, limitOf(value));
			size += value.length;
			if (size > limit) {
				void reader.cancel().catch(() => undefined);
				return 'too-large';
			}
			parts.push(value);
		}
	} catch {
		return 'corrupt';
	}
}

/** Input fed to fflate at a time: deflate expands at most ~1,000-fold, so memory stays bounded. */
const JS_INFLATE_STEP = 1024;

async function inflateInJs(data: Uint8Array, limit: number, limitOf: (head: Uint8Array) => number): Promise<Uint8Array | DropReason> {
	if (data.length === 0) return 'corrupt'; // fflate takes it for an empty stream; no deflate stream is empty
	let Inflate: typeof import('fflate').Inflate;
	try {
		({ Inflate } = await import('fflate'));
	} catch {
		return 'unsupported'; // its chunk could not load
	}
	const parts: Uint8Array[] = [];
	let size = 0;
	const stream = new Inflate((chunk) => {
		if (size === 0 && chunk.length > 0) limit = Math.min(limit, limitOf(chunk));
		size += chunk.length;
		if (size <= limit) parts.push(chunk);
	});
	try {
		for (let at = 0; ; at += JS_INFLATE_STEP) {
			const last = at + JS_INFLATE_STEP >= data.length;
			stream.push(data.subarray(at, at + JS_INFLATE_STEP), last);
			if (size > limit) return 'too-large';
			if (last) break;
		}
	} catch {
		return 'corrupt';
	}
	return concat(parts, size);
}

function concat(parts: readonly Uint8Array[], size = parts.reduce((n, p) => n + p.length, 0)): Uint8Array {
	if (parts.length === 1) return parts[0]!;
	const out = new Uint8Array(size);
	let at = 0;
	for (const part of parts) {
		out.set(part, at);
		at += part.length;
	}
	return out;
}

function tagged(tag: number, data: Uint8Array): Uint8Array {
	const out = new Uint8Array(data.length + 1);
	out[0] = tag;
	out.set(data, 1);
	return out;
}

/** The pieces of one message: tagged, at most `maxChunk` bytes each. */
export function splitFrames(message: Uint8Array, tags: FrameTags, maxChunk = MAX_CHUNK, deflated = false): Uint8Array[] {
	const body = Math.max(1, maxChunk - 1);
	if (!deflated && message.length <= (tags.whole === null ? maxChunk : body)) return [tags.whole === null ? message : tagged(tags.whole, message)];
	const pieces: Uint8Array[] = [];
	for (let at = 0; at < message.length || pieces.length === 0; at += body) {
		const end = Math.min(message.length, at + body);
		pieces.push(tagged(end < message.length ? tags.more : deflated ? tags.lastDeflated : tags.last, message.subarray(at, end)));
	}
	return pieces;
}

/**
 * Hands values to `run` in the order given: at once when nothing is waiting, else (and for a value
 * still to come, a promise) after every earlier one. A `run` that throws on a deferred value is
 * reported as uncaught, and the values after it still run.
 */
function inOrder<T>(run: (value: T) => void): (value: T | Promise<T>) => void {
	let queue: Promise<void> = Promise.resolve();
	let waiting = 0;
	return (value) => {
		if (!(value instanceof Promise) && waiting === 0) return run(value);
		waiting++;
		queue = queue
			.then(async () => {
				const ready = await value;
				waiting--;
				run(ready);
			})
			.catch((error: unknown) =>
				queueMicrotask(() => {
					throw error;
				})
			);
	};
}

/**
 * A sender: deflates large messages, splits, and hands the pieces to `sendPiece` in the order the
 * messages were given. Small messages go at once unless an earlier one is still being deflated.
 */
export function frameSender(sendPiece: (piece: Uint8Array) => void, tags: FrameTags, maxChunk = MAX_CHUNK): (message: Uint8Array) => void {
	const put = inOrder<readonly Uint8Array[]>((pieces) => {
		try {
			for (const piece of pieces) sendPiece(piece);
		} catch {
			// the channel closed meanwhile: the message is lost with the link, and a new link syncs again
		}
	});
	return (message) => {
		if (message.length < DEFLATE_MIN || !canDeflate()) return put(splitFrames(message, tags, maxChunk));
		put(deflate(message).then((deflated) => (deflated !== null && deflated.length < message.length ? splitFrames(deflated, tags, maxChunk, true) : splitFrames(message, tags, maxChunk))));
	};
}

/**
 * A receiver: reassembles pieces, inflates deflated messages, and delivers whole messages in the
 * order they were sent. Pieces that are not tagged pass as whole messages when `tags.whole` is null.
 */
export function frameReceiver(
	deliver: (message: Uint8Array) => void,
	tags: FrameTags,
	onDrop: (reason: DropReason) => void = () => undefined,
	limit = MAX_MESSAGE_BYTES
): (piece: Uint8Array) => void {
	let parts: Uint8Array[] = [];
	let pieces = 0;
	let size = 0;
	// The first byte of the message under way: a plain message's kind (a deflated one's is inflated first).
	let head = new Uint8Array(0);
	const handOn = inOrder<Uint8Array | DropReason>((whole) => (typeof whole === 'string' ? onDrop(whole) : deliver(whole)));
	const reset = () => {
		parts = [];
		pieces = 0;
		size = 0;
		head = new Uint8Array(0);
	};
	return (piece) => {
		const tag = piece[0];
		if (tag === tags.more || tag === tags.last || tag === tags.lastDeflated) {
			if (pieces === 0) head = piece.slice(1, 2);
			size += piece.length - 1;
			pieces++;
			// Past the limit nothing more is kept; the message is dropped at its last piece.
			if (size <= limit) parts.push(piece.subarray(1));
			else parts = [];
			if (tag === tags.more) return;
			// A lone plain `last` is malformed: a plain message that small travels whole. A plain
			// message has its kind's limit; a deflated one gets it as it inflates.
			const within = tag === tags.last ? kindLimit(head, limit) : limit;
			const problem: DropReason | null = pieces === 1 && tag === tags.last ? 'malformed' : size > within ? 'too-large' : null;
			const whole = problem === null ? concat(parts, size) : null;
			reset();
			if (whole === null) return onDrop(problem!);
			handOn(tag === tags.last ? whole : inflate(whole, limit, (head) => kindLimit(head, limit)));
		} else if (tags.whole === null || tag === tags.whole) {
			if (parts.length > 0) {
				reset();
				onDrop('malformed');
			}
			handOn(tags.whole === null ? piece : piece.subarray(1));
		} else {
			reset();
			onDrop('malformed');
		}
	};
}
