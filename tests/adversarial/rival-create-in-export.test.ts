/**
 * Red team (session 14): an imported copy held to no genesis, so a rival `create` (same game id,
 * other rules, signed by anyone) put first in a file became the copy's setup and every honest
 * signed entry replayed under rules nobody played, with only "1 entry is refused" to show for it.
 * No tampered file was needed: an invited rogue inserting its rival at the front of the live shared
 * array left the pinned live game alone but poisoned every honest export (the whole array goes into
 * the file). Exports now name the genesis their device holds to (`meta.genesis`), an import pins
 * it, and a file holding more than one setup for its game says so (`setups`).
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { GameList, MemoryDocStore, MemoryKeyValueStore, MyGames, type GameSession } from '../../src/lib/session/index.js';
import { generateIdentity } from '../../src/lib/protocol/crypto.js';
import { signEntry } from '../../src/lib/protocol/entry.js';
import { readLog } from '../../src/lib/net/doc.js';
import { options, Player, randomBytes } from '../session/helpers.js';

function play(session: GameSession, moves: number, seed: string): void {
	const player = new Player(seed);
	for (let played = 0, tries = 0; played < moves && tries < 5_000; tries++) if (player.move(session)) played++;
}

/** A `create` for `session`'s game with other rules, signed by a stranger. */
function rivalCreate(session: GameSession, entries: readonly string[]): string {
	const real = JSON.parse(entries.find((e) => JSON.parse(e).kind === 'create')!);
	const body = structuredClone(real.body);
	body.options.rules.basicGoalBonus = 3;
	body.options.rules.largerGameIncome = !body.options.rules.largerGameIncome;
	return signEntry(generateIdentity(sha256(utf8ToBytes('rogue'))), { game: session.gameId, kind: 'create', body, last: null, deps: [] } as never);
}

async function liveGame(seed: string): Promise<{ games: MyGames; live: GameSession }> {
	const games = new MyGames({ list: new GameList(new MemoryKeyValueStore()), persistence: new MemoryDocStore(), randomBytes, now: () => 7 });
	const live = await games.create(options(3), [0, 1, 2], 'Live');
	play(live, 40, seed);
	return { games, live };
}

async function importElsewhere(text: string) {
	const other = new MyGames({ list: new GameList(new MemoryKeyValueStore()), persistence: new MemoryDocStore(), randomBytes, now: () => 8 });
	const copy = await other.importGame(text);
	return { copy, opened: (await other.openCopy(copy.record.id))! };
}

describe('a rival create in an exported game', { timeout: 120_000 }, () => {
	it('put first in the file: the copy holds to the exporter\u2019s genesis, shows the real game, and warns of two setups', async () => {
		const { live } = await liveGame('rival-import');
		const file = JSON.parse(JSON.stringify(live.exportLog())) as { meta: { entries: string[]; genesis?: string } };
		expect(file.meta.genesis).toBe(live.genesisId);
		file.meta.entries.unshift(rivalCreate(live, file.meta.entries));
		const { copy, opened } = await importElsewhere(JSON.stringify(file));
		expect(copy.setups).toBe(2);
		expect(opened.state!.options.rules).toEqual(live.state!.options.rules);
		expect(opened.accepted).toBe(live.accepted);
		expect(opened.stateHash).toBe(live.stateHash);
		expect(opened.rejections.map((r) => r.code)).toEqual(['NO_GAME']);
	});

	it('inserted at the front of the live shared array by a rogue: the honest export still imports as the real game', async () => {
		const { live } = await liveGame('poison');
		const hash = live.stateHash;
		const replica = new Y.Doc();
		Y.applyUpdate(replica, Y.encodeStateAsUpdate(live.game.doc));
		const before = Y.encodeStateVector(replica);
		const rival = rivalCreate(live, readLog(live.game) as string[]);
		replica.getArray<string>('log').insert(0, [rival]);
		Y.applyUpdate(live.game.doc, Y.encodeStateAsUpdate(replica, before), 'remote');
		expect(readLog(live.game)[0]).toBe(rival);
		expect(live.stateHash, 'the pinned live game is unchanged').toBe(hash);
		const { copy, opened } = await importElsewhere(JSON.stringify(live.exportLog()));
		expect(copy.setups).toBe(2);
		expect(opened.state!.options.rules.basicGoalBonus).toBe(live.state!.options.rules.basicGoalBonus);
		expect(opened.stateHash).toBe(hash);
	});

	it('an honest file holds one setup', async () => {
		const { live } = await liveGame('honest-file');
		const { copy, opened } = await importElsewhere(JSON.stringify(live.exportLog()));
		expect(copy.setups).toBe(1);
		expect(copy.refused).toBe(0);
		expect(opened.stateHash).toBe(live.stateHash);
	});
});
