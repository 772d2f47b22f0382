// A room's game id: what the protocol, the Y.Doc guid and the persistence name share.
import { describe, expect, it } from 'vitest';
import { base64urlToBytes, isGameId } from '../../src/lib/protocol/index.js';
import { randomBytes } from 'node:crypto';
import { checkCharacter, newRoomCode } from '../../src/lib/net/room.js';
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

	it('keeps the id of a version-1 code (games stored under it still open): pinned', () => {
		// = base64url(sha256('fnord-game-v1\0' + code)[0..16]), checked with node:crypto
		expect(gameIdOf('7KQ2MXH90D')).toBe('BAnFND8KcHqq5L5IPa9qDw');
	});

	it('hashes only the public part of a version-2 code: the secret is not an input (pinned)', () => {
		// = base64url(sha256('fnord-game-v2\0' + '7KQ2MXH9')[0..16])
		expect(gameIdOf('7KQ2MXH9ABCDEFGHJKMNPQRSH')).toBe('e29yT1rZbFpZ5zdiy8e90w');
		const body = '7KQ2MXH9' + 'Z'.repeat(16);
		expect(gameIdOf(body + checkCharacter(body))).toBe('e29yT1rZbFpZ5zdiy8e90w');
		expect(gameIdOf('7kq2m-xh9ab-cdefg-hjkmn-pqrsh')).toBe('e29yT1rZbFpZ5zdiy8e90w'); // as typed
		expect(gameIdOf('7KQ2MXH9')).not.toBe('e29yT1rZbFpZ5zdiy8e90w'); // a version-1 code of those 8 characters
	});

	it('gives 2,000 new games 2,000 ids', () => {
		expect(new Set(Array.from({ length: 2000 }, () => gameIdOf(newRoomCode((k) => randomBytes(k))))).size).toBe(2000);
	});
});
