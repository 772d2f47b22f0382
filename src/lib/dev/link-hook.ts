/**
 * A hook for end-to-end tests and benchmarks of linking by hand, injected into the page by the
 * test (`context.addInitScript(installLinkHook)`): the product carries none of it. The app hands
 * each online game's session and mesh to `globalThis.__fnordWatchGame` when a tool defined it
 * (ui/link/game-transport.ts); this hook then offers `window.__fnordLink`:
 * `info()` reads the mesh (this device's id and every link) and the replayed state, `auto()` makes
 * one legal move for a seat of this device through the session (one attack a turn, like the /play
 * lab's player), and `legal()` lists what its seats may do (to explain a stuck test).
 *
 * It is serialized into the page, so its body uses nothing but its argument and the page's globals.
 */
import type { goalCommitment } from '../engine/index.js';
import type { GameSession } from '../session/index.js';
import type { Mesh, MeshLinkInfo } from '../net/mesh/mesh.js';

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
	/** The mesh's last reports (code: detail), to explain a link that did not open. */
	meshReports: string[];
}

export interface LinkHook {
	info(): LinkHookInfo;
	/** The legal action types of this device's seats, as "seat:type" (for diagnostics). */
	legal(): string[];
	auto(): { ok: boolean; seat: number; type: string } | null;
}

/** What the app hands to `__fnordWatchGame` for each online game. */
export interface WatchedGame {
	readonly session: GameSession;
	readonly mesh: Mesh;
	readonly goalCommitment: typeof goalCommitment;
}

export function installLinkHook(): void {
	type Legal = ReturnType<GameSession['legal']>[number];
	type Action = Legal['action'];
	const global = globalThis as { __fnordWatchGame?: (game: WatchedGame) => void; __fnordLink?: LinkHook };
	global.__fnordWatchGame = ({ session, mesh, goalCommitment }) => {
		const settledDice = (): number => {
			let dice = 0;
			let previous: GameSession['state'] = null;
			for (const entry of session.replayer.accepted) {
				const pending = previous?.random ?? null;
				if (pending !== null && entry.state !== null && entry.state.random !== pending && pending.kind === 'attackRoll') dice++;
				previous = entry.state;
			}
			return dice;
		};
		const concrete = (legal: Legal): Action | null => {
			const action = legal.action;
			if (action.type === 'commitGoal') {
				const salt = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');
				return { ...action, commitment: goalCommitment('network', salt) };
			}
			if (action.type === 'revealGoal') return null;
			if (legal.max !== undefined && 'amount' in action) return { ...action, amount: 1 } as Action;
			if (action.type === 'attack') return { ...action, aids: [] };
			return action;
		};
		// The /play lab's choice (dev/lab.ts `candidates`): one attack a turn, then move on.
		const avoid = new Set(['leave', 'declareAbsent', 'drop', 'offer', 'acceptOffer', 'give', 'withdrawOffer', 'returnPresent']);
		const prefer = ['pay', 'placeCapture', 'placePuppet', 'declineClaim', 'passWindow', 'passSpending', 'endActions', 'endTurn'];
		const candidates = (seat: number): Legal[] => {
			const state = session.state;
			if (state === null || state.random !== null) return [];
			const legal = session.legal(seat).filter((l) => !avoid.has(l.action.type));
			const ordered: Legal[] = [];
			if (state.turn?.seat === seat && state.turn.step === 'actions' && !state.turn.acted) {
				ordered.push(...legal.filter((l) => l.action.type === 'attack' && (l.action as { kind?: string }).kind === 'control'));
			}
			for (const type of prefer) ordered.push(...legal.filter((l) => l.action.type === type));
			for (const l of legal) if (!ordered.includes(l)) ordered.push(l);
			return ordered;
		};
		global.__fnordLink = {
			info: () => ({
				self: mesh.id,
				links: mesh.links(),
				accepted: session.accepted,
				hash: session.stateHash,
				random: session.state?.random?.kind ?? null,
				dice: settledDice(),
				turnCount: session.state?.turnCount ?? 0,
				phase: session.state?.phase.kind ?? null,
				rejections: session.rejections.length,
				desyncs: session.desyncs.length,
				meshReports: mesh.reports.list().slice(-20).map((report) => `${report.code}: ${report.detail}`)
			}),
			legal: () => (session.state === null ? [] : session.mySeats.flatMap((seat) => session.legal(seat).map((l) => `${seat}:${l.action.type}`))),
			auto: () => {
				for (const seat of session.mySeats) {
					for (const legal of candidates(seat)) {
						const action = concrete(legal);
						if (action === null) continue;
						const result = session.act(seat, action);
						if (result.ok) return { ok: true, seat, type: action.type };
					}
				}
				return null;
			}
		};
	};
}
