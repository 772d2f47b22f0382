/**
 * A game's protocol rules, written in its `create` entry (docs/protocol.md): plain data with no
 * imports, so the page can name the defaults without loading the protocol.
 */
export interface ProtocolRules {
	/** What befalls a seat caught equivocating: it leaves the game, or stays frozen (absent, turns passed). */
	readonly equivocation: 'forfeit' | 'frozen';
	/** Seconds a client waits for an awaited seat before it votes it absent (0: never, as in hot seat). */
	readonly countdown: number;
	/** 'afterPeople' (every new game): a computer player's absence vote counts only once most of the
	 * people voting voted the same way (order/absence-majority.ts). Absent: as any seat's (games
	 * created before). */
	readonly botVotes?: 'afterPeople';
	/** 'judgedDealings' (every new game): a verdict on the key generation names the dealings it
	 * judged, and only a dealing every verdict judged makes the group key, so no dealing can count
	 * without each seat having had its chance to complain (v2/entry-handlers.ts). Absent: every
	 * dealing in the order before the last verdict counts (games created before). */
	readonly keygen?: 'judgedDealings';
}
export const DEFAULT_PROTOCOL_RULES: ProtocolRules = { equivocation: 'forfeit', countdown: 60 };
/** What a game created now writes: the defaults and every protocol rule added since. */
export const NEW_GAME_PROTOCOL_RULES: ProtocolRules = { ...DEFAULT_PROTOCOL_RULES, botVotes: 'afterPeople', keygen: 'judgedDealings' };
