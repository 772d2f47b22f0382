/**
 * The entries a replay waits for, picked out of texts that came some other way than the log (the
 * other strings a pull met at ids this device holds: net/item-conflicts.ts). An entry's id is the
 * hash of its signed text, so a text whose id a waiting entry names is that entry, whoever sent
 * it (whoever its author: a player's join a seat holder's entry names is picked); its signature is
 * checked when the replay reads it from the log. The caller names the roots (the ids seat holders'
 * waiting entries name: a key with no seat made every device pull for good); only canonical texts
 * of this game are picked, at most `limit`: a seat holder naming a long chain of texts it forged
 * makes a pull copy no more than that (red team, session 15: 10,500 forged texts named by a key
 * with no seat took a device past the log cap).
 */
import { parseEntry } from '../entry.js';

export interface WantedOptions {
	readonly game: string;
	readonly limit: number;
	/** Ids wanted besides `missing` (the pinned genesis, known by a prefix of its id). */
	readonly alsoWanted?: (id: string) => boolean;
}

/** Of `texts`, those whose entry id is in `missing`, and then, transitively, those naming
 * (`last`, `deps`) ids that `holds` says the replay lacks. */
export function entriesWanted(texts: readonly string[], missing: Iterable<string>, holds: (id: string) => boolean, options: WantedOptions): Set<string> {
	const byId = new Map<string, { readonly text: string; readonly names: readonly string[] }>();
	for (const text of texts) {
		const parsed = parseEntry(text);
		if (!parsed.ok || parsed.text !== text || parsed.entry.game !== options.game) continue;
		const { last, deps } = parsed.entry;
		byId.set(parsed.id, { text, names: [...(last === null ? [] : [last]), ...(deps ?? [])] });
	}
	const wanted = new Set<string>();
	const queue = [...missing];
	if (options.alsoWanted) for (const id of byId.keys()) if (options.alsoWanted(id)) queue.push(id);
	const seen = new Set(queue);
	while (queue.length > 0 && wanted.size < options.limit) {
		const found = byId.get(queue.pop()!);
		if (found === undefined) continue;
		wanted.add(found.text);
		for (const id of found.names) {
			if (seen.has(id) || holds(id)) continue;
			seen.add(id);
			queue.push(id);
		}
	}
	return wanted;
}
