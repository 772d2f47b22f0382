/**
 * Red team (session 14), Hidden Illuminati: an accuser signed, after reading the accused device's
 * answer, a "take back at once" naming only its accusation and old entries, ground so that it
 * sorted before the answer. Judged where it stood, nothing had landed since the accusation, so the
 * takeback stood and the action came back: accusation after accusation in one turn, every answer
 * read, no action spent. Nothing is taken back while an accusation waits for its answer
 * (`ANSWER_PENDING`, v2/takeback.ts): the back-sorted takeback is refused, the accusation costs
 * its action, and the turn's second accusation is the last.
 */
import { describe, expect, it } from 'vitest';
import { ILLUMINATI } from '../../src/lib/engine/cards/index.js';
import { entryId, signEntry } from '../../src/lib/protocol/entry.js';
import { hiddenGame, honestAutomatic, playUntil } from '../protocol/v2/hidden-table.js';

const idOf = (text: string) => entryId(JSON.parse(text));

/** Honest automatic entries of every peer but `rogue`. */

describe('an accusation taken back by an entry sorted before its answer', () => {
	it('is refused ANSWER_PENDING: each accusation costs its action, two in a turn at most', () => {
		const { net, players, spectator } = hiddenGame('probe-free-accuse', ['ann', 'bob', 'cyd'], 'servants-of-cthulhu');
		const own = players.map((peer, seat) => peer.device!.ownIlluminati(peer.replay, seat)!);
		playUntil(net, players, () => players[0]!.replay.state!.turn?.step === 'actions');
		net.automatic();
		const turn = players[0]!.replay.state!.turn!;
		const rogueSeat = turn.seat;
		const rogue = players[rogueSeat]!;
		const target = (rogueSeat + 1) % 3;
		expect(turn.actionsLeft).toBe(2);
		const ancestors = [...net.posted].map(idOf).sort();
		const guesses = ILLUMINATI.map((c) => c.id).filter((id) => id !== own[rogueSeat] && id !== own[target]);
		const takebacks: string[] = [];
		for (const guess of guesses.slice(0, 2)) {
			const accuse = rogue.device!.entry(rogue.replay, 'action', { type: 'accuse', seat: rogueSeat, target, illuminati: guess });
			net.post(accuse);
			const accuseId = idOf(accuse);
			const answer = honestAutomatic(net, rogue).find((e) => {
				const p = JSON.parse(e);
				return p.author === players[target]!.device!.key && (p.kind === 'illuminati' || p.body?.type === 'denyAccusation');
			})!;
			expect(answer).toBeDefined();
			const answerId = idOf(answer);
			let takeback: string | null = null;
			for (let i = 0; i < 200 && takeback === null; i++) {
				const deps = i === 0 ? [] : [ancestors[i % ancestors.length]!];
				const t = signEntry(rogue.device!.identity, { game: net.game, kind: 'takeback', body: { seat: rogueSeat, move: accuseId, ask: i % 2 === 1 }, last: accuseId, deps });
				if (idOf(t) < answerId) takeback = t;
			}
			expect(takeback).not.toBeNull();
			net.post(takeback!);
			takebacks.push(idOf(takeback!));
			honestAutomatic(net, rogue);
		}
		const state = spectator.replay.state!;
		expect(state.turn!.seat).toBe(rogueSeat);
		expect(state.turn!.actionsLeft, 'both accusations cost their action').toBe(0);
		for (const id of takebacks) expect(spectator.replay.rejections.find((r) => r.id === id)?.code).toBe('ANSWER_PENDING');
		// A third accusation this turn is refused: no action left.
		const third = rogue.device!.entry(rogue.replay, 'action', { type: 'accuse', seat: rogueSeat, target, illuminati: guesses[2]! });
		net.post(third);
		honestAutomatic(net, rogue);
		expect(spectator.replay.rejections.find((r) => r.id === idOf(third))?.code).toBe('NO_ACTIONS_LEFT');
		for (const peer of players) expect(peer.replay.stateHash).toBe(spectator.replay.stateHash);
	});
});
