/** Fnord's session layer: a game on this device (log, replay, keys, sync, desync checks, storage). */
export { GameSession, HASH_RING, type SessionOptions } from './game-session.js';
export { SESSION_ERROR_CODES, sessionRefused, type ActResult, type SessionCode, type SessionRefusal, type SessionRefusalCode } from './refusal.js';
export { MemoryHashBoard, AwarenessHashBoard, firstDivergence, type Desync, type HashBoard, type HashPoint, type HashReport } from './desync.js';
export { DeferredHashBoard } from './deferred-hash-board.js';
export { GameList, MyGames, type AtRest, type GameRecord, type MyGamesOptions } from './games.js';
export { browserVault, IndexedDbVaultKeyStore, isSealedSeed, MemoryVaultKeyStore, VaultError, WebCryptoVault, type SeedVault, type VaultErrorCode, type VaultKey, type VaultKeyStore } from './vault.js';
export { MemoryDocStore, MemoryKeyValueStore, indexedDbPersistence, type DocPersistence, type KeyValueStore } from './storage.js';
export { newSeed, gameIdentity, chainSecret, gameIdOf, type RandomBytes } from './keys.js';
export { COPY_PREFIX, ImportError, copyIdOf, importCopy, isCopy, openCopy, readExport, storedUnder, type ExportedGame, type ImportedCopy, type ImportErrorCode } from './import.js';
export { StallWatch, alreadyVoted, systemClock, type AwaitedSeat, type StallClock, type TableStanding } from './stall-watch.js';
export { logVersion, replayerFor, type SessionReplayer } from './protocol-driver.js';
