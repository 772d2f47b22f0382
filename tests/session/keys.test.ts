// A room's game id: what the protocol, the Y.Doc guid and the persistence name share.
import { describe, expect, it } from 'vitest';
import { base64urlToBytes, isGameId } from '../../src/lib/protocol/index.js';
import { gameIdOf } from '../../src/lib/session/index.js';

describe('gameIdOf', () => {
	const rooms = ['ABCD-EFGH', 'ABCD-EFGI', 'SESS000005', ''];
	for (const room of rooms) {
		it(`gives room ${JSON.stringify(room)} a 16-byte base64url game id the protocol accepts`, () => {
			const id = gameIdOf(room);
			expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
			expect(base64urlToBytes(id, 16)).not.toBeNull();
			expect(isGameId(id)).toBe(true);
			expect(gameIdOf(room)).toBe(id);
		});
	}

	it('gives different rooms different ids', () => {
		expect(new Set(rooms.map(gameIdOf)).size).toBe(rooms.length);
	});
});
