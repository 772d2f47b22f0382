/** Fnord's session layer: a game on this device (log, replay, keys, sync, desync checks, storage). */
export { GameSession, HASH_RING, type ActResult, type SessionOptions } from './game-session.js';
export { MemoryHashBoard, AwarenessHashBoard, firstDivergence, type Desync, type HashBoard, type HashPoint, type HashReport } from './desync.js';
export { GameList, type GameRecord } from './games.js';
export { MemoryDocStore, MemoryKeyValueStore, loadDoc, type DocStore, type KeyValueStore } from './storage.js';
export { newSeed, gameIdentity, chainSecret, gameIdOf, type RandomBytes } from './keys.js';
