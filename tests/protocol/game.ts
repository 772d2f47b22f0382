// Test helpers: devices playing a peer-to-peer game through signed entries, with random legal moves.
import { sha256 } from '@noble/hashes/sha2.js';
import { Chooser, randomEntry } from '../../src/lib/bots/random-player.js';
import { DEFAULT_RULES, type CardId, type GameOptions, type Seat } from '../../src/lib/engine/index.js';
import { Device } from '../../src/lib/protocol/v1/device.js';
import { generateIdentity } from '../../src/lib/protocol/crypto.js';
import { ProtocolReplayer } from '../../src/lib/protocol/v1/replayer.js';

let counter = 0;
/** Deterministic "random" bytes for keys and chain secrets. */
export const bytes = (label: string) => sha256(new TextEncoder().encode(`${label}:${counter++}`));
export const device = (name: string) => new Device(generateIdentity(sha256(new TextEncoder().encode(`key:${name}`))));

export const options = (players: number): GameOptions => ({ players, illuminati: 'random', sandbox: false, rules: DEFAULT_RULES });

export interface Table {
	readonly replay: ProtocolReplayer;
	readonly entries: string[];
	/** The device holding each seat. */
	readonly holders: Device[];
	add(entry: string): void;
}

/** A game created by holders[0], every seat joined by its holder with a chain of `chainLength` links. */
export function newTable(game: string, holders: Device[], chainLength = 16): Table {
	const table = tableOf(new ProtocolReplayer(game), holders);
	table.add(holders[0]!.entry(table.replay, 'create', { options: options(holders.length) }));
	holders.forEach((holder, seat) => table.add(holder.join(table.replay, seat, bytes('chain'), chainLength)));
	return table;
}

/** A table over an existing replayer (its entries so far are not listed). */
export function tableOf(replay: ProtocolReplayer, holders: Device[]): Table {
	const entries: string[] = [];
	const table: Table = {
		replay,
		entries,
		holders,
		add(entry) {
			entries.push(entry);
			const refused = replay.append(entry);
			if (refused) throw new Error(`refused ${refused.code}: ${refused.message}`);
		},
	};
	return table;
}

/** Posts every automatic entry (reveals, renewals) until none is due; returns how many. */
export function automatic(table: Table, chainLength = 16): number {
	let posted = 0;
	for (let again = true; again; ) {
		again = false;
		for (const holder of new Set(table.holders)) {
			const entry = holder.nextAutomatic(table.replay, () => bytes('renew'), chainLength);
			if (entry !== null) {
				table.add(entry);
				posted++;
				again = true;
			}
		}
	}
	return posted;
}

/** Plays `moves` random legal player actions (with automatic entries in between). */
export function play(table: Table, moves: number, seed: string, chainLength = 16): void {
	const chooser = new Chooser(seed);
	const secrets = new Map<Seat, { goal: CardId; salt: string }>();
	for (let i = 0; i < moves; i++) {
		automatic(table, chainLength);
		const state = table.replay.state!;
		const action = randomEntry(state, chooser, secrets, 'cautious');
		if (action === null) return;
		if (action.type === 'random' || action.type === 'fixed') throw new Error('randomness still pending after the reveals');
		table.add(table.holders[action.seat]!.entry(table.replay, 'action', action));
	}
	automatic(table, chainLength);
}
