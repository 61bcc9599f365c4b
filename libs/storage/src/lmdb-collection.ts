// One collection of the embedded store on LMDB. Every write runs as a callback inside
// lmdb-js's batched write transaction: callbacks run one at a time (so unique checks,
// version checks and increments are atomic) and all writes queued in one event turn
// share one commit and one sync (group commit). A write resolves only after its commit
// is synced to the disk (overlappingSync off), so an acknowledged write survives kill -9
// and power loss. Reads are synchronous on the latest committed snapshot.
import type { RootDatabase } from "lmdb";
import { cursorBinding, decodeCursor, encodeCursor } from "./cursor.js";
import { type Key, type Layout, type StoredDocument, matchesRange, matchesWhere } from "./lmdb-layout.js";
import { type Dbs, type Records, createRecords, duplicate, keysUnder, recordsUnder } from "./lmdb-records.js";
import { StorageError, type Collection, type Page, type Scope, type Stored, type UpdateOptions } from "./port.js";
import { addTo, applyChanges, assertPlainFields, equalityFilter, matchesText, nextSeq } from "./record-shape.js";

/** A write's outcome: a value, or the error to throw once the transaction is over. */
type Outcome<R> = { value: R } | { error: StorageError };

/**
 * A write checked inside the write transaction but not yet made: the error that stops
 * it, or the puts to make (`apply`) and the unique-index keys the result will hold.
 * Checking every write of a group before applying any is what makes a group all or
 * nothing, since a begun LMDB write transaction cannot be rolled back from its callback.
 */
export type Planned<R> = { error: StorageError } | { apply: () => R; uniqueKeys: UniqueKey[] };

/** A unique-index entry a write will hold: the index's name and the entry's key. */
export interface UniqueKey {
  readonly index: string;
  readonly key: string;
}

const run = <R>(planned: Planned<R>): Outcome<R> => ("error" in planned ? planned : { value: planned.apply() });

/** The checked writes of one collection, run inside an LMDB write transaction. */
export function createLmdbWrites<T extends { id: string }>(records: Records, layout: Layout, scoped: boolean) {
  const out = (document: StoredDocument | null): Stored<T> | null => {
    if (!document) return null;
    const { _seq, ...record } = document;
    return record as unknown as Stored<T>;
  };
  // Scoped records never carry the scope fields (the key holds the scope).
  const own = (record: Record<string, unknown>): Record<string, unknown> => {
    if (!scoped) return { ...record };
    const { account_id: _account, livemode: _livemode, ...rest } = record;
    return rest;
  };
  const uniqueKeys = (scope: Scope, document: StoredDocument): UniqueKey[] =>
    layout.uniqueIndexes.map((index) => ({
      index: index.name,
      key: JSON.stringify(layout.unique(index, scope, document)),
    }));

  function insert(scope: Scope, record: Record<string, unknown> & { id: string }): Planned<Stored<T>> {
    if (records.get(scope, record.id)) return { error: duplicate("_id_") };
    const document: StoredDocument = { ...own(record), version: 1, _seq: nextSeq() };
    const violated = records.violatedIndex(scope, record.id, document);
    if (violated) return { error: duplicate(violated) };
    return {
      apply: () => {
        records.create(scope, record.id, document);
        return out(document)!;
      },
      uniqueKeys: uniqueKeys(scope, document),
    };
  }

  function replace(scope: Scope, id: string, current: StoredDocument, next: StoredDocument): Planned<Stored<T>> {
    const violated = records.violatedIndex(scope, id, next);
    if (violated) return { error: duplicate(violated) };
    return {
      apply: () => {
        records.replace(scope, id, current, next);
        return out(next)!;
      },
      uniqueKeys: uniqueKeys(scope, next),
    };
  }

  return {
    out,
    get: (scope: Scope, id: string): Stored<T> | null => out(records.get(scope, id)),
    insert,
    replace,
    insertIfAbsent(
      scope: Scope,
      record: Record<string, unknown> & { id: string },
    ): Planned<{ inserted: boolean; record: Stored<T> }> {
      const existing = records.get(scope, record.id);
      if (existing) return { apply: () => ({ inserted: false, record: out(existing)! }), uniqueKeys: [] };
      const planned = insert(scope, record);
      if ("error" in planned) return planned;
      return { apply: () => ({ inserted: true, record: planned.apply() }), uniqueKeys: planned.uniqueKeys };
    },
    update(scope: Scope, id: string, options: UpdateOptions<T>): Planned<Stored<T>> {
      const current = records.get(scope, id);
      if (!current) return { error: new StorageError("not_found", `no record ${id}`) };
      if (current.version !== options.expectedVersion)
        return {
          error: new StorageError("conflict", `record ${id} was changed since version ${options.expectedVersion}`),
        };
      const next = applyChanges(current as never, options) as unknown as StoredDocument;
      return replace(scope, id, current, { ...next, version: current.version + 1 });
    },
  };
}

/** The checked writes of a collection whose records are any document (a store's groups). */
export type LmdbWrites = ReturnType<typeof createLmdbWrites<Record<string, unknown> & { id: string }>>;

