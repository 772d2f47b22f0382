// Imported files are checked before anything is stored; exported files get readable names.
import { describe, expect, it } from 'vitest';
import { GameSession, MemoryDocStore } from '../../src/lib/session/index.js';
import { checkImportText, exportFileName, MAX_IMPORT_BYTES } from '../../src/lib/session/files.js';
import { options, randomBytes, seedOf } from '../session/helpers.js';

const exported = (() => {
	const session = GameSession.create({ options: options(2), seats: [0, 1], title: 'Export', seed: seedOf('files'), randomBytes, persistence: new MemoryDocStore() });
	const log = session.exportLog();
	session.destroy();
	return log as unknown as { meta: Record<string, unknown> } & Record<string, unknown>;
})();
const withMeta = (meta: Record<string, unknown>) => JSON.stringify({ ...exported, meta: { ...exported.meta, ...meta } });

describe('checkImportText', () => {
	it('accepts an export of a session, with its game id, room (public part only) and signed entries', () => {
		const result = checkImportText(JSON.stringify(exported));
		expect(exported.meta.roomCode).toBeUndefined();
		expect(result).toMatchObject({ ok: true, gameId: exported.meta.game, roomCode: null, room: exported.meta.room, title: 'Export' });
		expect(result.ok && result.entries).toEqual(exported.meta.entries);
	});

	it('accepts a file from before the room\u2019s secret was left out (the whole room code)', () => {
		const { room: _room, ...older } = exported.meta;
		expect(checkImportText(JSON.stringify({ ...exported, meta: { ...older, roomCode: '7KQ2MXH90D' } }))).toMatchObject({ ok: true, roomCode: '7KQ2MXH90D', room: null });
	});

	it.each([
		['an empty file', '  \n', 'empty'],
		['a file over the size limit', 'x', 'tooLarge', MAX_IMPORT_BYTES + 1],
		['text that is not JSON', '{"format": "fnord-log",', 'notJson'],
		['JSON that is not a log', '[1, 2]', 'notFnordLog'],
		['a log of a future version', JSON.stringify({ ...exported, version: 2 }), 'notFnordLog'],
		['an engine log with no signed entries', JSON.stringify({ ...exported, meta: {} }), 'notPlayable'],
		['a bad game id', withMeta({ game: 'no spaces allowed here' }), 'notPlayable'],
		['a bad room code', withMeta({ roomCode: 'UUUUUUUUUU' }), 'notPlayable'],
		['a bad room', withMeta({ room: 'not a room' }), 'notPlayable'],
		['no room at all', JSON.stringify({ ...exported, meta: { ...exported.meta, room: undefined } }), 'notPlayable'],
		['entries that are not strings', withMeta({ entries: [1, 2] }), 'notPlayable'],
		['no entries at all', withMeta({ entries: [] }), 'notPlayable']
	])('refuses %s (%s)', (_name, text, problem, size?: number) => {
		expect(checkImportText(text, size)).toMatchObject({ ok: false, error: { code: problem } });
	});
});

describe('exportFileName', () => {
	it.each([
		['Night game', 'abcdefgh1234', 'fnord-night-game-abcdefgh.json'],
		['Partie de Zoé !', 'Z9_-aaaa', 'fnord-partie-de-zoe-Z9_-aaaa.json'],
		['', 'abcdefgh', 'fnord-abcdefgh.json'],
		['¿¿¿', 'abcdefgh', 'fnord-abcdefgh.json'],
		['a'.repeat(60), 'abcdefgh', `fnord-${'a'.repeat(40)}-abcdefgh.json`]
	])('%j → %s', (title, id, name) => {
		expect(exportFileName(title, id)).toBe(name);
	});
});
