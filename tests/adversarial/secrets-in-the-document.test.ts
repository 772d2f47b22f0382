/**
 * Red team: a peer that reads everything the shared document holds (every entry any peer posted,
 * as the Yjs document and each device's IndexedDB copy of it hold them) looks for secrets in the
 * clear. In a game with secret goals (every seat commits to a goal: rule option `hiddenGoals`):
 * no seat's Ed25519 secret key, box secret (the key generation's and the seals' key) or the salt
 * of a goal not yet revealed appears in any entry, in any usual spelling (base64url, base64, hex,
 * little- and big-endian bytes, decimal); and a goal revealed in the game is found, as a check that
 * the scan sees what is there. What it does not cover: hands and draws without the option
 * `secretDeck` are public by design (the coin's seeds are); a secret-deck game's cards are
 * checked by tests/protocol/v2/deck-game.test.ts and tests/session/secret-deck.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { Chooser } from '../../src/lib/bots/random-player.js';
import type { CardId, Seat } from '../../src/lib/engine/index.js';
import { randomMove, rogueTable, type Table } from './harness.js';

/** The usual spellings of secret bytes. */
function spellings(bytes: Uint8Array): string[] {
	const buffer = Buffer.from(bytes);
	const reversed = Buffer.from(bytes).reverse();
	return [buffer.toString('base64url'), buffer.toString('base64').replace(/=+$/, ''), buffer.toString('hex'), reversed.toString('base64url'), reversed.toString('hex')];
}

/** A scalar's spellings: 32 bytes little-endian (ristretto255's encoding) and big-endian, and decimal. */
function scalarSpellings(value: bigint): string[] {
	const bytes = new Uint8Array(32);
	let v = value;
	for (let i = 0; i < 32; i++, v >>= 8n) bytes[i] = Number(v & 0xffn);
	return [...spellings(bytes), value.toString(10)];
}

/** Random legal moves with goal secrets this test keeps (the harness's play keeps its own). */
function playKeeping(table: Table, moves: number, secrets: Map<Seat, { goal: CardId; salt: string }>, chooser: Chooser): void {
	for (let i = 0; i < moves; i++) {
		table.settle({ rogue: true });
		const move = randomMove(table.view.state!, chooser, secrets);
		if (move === null) break;
		table.act(table.peerOfSeat(move.seat), move);
	}
	table.settle({ rogue: true });
}

describe('red team: secrets in the shared document', () => {
	it('no secret key, box secret or unrevealed goal salt is in any entry; a revealed goal is', () => {
		const table = rogueTable('secrets-in-the-document', { honest: 3, gameRules: { hiddenGoals: true } });
		const secrets = new Map<Seat, { goal: CardId; salt: string }>();
		const chooser = new Chooser('secrets-in-the-document');
		let unrevealedChecked = 0;
		let revealedChecked = 0;
		// A checkpoint after every move: what the document holds then, against the goals not revealed then.
		for (let checkpoint = 0; checkpoint < 300 && table.view.state!.phase.kind !== 'over'; checkpoint++) {
			playKeeping(table, 1, secrets, chooser);
			const state = table.view.state!;
			const documentText = table.sent.join('\n');
			const players = [...table.honest.filter((peer) => peer.device !== null), table.rogue];
			for (const peer of players) {
				const device = peer.device!;
				for (const secret of spellings(device.identity.secretKey)) expect(documentText.includes(secret), `${peer.name}: secret key`).toBe(false);
				for (const secret of scalarSpellings(device.box(peer.seat!).secret)) expect(documentText.includes(secret), `${peer.name}: box secret`).toBe(false);
			}
			for (const [seat, { salt }] of secrets) {
				if (state.players[seat]!.revealedGoal !== null) {
					revealedChecked++;
					expect(documentText.includes(salt), `seat ${seat}: a revealed goal's salt is in its reveal`).toBe(true);
					continue;
				}
				unrevealedChecked++;
				expect(documentText.includes(salt), `seat ${seat}: unrevealed salt`).toBe(false);
			}
		}
		expect(secrets.size, 'every seat committed to a goal').toBe(4);
		expect(unrevealedChecked, 'goals checked while secret').toBeGreaterThan(10);
		expect(revealedChecked, 'goals checked once revealed').toBeGreaterThan(0);
		console.log(`secrets scan: ${table.sent.length} entries, ${unrevealedChecked} secret goals and ${revealedChecked} revealed ones checked at checkpoints`);
	});
});
