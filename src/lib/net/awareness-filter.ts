/**
 * Presence (Yjs awareness) updates are unauthenticated (docs/protocol.md, "Presence claims"), and
 * y-protocols applies any state whose clock is above the one it holds. A clock of 2^53 made every
 * later renewal of its client (clock + 1, which a double cannot tell from 2^53) be ignored for
 * good: one message hid a present player, or froze it under another name, on every device until it
 * reloaded (red team, session 14). Each remote update is filtered before it is applied: a state
 * with a clock above MAX_AWARENESS_CLOCK, or one for this device's own client, is left out.
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';

/** Far above any honest clock (one renewal every few seconds for years), far below 2^53. */
export const MAX_AWARENESS_CLOCK = 2 ** 32;

/**
 * The update without the states it must not carry (a clock above MAX_AWARENESS_CLOCK, or client
 * `own`): the same bytes when it carries none, null when nothing is left or it does not decode.
 */
export function filterAwarenessUpdate(update: Uint8Array, own: number | null): Uint8Array | null {
	const kept: { client: number; clock: number; state: string }[] = [];
	let dropped = 0;
	try {
		const decoder = decoding.createDecoder(update);
		const count = decoding.readVarUint(decoder);
		for (let i = 0; i < count; i++) {
			const client = decoding.readVarUint(decoder);
			const clock = decoding.readVarUint(decoder);
			const state = decoding.readVarString(decoder);
			if (clock > MAX_AWARENESS_CLOCK || client === own) dropped++;
			else kept.push({ client, clock, state });
		}
	} catch {
		return null;
	}
	if (dropped === 0) return update;
	if (kept.length === 0) return null;
	const encoder = encoding.createEncoder();
	encoding.writeVarUint(encoder, kept.length);
	for (const { client, clock, state } of kept) {
		encoding.writeVarUint(encoder, client);
		encoding.writeVarUint(encoder, clock);
		encoding.writeVarString(encoder, state);
	}
	return encoding.toUint8Array(encoder);
}
