/**
 * A test hook for end-to-end tests of linking by hand, installed only when the page was told
 * to (`globalThis.__fnordTestHooks = true`, set by Playwright's addInitScript): never in normal
 * use. `window.__fnordLink.info()` reads the open game's mesh (this device's id and every link:
 * peer, origin manual/relay/webrtc, open) and its replayed state; `auto()` makes one legal move
 * for a seat of this device through the session, like the /play lab's automatic player, and
 * `legal()` lists what its seats may do (to explain a stuck test).
 */
import { goalCommitment, type LegalAction, type PlayerAction } from '../../engine/index.js';
import type { Mesh, MeshLinkInfo } from '../../net/mesh/mesh.js';
import type { GameSession } from '../../session/index.js';
import { candidates, settledRandomness } from '../lab.js';

export interface LinkHookInfo {
	/** This device's id in the mesh. */
	self: string;
	links: MeshLinkInfo[];
	accepted: number;
	hash: string | null;
	/** Randomness the game waits for (null: none). */
	random: string | null;
	/** Attack rolls settled so far. */
	dice: number;
	turnCount: number;
	/** The engine's phase. */
	phase: string | null;
	rejections: number;
	desyncs: number;
}

export interface LinkHook {
	info(): LinkHookInfo;
	/** The legal action types of this device's seats, as "seat:type" (for diagnostics). */
	legal(): string[];
	auto(): { ok: boolean; seat: number; type: string } | null;
}

/** A listed legal action made concrete (amounts of 1, no aid, a random salt for a goal commitment). */
function concrete(legal: LegalAction): PlayerAction | null {
	const action = legal.action;
	if (action.type === 'commitGoal') {
		const salt = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');
		return { ...action, commitment: goalCommitment('network', salt) };
	}
	if (action.type === 'revealGoal') return null;
	if (legal.max !== undefined && 'amount' in action) return { ...action, amount: 1 } as PlayerAction;
	if (action.type === 'attack') return { ...action, aids: [] };
	return action;
}

export function exposeTestHook(session: GameSession, mesh: Mesh): void {
	const global = globalThis as { __fnordTestHooks?: boolean; __fnordLink?: LinkHook };
	if (global.__fnordTestHooks !== true) return;
	global.__fnordLink = {
		info: () => ({
			self: mesh.id,
			links: mesh.links(),
			accepted: session.accepted,
			hash: session.stateHash,
			random: session.state?.random?.kind ?? null,
			dice: settledRandomness(session).dice,
			turnCount: session.state?.turnCount ?? 0,
			phase: session.state?.phase.kind ?? null,
			rejections: session.rejections.length,
			desyncs: session.desyncs.length
		}),
		legal: () => (session.state === null ? [] : session.mySeats.flatMap((seat) => session.legal(seat).map((l) => `${seat}:${l.action.type}`))),
		auto: () => {
			for (const seat of session.mySeats) {
				for (const legal of candidates(session, seat)) {
					const action = concrete(legal);
					if (action === null) continue;
					const result = session.act(seat, action);
					if (result.ok) return { ok: true, seat, type: action.type };
				}
			}
			return null;
		}
	};
}
