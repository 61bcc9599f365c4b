// The embedded adapter of the storage port: one LMDB environment (`<dir>/store.mdb`)
// per store, holding every collection's records and index entries (see lmdb-layout.ts).
// Writes are synced before they resolve, batched into shared commits (group commit);
// unique and secondary indexes are key ranges, so lookups never scan a collection.
// A data directory written by the nedb store of earlier versions is migrated into LMDB
// on first open of each collection (nedb-migration.ts).
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { open, type RootDatabase } from "lmdb";
import type { TornTailNotice } from "./datafile-durability.js";
import { type LmdbWrites, type Planned, createLmdbCollection, createLmdbWrites } from "./lmdb-collection.js";
import { createLayout } from "./lmdb-layout.js";
import { type Dbs, createRecords, duplicate } from "./lmdb-records.js";
import { ensureIndexes } from "./lmdb-indexes.js";
import { type MigrationNotice, migrateNedbFile } from "./nedb-migration.js";
import {
  StorageError,
  type Collection,
  type CollectionSpec,
  type GroupReader,
  type RecordWrite,
  type RequiredWrite,
  type Scope,
  type Store,
  type Stored,
  type SystemCollection,
  type WriteGroup,
} from "./port.js";
import { assertPlainFields } from "./record-shape.js";
import { groupTargets } from "./write-group.js";

export interface EmbeddedStoreOptions {
  readonly dir: string;
  /** Told when a legacy nedb file being migrated had a torn last line (a write that never completed). */
  readonly onTornTail?: (notice: TornTailNotice) => void;
  /** Told when a legacy nedb data file was moved into LMDB (and renamed). */
  readonly onMigrated?: (notice: MigrationNotice) => void;
}

const systemScope: Scope = { accountId: "", livemode: false };

export async function createEmbeddedStore(options: EmbeddedStoreOptions): Promise<Store> {
  await mkdir(options.dir, { recursive: true });
  const root: RootDatabase = open({
    path: path.join(options.dir, "store.mdb"),
    // A write resolves once its commit is synced, not merely visible: acknowledged
    // writes survive kill -9 and power loss.
    overlappingSync: false,
    noSync: false,
  });
  const dbs: Dbs = {
    records: root.openDB({ name: "records" }),
    entries: root.openDB({ name: "entries" }),
  };
  /** The checked writes of each scoped collection opened, for writeThenRecord. */
  const opened = new Map<string, LmdbWrites>();

  async function openCollection(spec: CollectionSpec, scoped: boolean) {
    if (!/^[a-z][a-z0-9_]{0,60}$/.test(spec.name)) throw new TypeError(`collection name "${spec.name}" is not allowed`);
    for (const index of [...(spec.uniqueIndexes ?? []), ...(spec.indexes ?? [])]) assertPlainFields(index.fields);
    const name = `${scoped ? "" : "sys_"}${spec.name}`;
    const layout = createLayout(name, spec.uniqueIndexes ?? [], spec.indexes ?? []);
    const legacyFile = path.join(options.dir, `${name}.db`);
    const migrated = await migrateNedbFile(legacyFile, scoped, root, createRecords(dbs, layout), options.onTornTail);
    if (migrated) options.onMigrated?.(migrated);
    await ensureIndexes(root, dbs, layout, name);
    if (scoped) opened.set(name, createLmdbWrites(createRecords(dbs, layout), layout, true));
    return createLmdbCollection<never>(name, root, dbs, layout, scoped);
  }

  /**
   * The group's writes, checked in full before any is applied (a begun LMDB write
   * cannot be rolled back): the stored documents of `writes`, or the error that stops
   * the group. Runs inside a write transaction; throws only misuse, before any put.
   */
  function applyGroup(
    writes: readonly RequiredWrite[],
    marks: readonly RecordWrite[],
  ): StorageError | Stored<Record<string, unknown> & { id: string }>[] {
    const target = groupTargets(opened);
    const plans: Array<() => Planned<unknown>> = [
      ...writes.map((write) => {
        const collection = target(write);
        return "insert" in write
          ? () => collection.insert(write.scope, write.insert)
          : () => collection.update(write.scope, write.update.id, write.update);
      }),
      ...marks.map((mark) => {
        const collection = target(mark);
        return () => collection.insertIfAbsent(mark.scope, mark.record);
      }),
    ];
    const planned = plans.map((plan) => plan());
    const claimed = new Set<string>();
    for (const plan of planned) {
      if ("error" in plan) return plan.error;
      for (const { index, key } of plan.uniqueKeys) {
        if (claimed.has(key)) return duplicate(index);
        claimed.add(key);
      }
    }
    const applied = planned.map((plan) => ("apply" in plan ? plan.apply() : null));
    return applied.slice(0, writes.length) as Stored<Record<string, unknown> & { id: string }>[];
  }

  // Every write is checked before any is applied, in one write callback: one commit.
  async function writeThenRecord(writes: readonly RequiredWrite[], marks: readonly RecordWrite[]): Promise<void> {
    const outcome = await root.transaction(() => applyGroup(writes, marks));
    if (outcome instanceof StorageError) throw outcome;
  }

  // The plan runs in the same write callback, so it reads what every earlier callback wrote.
  const reader: GroupReader = {
    get: (collection, scope, id) => {
      const writes = opened.get(collection);
      if (!writes) throw new TypeError(`collection "${collection}" has not been opened by this store`);
      return writes.get(scope, id);
    },
  };
  async function writePlanned(plan: (read: GroupReader) => WriteGroup) {
    const outcome = await root.transaction(() => {
      const group = plan(reader);
      return applyGroup(group.writes, group.records);
    });
    if (outcome instanceof StorageError) throw outcome;
    return outcome;
  }

  return {
    // lmdb-js runs queued write callbacks in order and commits them in order, batch by batch.
    writesLandInIssueOrder: true,
    writeThenRecord,
    writePlanned,
    collection: async <T extends { id: string }>(spec: CollectionSpec) =>
      (await openCollection(spec, true)) as unknown as Collection<T>,
    systemCollection: async <T extends { id: string }>(spec: CollectionSpec): Promise<SystemCollection<T>> => {
      const collection = (await openCollection(spec, false)) as unknown as Collection<T>;
      return {
        insert: (record) => collection.insert(systemScope, record),
        get: (id) => collection.get(systemScope, id),
        findOne: (where) => collection.findOne(systemScope, where),
        list: (options) => collection.list(systemScope, options),
        update: (id, update) => collection.update(systemScope, id, update),
      };
    },
    ping: async () => undefined,
    close: () => root.close(),
  };
}
