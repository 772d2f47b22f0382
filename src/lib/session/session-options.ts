/** What a GameSession (game-session.ts) is built from. */
import type { Verifier } from '../protocol/index.js';
import type { GameDoc } from '../net/doc.js';
import type { PersistedGame } from '../net/persistence.js';
import type { Transport } from '../net/transport.js';
import type { HashBoard } from './desync.js';
import type { RandomBytes } from './keys.js';
import type { SessionReplayer } from './protocol-driver.js';
import type { StallClock } from './stall-watch.js';
import type { StandInOptions } from './stand-in.js';

export interface SessionOptions {
	/** The game's document; its gameId is the protocol game id. */
	game: GameDoc;
	roomCode: string;
	/** This device's seed for this game (64 hex): key and chains derive from it. */
	seed: string;
	/** Randomness for room codes of forks. */
	randomBytes: RandomBytes;
	title?: string;
	/** A transport, or a factory given the game's document (built once the session has its guard). */
	transport?: Transport | ((game: GameDoc) => Transport);
	/** Where hashes are published; by default the transport's awareness, else none. */
	board?: HashBoard;
	/** The document's persistence, already attached (stopped on destroy). */
	persisted?: PersistedGame;
	/**
	 * Verifies signatures with WebCrypto (`new Verifier(crypto.subtle)`): `open` checks the stored
	 * log ahead, asynchronously; entries arriving later are checked as they come.
	 */
	verifier?: Verifier;
	/** Test only: alters the state hashes this session publishes (to prove the detector fires). */
	testHashHook?: (accepted: number, hash: string) => string;
	/** Times the countdowns before absence votes (`systemClock` in the app); none: no automatic vote. */
	clock?: StallClock;
	/** Stand-ins for absent seats (absence 'bot'): delays and timers (tests pass 0 ms). */
	standIn?: StandInOptions;
	/**
	 * The genesis this device holds to: the id its record kept (`genesisId` after the first open),
	 * or a prefix from an invitation link. A rival `create` for the same game then changes nothing.
	 */
	genesis?: string | null;
	/**
	 * The origin of this session's appends to the document (LOCAL_ORIGIN by default). A second
	 * signer on the same document (a computer player's session, session/bots/seated.ts) takes its
	 * own, so each session replays the other's entries.
	 */
	origin?: symbol;
	/** Told of every entry this session appends (a computer player's driver tells its own entries from a takeover's). */
	onAppend?: (entries: readonly string[]) => void;
}

/** The constructor's options: the public ones and what `open` prepared. */
export interface InternalOptions extends SessionOptions {
	/** A replayer whose signature verdicts were prepared ahead (open). */
	replayer?: SessionReplayer;
}
