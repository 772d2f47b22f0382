/**
 * The entries a replay waits for, picked out of texts that came some other way than the log (the
 * other strings a pull met at ids this device holds: net/item-conflicts.ts). An entry's id is the
 * hash of its signed text, so a text whose id a waiting entry names is that entry, whoever sent
 * it; its signature is checked when the replay reads it from the log. Only canonical texts of this
 * game by an author the caller accepts (the seat holders) are picked, at most `limit`: a rogue
 * that signs entries naming a long chain of forged texts makes a pull copy no more than that
 * (red team, session 15: 10,500 forged texts took a device past the log cap).
 */
import { parseEntry } from '../entry.js';

export interface WantedOptions {
	readonly game: string;
	/** Whether an entry of this author key may be picked. */
	readonly author: (key: string) => boolean;
	readonly limit: number;
}

/** Of `texts`, those whose entry id is in `missing`, and then, transitively, those naming
 * (`last`, `deps`) ids that `holds` says the replay lacks. */
export function entriesWanted(texts: readonly string[], missing: Iterable<string>, holds: (id: string) => boolean, options: WantedOptions): Set<string> {
	const byId = new Map<string, { readonly text: string; readonly names: readonly string[] }>();
	for (const text of texts) {
		const parsed = parseEntry(text);
		if (!parsed.ok || parsed.text !== text || parsed.entry.game !== options.game || !options.author(parsed.entry.author)) continue;
		const { last, deps } = parsed.entry;
		byId.set(parsed.id, { text, names: [...(last === null ? [] : [last]), ...(deps ?? [])] });
	}
	const wanted = new Set<string>();
	const queue = [...missing];
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
