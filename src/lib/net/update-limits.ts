/** The update gate's limits (update-gate.ts): rates per peer and per author, the log cap, mutes. */
export interface UpdateLimits {
	/** Per peer: updates (not counting copies of what we hold) per second, and at once. */
	peerUpdatesPerSecond: number;
	peerUpdateBurst: number;
	/** Per peer: update bytes per second, and at once. */
	bytesPerSecond: number;
	byteBurst: number;
	/** Per peer: authors (Yjs client ids) new to this doc it may bring, per second and at once. */
	authorsPerSecond: number;
	authorBurst: number;
	/** Per author: updates with new entries of it, per second and at once. */
	updatesPerSecond: number;
	updateBurst: number;
	/** Per author: new entries per second, and at once. */
	entriesPerSecond: number;
	entryBurst: number;
	/** The log's cap: entries and UTF-8 bytes. */
	maxLogEntries: number;
	maxLogBytes: number;
	/** Pending structs above this (encoded) are discarded. */
	maxPendingBytes: number;
	/** A peer's rate drops within `strikeWindowMs` that mute it. */
	floodStrikes: number;
	strikeWindowMs: number;
	/** First mute; each further one lasts twice as long, up to `maxMuteMs`. */
	muteMs: number;
	maxMuteMs: number;
	/** At most one resync request per peer this often. */
	resyncIntervalMs: number;
	/** At most one pull (UpdateGate.pullAll) this often. */
	pullIntervalMs: number;
	/** Per peer: its sync step 1s we answer (each answer may be the whole log), per second and at once. */
	step1AnswersPerSecond: number;
	step1AnswerBurst: number;
}

/**
 * Defaults. A long real game is a few thousand entries of ~375 bytes (a 6-player game: 4,426
 * entries, 1.7 MB): the log cap leaves 4x that. A player's device sends a few updates a second
 * at most (a hot seat's reveals and renewals come in bursts of a dozen); each page load is a new
 * author. An honest first sync of 5,000 entries (~1.9 MB) fits the bursts even when it is not a
 * step 2 we asked for. A peer relays at most what its own gate admitted: authors' rates times the
 * authors it admits (new-author burst x update burst = 640, under the peer's 1,000).
 */
export const DEFAULT_UPDATE_LIMITS: UpdateLimits = {
	peerUpdatesPerSecond: 100,
	peerUpdateBurst: 1_000,
	bytesPerSecond: 256 * 1024,
	byteBurst: 4 * 1024 * 1024,
	authorsPerSecond: 1 / 30,
	authorBurst: 16,
	updatesPerSecond: 5,
	updateBurst: 40,
	entriesPerSecond: 20,
	entryBurst: 6_000,
	maxLogEntries: 20_000,
	maxLogBytes: 16 * 1024 * 1024,
	maxPendingBytes: 1024 * 1024,
	floodStrikes: 20,
	strikeWindowMs: 10_000,
	muteMs: 30_000,
	maxMuteMs: 10 * 60_000,
	resyncIntervalMs: 5_000,
	pullIntervalMs: 60_000,
	step1AnswersPerSecond: 1 / 5,
	step1AnswerBurst: 6
};

/** No rate caps (content checks and log caps stay): for simulations whose clock is not real time. */
export const NO_RATE_LIMITS: Partial<UpdateLimits> = {
	peerUpdatesPerSecond: Infinity,
	bytesPerSecond: Infinity,
	authorsPerSecond: Infinity,
	updatesPerSecond: Infinity,
	entriesPerSecond: Infinity,
	step1AnswersPerSecond: Infinity
};
