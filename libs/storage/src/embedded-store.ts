// The embedded adapter of the storage port: one nedb datafile per collection under
// `dir`, loaded at start-up and appended to (and synced) on every write, so data
// survives restarts, crashes and power loss (see datafile-durability.ts).
// Unique indexes are compound nedb indexes on (account_id, livemode, fields...).
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { DatastoreClass, type Datastore } from "./nedb.js";
import { createEmbeddedCollection } from "./embedded-collection.js";
import { createGroupSync, repairTornTail, type TornTailNotice } from "./datafile-durability.js";
import type { Collection, CollectionSpec, Scope, Store, SystemCollection } from "./port.js";
import { type Document, assertPlainFields } from "./record-shape.js";

export interface EmbeddedStoreOptions {
  readonly dir: string;
  /** Told when opening a collection cut off a torn last line (a write that never completed). */
  readonly onTornTail?: (notice: TornTailNotice) => void;
}

const systemScope: Scope = { accountId: "", livemode: false };

export async function createEmbeddedStore(options: EmbeddedStoreOptions): Promise<Store> {
  await mkdir(options.dir, { recursive: true });
  const open: Datastore<Document>[] = [];

  async function openCollection(spec: CollectionSpec, scoped: boolean) {
    if (!/^[a-z][a-z0-9_]{0,60}$/.test(spec.name)) throw new TypeError(`collection name "${spec.name}" is not allowed`);
    const filename = path.join(options.dir, `${scoped ? "" : "sys_"}${spec.name}.db`);
    const torn = await repairTornTail(filename);
    if (torn) options.onTornTail?.(torn);
    // No tolerance: nedb would otherwise drop up to 10 % of the lines silently.
    const db = new DatastoreClass<Document>({ filename, corruptAlertThreshold: 0 });
    try {
      await db.loadDatabaseAsync();
    } catch (error) {
      throw new Error(`${filename}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    open.push(db);
    const uniqueIndexNames = new Map<string, string>();
    for (const index of spec.uniqueIndexes ?? []) {
      assertPlainFields(index.fields);
      const fields = scoped ? ["account_id", "livemode", ...index.fields] : [...index.fields];
      await db.ensureIndexAsync({ fieldName: fields.length === 1 ? fields[0]! : fields, unique: true });
      // nedb reports a compound key with its fields in alphabetical order.
      uniqueIndexNames.set([...fields].sort().join(","), index.name);
    }
    for (const index of spec.indexes ?? []) assertPlainFields(index.fields);
    return createEmbeddedCollection<never>(`${scoped ? "" : "sys_"}${spec.name}`, db, scoped, uniqueIndexNames, createGroupSync(filename));
  }

  return {
    collection: async <T extends { id: string }>(spec: CollectionSpec) => (await openCollection(spec, true)) as unknown as Collection<T>,
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
    close: async () => {
      // Rewrites each datafile without its superseded lines, so restarts stay fast.
      await Promise.all(open.splice(0).map((db) => db.compactDatafileAsync()));
    },
  };
}
