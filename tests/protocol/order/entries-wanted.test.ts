/**
 * protocol/order/missing.ts entriesWanted: the entries a replay waits for, picked out of texts a
 * pull met (session/missing-pull.ts). A text is picked when its id is wanted (named by a waiting
 * entry, or by a picked one in turn, or matched by alsoWanted), it is the canonical text and of
 * this game, whoever its author (the id is the hash of the signed text); never more than the limit.
 */
import { describe, expect, it } from 'vitest';
import { generateIdentity } from '../../../src/lib/protocol/crypto.js';
import { parseEntry, signEntry } from '../../../src/lib/protocol/entry.js';
import { entriesWanted } from '../../../src/lib/protocol/order/missing.js';

const GAME = 'AAAAAAAAAAAAAAAAAAAAAA';
const OTHER_GAME = 'BBBBBBBBBBBBBBBBBBBBBA';
const member = generateIdentity(new Uint8Array(32).fill(1));
const stranger = generateIdentity(new Uint8Array(32).fill(2));
const ROOT = 'A'.repeat(43);

/** A chain of `n` signed acks: each names the one before it (`last`); the first names ROOT. */
function chain(n: number, by = member, game = GAME): { texts: string[]; ids: string[] } {
	const texts: string[] = [];
	const ids: string[] = [];
	let last: string | null = null;
	for (let i = 0; i < n; i++) {
		const text = signEntry(by, { game, kind: 'ack', body: {}, last, deps: last === null ? [ROOT] : [] } as never);
		const parsed = parseEntry(text);
		if (!parsed.ok) throw new Error(parsed.message);
		texts.push(text);
		ids.push(parsed.id);
		last = parsed.id;
	}
	return { texts, ids };
}

const options = { game: GAME, limit: 1_000 };
const holdsRoot = (id: string) => id === ROOT;

describe('entriesWanted', () => {
	it('picks the named entry and, in turn, every entry it names that the replay lacks', () => {
		const { texts, ids } = chain(5);
		const wanted = entriesWanted([...texts].reverse(), [ids[4]!], holdsRoot, options);
		expect([...wanted].sort()).toEqual([...texts].sort());
	});

	it('stops at what the replay holds', () => {
		const { texts, ids } = chain(5);
		const wanted = entriesWanted(texts, [ids[4]!], (id) => id === ids[1] || holdsRoot(id), options);
		expect([...wanted].sort()).toEqual(texts.slice(2).sort());
	});

	it.each([
		['a text that is not canonical (padded)', (text: string) => ` ${text}`],
		['an entry of another game', () => chain(1, member, OTHER_GAME).texts[0]!],
		['junk', () => 'not an entry'],
	])('leaves %s', (_name, variant) => {
		const { texts, ids } = chain(1);
		const text = variant(texts[0]!);
		const id = parseEntry(text).ok ? (parseEntry(text) as { id: string }).id : ids[0]!;
		expect(entriesWanted([text], [id, ids[0]!], holdsRoot, options).size).toBe(0);
	});

	it('picks an entry of a key with no seat when a wanted entry names it (a player’s join)', () => {
		const joined = chain(1, stranger);
		const named = signEntry(member, { game: GAME, kind: 'ack', body: {}, last: null, deps: [joined.ids[0]!] } as never);
		const id = (parseEntry(named) as { id: string }).id;
		expect([...entriesWanted([named, joined.texts[0]!], [id], holdsRoot, options)].sort()).toEqual([named, joined.texts[0]!].sort());
	});

	it('picks the ids alsoWanted matches (a pinned genesis, by a prefix of its id) and what they name', () => {
		const { texts, ids } = chain(3);
		const wanted = entriesWanted(texts, [], holdsRoot, { ...options, alsoWanted: (id) => id.startsWith(ids[2]!.slice(0, 16)) });
		expect([...wanted].sort()).toEqual([...texts].sort());
	});

	it('picks at most `limit` texts', () => {
		const { texts, ids } = chain(30);
		expect(entriesWanted(texts, [ids[29]!], holdsRoot, { ...options, limit: 10 }).size).toBe(10);
	});
});
