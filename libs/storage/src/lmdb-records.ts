// Reading and writing one collection's records with their index entries, inside an
// LMDB transaction or on the current read snapshot (lmdb-js reads are synchronous).
// Writers check every constraint before their first put: an LMDB write transaction
// that has begun cannot be rolled back from its callback, so nothing may fail half-way.
import type { Database } from "lmdb";
import { StorageError, type IndexSpec, type Scope } from "./port.js";
import { type Key, type Layout, type StoredDocument, hasPrefix, matchesWhere } from "./lmdb-layout.js";

// lmdb-js's Key type leaves out null, which ordered-binary encodes (and sorts first).
// biome-ignore lint/suspicious/noExplicitAny: lmdb-js's own Key type cannot express null
type AnyKey = any;

export interface Dbs {
  readonly records: Database<StoredDocument, AnyKey>;
  readonly entries: Database<unknown, AnyKey>;
}

/** The ids (in key order) of the entries under `prefix`; `id` is the last key element. */
export function* keysUnder(dbs: Dbs, prefix: Key, start: Key = prefix): Generator<Key> {
  for (const key of dbs.entries.getKeys({ start: start as AnyKey })) {
    if (!hasPrefix(key as Key, prefix)) return;
    yield key as Key;
  }
}

/** The records (key and value) whose keys start with `prefix`. */
export function* recordsUnder(dbs: Dbs, prefix: Key): Generator<{ key: Key; value: StoredDocument }> {
  for (const entry of dbs.records.getRange({ start: prefix as AnyKey })) {
    if (!hasPrefix(entry.key as Key, prefix)) return;
    yield { key: entry.key as Key, value: entry.value };
  }
}

export function createRecords(dbs: Dbs, layout: Layout) {
  const get = (scope: Scope, id: string): StoredDocument | null => dbs.records.get(layout.record(scope, id)) ?? null;

  /** The unique index `next` would violate (held by another record), if any. */
  function violatedIndex(scope: Scope, id: string, next: Record<string, unknown>): string | null {
    for (const index of layout.uniqueIndexes) {
      const holder = dbs.entries.get(layout.unique(index, scope, next));
      if (holder !== undefined && holder !== id) return index.name;
    }
    return null;
  }

  function putEntries(scope: Scope, id: string, document: StoredDocument): void {
    for (const index of layout.uniqueIndexes) void dbs.entries.put(layout.unique(index, scope, document), id);
    for (const index of layout.indexes) void dbs.entries.put(layout.secondary(index, scope, document, id), 1);
  }

  function removeEntries(scope: Scope, id: string, document: StoredDocument): void {
    for (const index of layout.uniqueIndexes) void dbs.entries.remove(layout.unique(index, scope, document));
    for (const index of layout.indexes) void dbs.entries.remove(layout.secondary(index, scope, document, id));
  }

  return {
    get,
    violatedIndex,
    /** Writes a new record; the caller checked that the id and unique values are free. */
    create(scope: Scope, id: string, document: StoredDocument): void {
      void dbs.records.put(layout.record(scope, id), document);
      void dbs.entries.put(layout.seq(scope, document._seq, id), 1);
      putEntries(scope, id, document);
    },
    /** Replaces a record, moving its index entries; the caller checked violatedIndex. */
    replace(scope: Scope, id: string, current: StoredDocument, next: StoredDocument): void {
      removeEntries(scope, id, current);
      void dbs.records.put(layout.record(scope, id), next);
      putEntries(scope, id, next);
    },
    /** Writes the index entries of a stored record (rebuilding indexes). */
    reindex: (scope: Scope, id: string, document: StoredDocument): void => putEntries(scope, id, document),
    remove(scope: Scope, id: string, current: StoredDocument): void {
      removeEntries(scope, id, current);
      void dbs.records.remove(layout.record(scope, id));
      void dbs.entries.remove(layout.seq(scope, current._seq, id));
    },
    /**
     * Records of `scope` matching `where`: through a unique or secondary index whose
     * fields `where` all gives (a key lookup), else in creation order within the scope.
     */
    *matching(scope: Scope, where: Record<string, unknown>): Generator<StoredDocument> {
      const given = (index: IndexSpec) => index.fields.every((field) => where[field] !== undefined);
      const unique = layout.uniqueIndexes.find(given);
      if (unique) {
        const id = dbs.entries.get(layout.unique(unique, scope, where));
        const document = typeof id === "string" ? get(scope, id) : null;
        if (document && matchesWhere(document, where)) yield document;
        return;
      }
      const secondary = layout.indexes.find(given);
      const keys = secondary
        ? keysUnder(dbs, layout.secondaryLookup(secondary, scope, where))
        : keysUnder(dbs, layout.seqsOf(scope));
      for (const key of keys) {
        const document = get(scope, String(key.at(-1)));
        if (document && matchesWhere(document, where)) yield document;
      }
    },
  };
}

export type Records = ReturnType<typeof createRecords>;

export const duplicate = (index: string) => new StorageError("duplicate", "a unique value is already taken", index);
