// Remote entries are signature-checked in WebCrypto batches before they are replayed (catch-up speed),
// with the same verdicts as checking them one by one in pure JS.
import { webcrypto } from 'node:crypto';
import * as Y from 'yjs';
import { describe, expect, it, vi } from 'vitest';
import { appendEntry, createGameDoc, readLog, wrapGameDoc } from '../../src/lib/net/doc.js';
import { Verifier } from '../../src/lib/protocol/index.js';
import { GameSession } from '../../src/lib/session/index.js';
import { options, Player, randomBytes, seedOf } from './helpers.js';
import { replayerFor } from '../../src/lib/session/index.js';

function hostGame(moves: number): GameSession {
	const host = GameSession.create({ options: options(3), seats: [0, 1, 2], seed: seedOf('verify-ahead'), randomBytes });
	const player = new Player('verify-ahead');
	for (let i = 0; i < moves && host.state!.phase.kind !== 'over'; i++) player.move(host);
	return host;
}

function webCryptoSpectator(host: GameSession) {
	const verifier = new Verifier(webcrypto.subtle as unknown as SubtleCrypto);
	const batch = vi.spyOn(verifier, 'verify');
	const oneByOne = vi.spyOn(verifier, 'verifySync');
	const session = new GameSession({ game: createGameDoc(host.gameId), roomCode: host.roomCode, seed: seedOf('spectator'), randomBytes, verifier });
	return { session, batch, oneByOne };
}

/** The host's log with one more entry: `raw` appended. */
function withExtra(host: GameSession, raw: string): Uint8Array {
	const doc = new Y.Doc();
	Y.applyUpdate(doc, Y.encodeStateAsUpdate(host.game.doc));
	appendEntry(wrapGameDoc(host.gameId, doc), raw);
	return Y.encodeStateAsUpdate(doc);
}

describe('catch-up checks remote signatures in one WebCrypto batch', () => {
	it('defers the replay until the batch is checked, then reaches the host state without pure-JS checks', async () => {
		const host = hostGame(120);
		const { session, batch, oneByOne } = webCryptoSpectator(host);
		const progress: number[] = [];
		session.subscribe((s) => progress.push(s.verifying));
		Y.applyUpdate(session.game.doc, Y.encodeStateAsUpdate(host.game.doc), 'remote');
		expect(session.accepted).toBe(0);
		expect(progress).toEqual([readLog(host.game).length]);
		await vi.waitFor(() => expect(session.stateHash).toBe(host.stateHash));
		expect(session.accepted).toBe(host.accepted);
		expect(batch).toHaveBeenCalledTimes(readLog(host.game).length);
		expect(oneByOne).not.toHaveBeenCalled();
		expect(progress.at(-1)).toBe(0);
		expect(session.rejections).toEqual([]);
		session.destroy();
		host.destroy();
	});

	it('refuses a forged signature inside the batch exactly as a pure-JS replay does', async () => {
		const host = hostGame(40);
		const log = readLog(host.game);
		const last = JSON.parse(log[log.length - 1]!) as Record<string, unknown>;
		const other = JSON.parse(log[log.length - 2]!) as Record<string, unknown>;
		const forged = JSON.stringify({ ...last, sig: other.sig });
		const { session } = webCryptoSpectator(host);
		Y.applyUpdate(session.game.doc, withExtra(host, forged), 'remote');
		const plain = replayerFor(log, host.gameId);
		plain.sync([...log, forged]);
		await vi.waitFor(() => expect(session.replayer.length).toBe(log.length + 1));
		expect(session.rejections.map((r) => [r.index, r.code])).toEqual(plain.rejections.map((r) => [r.index, r.code]));
		expect(session.rejections.at(-1)?.code).toBe('BAD_SIGNATURE');
		expect(session.stateHash).toBe(host.stateHash);
		session.destroy();
		host.destroy();
	});

	it('a move is decided on every entry received, even those still waiting for their batch check', () => {
		const host = hostGame(60);
		const { session } = webCryptoSpectator(host);
		Y.applyUpdate(session.game.doc, Y.encodeStateAsUpdate(host.game.doc), 'remote');
		expect(session.accepted).toBe(0);
		// A spectator holds no seat, so the legal moves are none, but asking replays what arrived.
		expect(session.legal(0)).toEqual([]);
		expect(session.stateHash).toBe(host.stateHash);
		session.destroy();
		host.destroy();
	});

	it('a local act before the batch is checked still verifies the pending entries itself', async () => {
		const host = hostGame(60);
		const { session, oneByOne } = webCryptoSpectator(host);
		Y.applyUpdate(session.game.doc, Y.encodeStateAsUpdate(host.game.doc), 'remote');
		session.refresh(); // what a local append does
		expect(session.stateHash).toBe(host.stateHash);
		expect(oneByOne).toHaveBeenCalled();
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(session.stateHash).toBe(host.stateHash);
		session.destroy();
		host.destroy();
	});
});
