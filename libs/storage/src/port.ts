// The storage port: what Levy's services need from a document store.
// Every record lives inside a Scope (account + mode); no scoped call can be written
// without one. Platform-owned records (accounts, API keys) use SystemCollection,
// which is deliberately a separate, greppable type.

export interface Scope {
  readonly accountId: string;
  readonly livemode: boolean;
}

/** A stored record: the caller's fields plus the storage-managed `version`. */
export type Stored<T> = T & { readonly version: number };

/** Equality filter on top-level fields (values: string, number, boolean or null). */
export type Where<T> = { readonly [K in keyof T & string]?: T[K] | null };

/** Optional range on one numeric field, combined (AND) with `where`. */
export interface Range {
  readonly field: string;
  readonly gte?: number;
  readonly lt?: number;
}

/**
 * A text match on one string field, ignoring case: the whole value, or its start.
 * Records whose field is not a string never match.
 */
export interface TextMatch {
  readonly field: string;
  readonly value: string;
  readonly match: "whole" | "prefix";
}

export interface ListOptions<T> {
  readonly where?: Where<T>;
  readonly range?: Range;
  /** Text matches, all combined (AND) with each other and with `where`. */
  readonly text?: readonly TextMatch[];
  /** Page size; the adapter does not clamp it, callers validate public limits. */
  readonly limit: number;
  /** Opaque cursor from a previous page's `nextCursor`; invalid → StorageError invalid_cursor. */
  readonly cursor?: string;
}

export interface Page<T> {
  readonly items: Stored<T>[];
  /** Null when there is no further page. */
  readonly nextCursor: string | null;
}

export interface UpdateOptions<T> {
  /** The version the caller read; a mismatch fails with StorageError conflict. */
  readonly expectedVersion: number;
  readonly set?: Partial<T>;
  readonly unset?: ReadonlyArray<keyof T & string>;
}

export interface IndexSpec {
  readonly name: string;
  readonly fields: readonly string[];
}

export interface CollectionSpec {
  readonly name: string;
  /**
   * Unique within the scope: the adapter prefixes account_id and livemode, so two
   * accounts (or two modes) can hold the same e-mail address.
   */
  readonly uniqueIndexes?: readonly IndexSpec[];
  readonly indexes?: readonly IndexSpec[];
  /**
   * Lets concurrent inserts share one server command (group commit); each insert is
   * still answered only once its own record is stored, or with its own error. For
   * collections written by many requests at once (calculations). Stores that already
   * share commits between concurrent writes (the embedded store) ignore it.
   */
  readonly groupInserts?: boolean;
}

/** Records of every collection carry `id`; listing order is creation order, then id. */
export interface Collection<T extends { id: string }> {
  /** Fails with StorageError duplicate (naming the index) when a unique index is violated. */
  insert(scope: Scope, doc: T): Promise<Stored<T>>;
  /** Inserts unless a record with this id exists; returns the stored record either way. */
  insertIfAbsent(scope: Scope, doc: T): Promise<{ inserted: boolean; record: Stored<T> }>;
  get(scope: Scope, id: string): Promise<Stored<T> | null>;
  /** The records with these ids, in the order asked (null where absent): one read for all. */
  getMany(scope: Scope, ids: readonly string[]): Promise<Array<Stored<T> | null>>;
  findOne(scope: Scope, where: Where<T>): Promise<Stored<T> | null>;
  list(scope: Scope, options: ListOptions<T>): Promise<Page<T>>;
  count(scope: Scope, where?: Where<T>): Promise<number>;
  /** Optimistic update; StorageError not_found when absent, conflict on a stale version. */
  update(scope: Scope, id: string, options: UpdateOptions<T>): Promise<Stored<T>>;
  /**
   * Atomically adds to numeric fields, creating the record from `create` first if absent
   * (for aggregates such as filing totals).
   */
  increment(
    scope: Scope,
    id: string,
    options: { inc: Partial<Record<keyof T & string, number>>; create: T },
  ): Promise<Stored<T>>;
  /** Hard delete; true when something was deleted. Soft deletes are an update. */
  delete(scope: Scope, id: string): Promise<boolean>;
  /** Hard delete of several records of one scope in one operation; how many were deleted. */
  deleteMany(scope: Scope, ids: readonly string[]): Promise<number>;
  /**
   * Housekeeping across every scope: deletes the records whose numeric `field` (epoch
   * seconds) is set (> 0) and below `before`, and says how many went. Nothing is read
   * back, so no scope sees another's records.
   */
  purgeExpired(field: keyof T & string, before: number): Promise<number>;
}

