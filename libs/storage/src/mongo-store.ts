// The MongoDB adapter of the storage port (the official driver; tested on FerretDB).
// Indexes are created at start-up: unique ones are prefixed with the scope, so
// uniqueness holds per account and mode.
import type { IndexSpecification } from "mongodb";
import { createMongoClient } from "./mongo-client.js";
import { createMongoCollection } from "./mongo-collection.js";
import { type VersionMarker, markerWrites } from "./mongo-versioned-update.js";
import { atomicWrites } from "./mongo-atomic-update.js";
import {
  type UpdateProtocolChoice,
  type UpdateProtocolSetting,
  chooseUpdateProtocol,
} from "./mongo-update-protocol.js";
import { mapErrors } from "./mongo-errors.js";
import { groupTargets } from "./write-group.js";
import type { Collection, CollectionSpec, RecordWrite, RequiredWrite, Scope, Store, SystemCollection } from "./port.js";
import { type Document, assertPlainFields } from "./record-shape.js";

export interface MongoStoreOptions {
  readonly uri: string;
  readonly dbName: string;
  readonly appName?: string;
  /** How optimistic updates and counters are made atomic (default auto: asks the server). */
  readonly updateProtocol?: UpdateProtocolSetting;
  /** Hears the protocol chosen at start-up (the services log it, with any warning). */
  readonly onUpdateProtocol?: (choice: UpdateProtocolChoice) => void;
}

const systemScope: Scope = { accountId: "", livemode: false };

function indexKey(fields: readonly string[], scoped: boolean): IndexSpecification {
  const key: Record<string, 1> = scoped ? { account_id: 1, livemode: 1 } : {};
  for (const field of fields) key[field] = 1;
  return key;
}

export async function createMongoStore(options: MongoStoreOptions): Promise<Store> {
  const client = createMongoClient(options.uri, {
    appName: options.appName ?? "levy",
    // Below the gateway's upstream deadline (3 s), so a database outage is answered as
    // "unavailable" by the service itself rather than as a timeout.
    serverSelectionTimeoutMS: 2000,
    connectTimeoutMS: 5000,
  });
  await mapErrors(() => client.connect());
  const db = client.db(options.dbName);
  const choice = await mapErrors(() => chooseUpdateProtocol(db, options.updateProtocol ?? "auto"));
  options.onUpdateProtocol?.(choice);

  /** Each scoped collection opened, by name, for writeThenRecord. */
  const opened = new Map<string, Collection<Record<string, unknown> & { id: string }>>();

  async function open(spec: CollectionSpec, scoped: boolean) {
    for (const index of [...(spec.uniqueIndexes ?? []), ...(spec.indexes ?? [])]) assertPlainFields(index.fields);
    const name = scoped ? spec.name : `sys_${spec.name}`;
    const raw = db.collection<Document>(name);
    const writes =
      choice.protocol === "atomic"
        ? atomicWrites(raw)
        : markerWrites(raw, db.collection<VersionMarker>(`${name}__versions`));
    await mapErrors(async () => {
      if (scoped) await raw.createIndex({ account_id: 1, livemode: 1, _seq: 1, id: 1 }, { name: `${spec.name}_list` });
      for (const index of spec.uniqueIndexes ?? [])
        await raw.createIndex(indexKey(index.fields, scoped), { name: index.name, unique: true });
      for (const index of spec.indexes ?? [])
        await raw.createIndex(indexKey(index.fields, scoped), { name: index.name });
    });
    const collection = createMongoCollection<never>(name, raw, writes, scoped, spec.uniqueIndexes ?? [], {
      groupInserts: spec.groupInserts ?? false,
    });
    if (scoped) opened.set(name, collection as unknown as Collection<Record<string, unknown> & { id: string }>);
    return collection;
  }

  // Single-document operations only (no transactions on FerretDB 1.x): the writes run
  // concurrently, the records are inserted once every write landed.
  async function writeThenRecord(writes: readonly RequiredWrite[], records: readonly RecordWrite[]): Promise<void> {
    const target = groupTargets(opened);
    const pending = writes.map((write) => ({ collection: target(write), write }));
    const marks = records.map((record) => ({ collection: target(record), record }));
    const outcomes = await Promise.allSettled(
      pending.map(({ collection, write }) =>
        "insert" in write
          ? collection.insert(write.scope, write.insert)
          : collection.update(write.scope, write.update.id, write.update),
      ),
    );
    const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
    if (failed) throw failed.reason;
    await Promise.all(marks.map(({ collection, record }) => collection.insertIfAbsent(record.scope, record.record)));
  }

  return {
    writesLandInIssueOrder: false,
    writeThenRecord,
    collection: async <T extends { id: string }>(spec: CollectionSpec) =>
      (await open(spec, true)) as unknown as Collection<T>,
    systemCollection: async <T extends { id: string }>(spec: CollectionSpec): Promise<SystemCollection<T>> => {
      const collection = (await open(spec, false)) as unknown as Collection<T>;
      return {
        insert: (record) => collection.insert(systemScope, record),
        get: (id) => collection.get(systemScope, id),
        findOne: (where) => collection.findOne(systemScope, where),
        list: (options) => collection.list(systemScope, options),
        update: (id, update) => collection.update(systemScope, id, update),
      };
    },
    ping: () => mapErrors(async () => void (await db.command({ ping: 1 }))),
    close: () => client.close(),
  };
}
