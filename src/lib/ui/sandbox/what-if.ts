/**
 * "What if?": a sandbox game from any entry of any game — the engine log up to that entry with
 * `sandbox: true`. Seeded `random` entries replay the same in a sandbox game, so the new game
 * starts exactly where the original stood (only the sandbox flag differs).
 */
import { whatIfLog, type Timeline } from '../history/timeline.js';
import { recordFromLog, type SandboxRecord } from './record.js';

export interface WhatIfSource {
	/** The original game's id (a peer-to-peer game id or a sandbox id). */
	readonly parent: string;
	readonly parentKind: 'p2p' | 'sandbox';
	readonly parentTitle: string;
}

export function whatIfRecord(timeline: Timeline, position: number, source: WhatIfSource, options: { id: string; title: string; now: number }): SandboxRecord {
	const origin = { kind: 'whatIf', ...source, position } as const;
	const { record } = recordFromLog(whatIfLog(timeline, position), { ...options, origin });
	return record;
}
