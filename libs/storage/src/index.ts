// @levy/storage: the storage port and its two adapters (MongoDB, embedded LMDB).
export {
  StorageError,
  type Scope,
  type Stored,
  type Where,
  type Range,
  type TextMatch,
  type ListOptions,
  type Page,
  type UpdateOptions,
  type IndexSpec,
  type CollectionSpec,
  type Collection,
  type SystemCollection,
  type Store,
  type RequiredWrite,
  type RecordWrite,
  type WriteGroup,
  type GroupReader,
  type StorageErrorCode,
} from "./port.js";
export { retryOnConflict, isConflict, type RetryOnConflictOptions } from "./retry-on-conflict.js";
export { createMongoStore, type MongoStoreOptions } from "./mongo-store.js";
export { createMongoClient } from "./mongo-client.js";
export type { UpdateProtocol, UpdateProtocolChoice, UpdateProtocolSetting } from "./mongo-update-protocol.js";
export { createEmbeddedStore, type EmbeddedStoreOptions } from "./embedded-store.js";
export type { TornTailNotice } from "./datafile-durability.js";
export type { MigrationNotice } from "./nedb-migration.js";