/** Unscoped records owned by the platform itself. Only the gateway's key store uses it. */
export interface SystemCollection<T extends { id: string }> {
  insert(doc: T): Promise<Stored<T>>;
  get(id: string): Promise<Stored<T> | null>;
  findOne(where: Where<T>): Promise<Stored<T> | null>;
  /** Creation order, like Collection.list (the admin API's account and key listings). */
  list(options: ListOptions<T>): Promise<Page<T>>;
  update(id: string, options: UpdateOptions<T>): Promise<Stored<T>>;
}

/** A write that Store.writeThenRecord needs to succeed: an insert or an optimistic update. */
export type RequiredWrite =
  | { readonly collection: string; readonly scope: Scope; readonly insert: { readonly id: string } }
  | {
      readonly collection: string;
      readonly scope: Scope;
      readonly update: { readonly id: string } & UpdateOptions<Record<string, unknown>>;
    };

/** A record Store.writeThenRecord inserts unless its id is present. */
export interface RecordWrite {
  readonly collection: string;
  readonly scope: Scope;
  readonly record: { readonly id: string };
}

/** A group of writes for Store.writeThenRecord and Store.writePlanned. */
export interface WriteGroup {
  readonly writes: readonly RequiredWrite[];
  readonly records: readonly RecordWrite[];
}

/** Reads inside a planned write (Store.writePlanned): the latest state, uncommitted writes before it included. */
export interface GroupReader {
  get(collection: string, scope: Scope, id: string): Stored<Record<string, unknown> & { id: string }> | null;
}

export interface Store {
  /**
   * True when writes issued one after another, without awaiting, become durable in that
   * order across all collections of the store (a crash never keeps a later one and loses
   * an earlier one). The embedded store queues them into ordered shared commits; MongoDB
   * runs them concurrently, so there the caller awaits one before issuing the next.
   */
  readonly writesLandInIssueOrder: boolean;
  collection<T extends { id: string }>(spec: CollectionSpec): Promise<Collection<T>>;
  /**
   * Writes every `writes` entry (scoped collections this store has opened, each record at
   * most once) and then, only if all of them succeeded, inserts each of `records` unless
   * its id is present (as insertIfAbsent): a record of work done that must never exist
   * without the work. A failed write is thrown as its StorageError (duplicate, conflict,
   * not_found) and none of `records` is written. The embedded store writes it all in one
   * commit, all or nothing; MongoDB issues `writes` concurrently and `records` once they
   * all landed, so there the writes that succeeded stay when another failed.
   */
  writeThenRecord(writes: readonly RequiredWrite[], records: readonly RecordWrite[]): Promise<void>;
  /**
   * Only on a store whose writes land in issue order (the embedded store): runs `plan`
   * inside the write itself, where its reads see every write issued before it (committed
   * or not), and writes the group it returns as writeThenRecord does, all or nothing, in
   * the same commit as the writes queued with it. Planned groups on the same documents
   * therefore never conflict with each other. `plan` must be synchronous and must not
   * write. Resolves to the stored documents of the group's `writes`, in order.
   */
  writePlanned?(plan: (read: GroupReader) => WriteGroup): Promise<Stored<Record<string, unknown> & { id: string }>[]>;
  systemCollection<T extends { id: string }>(spec: CollectionSpec): Promise<SystemCollection<T>>;
  /** Resolves when the store can serve requests (used by /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type StorageErrorCode = "duplicate" | "conflict" | "not_found" | "invalid_cursor" | "unavailable";

export class StorageError extends Error {
  override readonly name = "StorageError";
  constructor(
    readonly code: StorageErrorCode,
    message: string,
    /** For duplicate: the name of the violated unique index. */
    readonly index?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
