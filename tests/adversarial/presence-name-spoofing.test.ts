/**
 * Red team: display names shown to others. Presence (y-protocols awareness) is unauthenticated:
 * a hostile peer writes its awareness state by hand, not through setPresence. Its name is shown
 * by every other page inside sentences ("Waiting for {names}", a desync naming a peer, the seat
 * rows), so a right-to-left override (U+202E) in it would reverse the rest of the sentence, and
 * zero-width or other invisible characters make a name look like another's or like none.
 * listPresence must hand the page a name with no control, format (bidi, zero-width, BOM, tags),
 * line-separator or filler characters, stacked combining marks cut to a few, at most 40 characters
 * (code points: never a lone surrogate), and drop a seat claim that is not a key-sized string.
 * What it cannot do: stop a look-alike name in another script, or a name shown beside a seat
 * claim it cannot prove: such a claim is listed as `claimedSeat` (unverified) and decides nothing
 * (presence-seat-forgery.test.ts; the log proves seats: docs/protocol.md, defences table).
 */
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { listPresence, MAX_NAME_LENGTH } from '../../src/lib/net/presence.js';

/** Invisible or direction-changing: Cc, Cf (bidi embeddings, overrides, isolates, marks, zero-width, BOM, soft hyphen, tags), Zl, Zp, Hangul fillers. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0]/u;

/** What an honest page lists for a rogue peer whose raw awareness state is `raw`. */
function seenName(raw: Record<string, unknown>): { name: string; claimedSeat?: string } | null {
	const doc = new Y.Doc();
	doc.clientID = 1;
	const honest = new Awareness(doc);
	const rogueDoc = new Y.Doc();
	rogueDoc.clientID = 66;
	const rogue = new Awareness(rogueDoc);
	rogue.setLocalState({ fnord: raw });
	// What the rogue's awareness update carries reaches the honest page as any peer's would.
	honest.states.set(66, rogue.getLocalState()!);
	const peer = listPresence(honest).find((p) => p.clientID === 66);
	honest.destroy();
	rogue.destroy();
	expect(peer?.seat, 'an unsigned claim is never listed as the seat').toBeUndefined();
	return peer === undefined ? null : { name: peer.name, ...(peer.claimedSeat === undefined ? {} : { claimedSeat: peer.claimedSeat }) };
}

const NAMES: [string, string, string][] = [
	['a right-to-left override', 'Bob\u202e (left the game)', 'Bob (left the game)'],
	['isolates and embeddings', '\u2067Bob\u2069\u202bx\u202c', 'Bob x'],
	['zero-width spaces and joiners', 'Al\u200bi\u200cc\u200de\u2060', 'Al i c e'],
	['a byte-order mark and a soft hyphen', '\ufeffAl\u00adice', 'Al ice'],
	['an Arabic letter mark and a Mongolian vowel separator', 'Alice\u061c\u180e', 'Alice'],
	['line and paragraph separators', 'Alice\u2028\u2029Bob', 'Alice Bob'],
	['control characters', 'Alice\u0000\u001b[31m\u0085', 'Alice [31m'],
	['tag characters (invisible text)', 'Alice\u{e0041}\u{e0042}', 'Alice'],
	['Hangul fillers (a blank-looking name)', '\u3164\u115f\uffa0', ''],
	['stacked combining marks', `Z${'\u0301'.repeat(60)}oe`, 'Z\u0301\u0301\u0301oe'],
	['an emoji at the 40-character cut', `${'a'.repeat(39)}🎲🎲`, `${'a'.repeat(39)}🎲`],
	['a lone surrogate', 'Al\ud800ice', 'Al\ufffdice'],
	['an emoji joined by zero-width joiners (kept: one emoji)', '\u{1f469}\u200d\u{1f4bb} Ada\u200d', '\u{1f469}\u200d\u{1f4bb} Ada'],
	['10,000 characters', 'x'.repeat(10_000), 'x'.repeat(40)],
];

describe('red team: a hostile peer\u2019s display name', () => {
	it.each(NAMES)('with %s is shown cleaned', (_what, raw, shown) => {
		const seen = seenName({ name: raw, seat: 'k'.repeat(43) });
		expect(seen).not.toBeNull();
		expect(seen!.name).toBe(shown);
		expect(HIDDEN.test(seen!.name.replaceAll('\u{1f469}\u200d\u{1f4bb}', ''))).toBe(false);
		expect(seen!.name.isWellFormed()).toBe(true);
		expect(Array.from(seen!.name).length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
	});

	it('a name that is not a string lists no peer; a seat claim that is no key-sized string is dropped', () => {
		expect(seenName({ name: { toString: 'x' } })).toBeNull();
		expect(seenName({ name: 'Eve', seat: 'k'.repeat(1_000_000) })).toEqual({ name: 'Eve' });
		expect(seenName({ name: 'Eve', seat: 42 })).toEqual({ name: 'Eve' });
		expect(seenName({ name: 'Eve', seat: 'k'.repeat(43) })).toEqual({ name: 'Eve', claimedSeat: 'k'.repeat(43) });
	});
});