export function createLmdbCollection<T extends { id: string }>(
  name: string,
  root: RootDatabase,
  dbs: Dbs,
  layout: Layout,
  scoped: boolean,
): Collection<T> {
  const records = createRecords(dbs, layout);
  const writes = createLmdbWrites<T>(records, layout, scoped);
  const { out } = writes;
  const useScope = (scope: Scope): Scope => (scoped ? scope : { accountId: "", livemode: false });

  async function write<R>(operation: () => Outcome<R>): Promise<R> {
    const outcome = await root.transaction(operation);
    if ("error" in outcome) throw outcome.error;
    return outcome.value;
  }

  return {
    insert: (scope, record) => write(() => run(writes.insert(useScope(scope), record))),
    insertIfAbsent: (scope, record) => write(() => run(writes.insertIfAbsent(useScope(scope), record))),
    get: async (scope, id) => out(records.get(useScope(scope), id)),
    getMany: async (scope, ids) => ids.map((id) => out(records.get(useScope(scope), id))),
    findOne: async (scope, where) => {
      for (const document of records.matching(useScope(scope), equalityFilter(where))) return out(document);
      return null;
    },
    list: async (scope, options): Promise<Page<T>> => {
      const inScope = useScope(scope);
      const binding = cursorBinding(name, scoped ? scope : null, options);
      const where = equalityFilter(options.where);
      const prefix = layout.seqsOf(inScope);
      const after = options.cursor ? decodeCursor(options.cursor, binding) : null;
      const start: Key = after ? [...prefix, after.seq, after.id] : prefix;
      const found: StoredDocument[] = [];
      for (const key of keysUnder(dbs, prefix, start)) {
        if (after && key[prefix.length] === after.seq && key[prefix.length + 1] === after.id) continue;
        const document = records.get(inScope, String(key.at(-1)));
        if (
          !document ||
          !matchesWhere(document, where) ||
          !matchesRange(document, options.range) ||
          !matchesText(document, options.text)
        )
          continue;
        found.push(document);
        if (found.length > options.limit) break;
      }
      const page = found.slice(0, options.limit);
      const last = page.at(-1);
      const nextCursor =
        found.length > options.limit && last ? encodeCursor({ seq: last._seq, id: String(last.id) }, binding) : null;
      return { items: page.map((document) => out(document)!), nextCursor };
    },
    count: async (scope, where) => {
      const filter = equalityFilter(where);
      // Without a filter only the keys are counted; no record is decoded.
      const matches = Object.values(filter).some((value) => value !== undefined)
        ? records.matching(useScope(scope), filter)
        : keysUnder(dbs, layout.seqsOf(useScope(scope)));
      let count = 0;
      for (const _ of matches) count += 1;
      return count;
    },
    update: (scope, id, options) => write(() => run(writes.update(useScope(scope), id, options))),
    increment: (scope, id, options) =>
      write(() => {
        const current = records.get(useScope(scope), id);
        if (!current)
          return run(
            writes.insert(useScope(scope), {
              ...options.create,
              ...addTo(options.create as Record<string, unknown>, options.inc),
            }),
          );
        return run(
          writes.replace(useScope(scope), id, current, {
            ...current,
            ...addTo(current, options.inc),
            version: current.version + 1,
          }),
        );
      }),
    delete: (scope, id) =>
      write(() => {
        const current = records.get(useScope(scope), id);
        if (current) records.remove(useScope(scope), id, current);
        return { value: current !== null };
      }),
    deleteMany: (scope, ids) =>
      write(() => {
        let deleted = 0;
        for (const id of new Set(ids)) {
          const current = records.get(useScope(scope), id);
          if (!current) continue;
          records.remove(useScope(scope), id, current);
          deleted += 1;
        }
        return { value: deleted };
      }),
    purgeExpired: async (field, before) => {
      assertPlainFields([field]);
      return write(() => {
        const due = (value: unknown) => typeof value === "number" && value > 0 && value < before;
        const doomed: Array<{ scope: Scope; id: string }> = [];
        const index = layout.indexes.find(
          (candidate) => candidate.fields.length === 1 && candidate.fields[0] === field,
        );
        if (index) {
          // [collection, "i:" + index, value, account, livemode, id], in value order.
          for (const key of keysUnder(dbs, layout.secondaryOf(index))) {
            if (typeof key[2] === "number" && key[2] >= before) break;
            if (due(key[2]))
              doomed.push({ scope: { accountId: String(key[3]), livemode: key[4] === true }, id: String(key[5]) });
          }
        } else {
          for (const { key, value } of recordsUnder(dbs, layout.recordsOf())) {
            if (due(value[field]))
              doomed.push({ scope: { accountId: String(key[1]), livemode: key[2] === true }, id: String(key[3]) });
          }
        }
        for (const { scope, id } of doomed) {
          const current = records.get(scope, id);
          if (current) records.remove(scope, id, current);
        }
        return { value: doomed.length };
      });
    },
  };
}
