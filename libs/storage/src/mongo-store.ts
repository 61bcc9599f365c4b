// The MongoDB adapter of the storage port (the official driver; tested on FerretDB).
// Indexes are created at start-up: unique ones are prefixed with the scope, so
// uniqueness holds per account and mode.
import { type Collection as DriverCollection, type IndexSpecification, MongoBulkWriteError } from "mongodb";
import { createMongoClient } from "./mongo-client.js";
import { createMongoCollection } from "./mongo-collection.js";
import { type VersionMarker, markerWrites } from "./mongo-versioned-update.js";
import { atomicWrites } from "./mongo-atomic-update.js";
import {
  type DocumentUpdate,
  type DocumentWrites,
  type UpdateProtocolChoice,
  type UpdateProtocolSetting,
  chooseUpdateProtocol,
} from "./mongo-update-protocol.js";
import { bulkWriteErrors, isDuplicateKey, mapErrors } from "./mongo-errors.js";
import { groupTargets } from "./write-group.js";
import type { Collection, CollectionSpec, RecordWrite, RequiredWrite, Scope, Store, SystemCollection } from "./port.js";
import { type Document, assertPlainFields, documentId, toDocument } from "./record-shape.js";

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

/** Inserts `documents` in one command; those whose _id is already stored are left as they are. */
async function insertUnlessPresent(raw: DriverCollection<Document>, documents: Document[]): Promise<void> {
  try {
    await raw.insertMany(documents, { ordered: false });
  } catch (error) {
    if (!(error instanceof MongoBulkWriteError)) throw error;
    const writeErrors = [...bulkWriteErrors(error).values()];
    if (writeErrors.length === 0 || writeErrors.some((writeError) => !isDuplicateKey(writeError))) throw error;
  }
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

  /** Each scoped collection opened, by name, for writeThenRecord (and its driver collection, for the records). */
  const opened = new Map<string, Collection<Record<string, unknown> & { id: string }>>();
  const rawOf = new Map<string, DriverCollection<Document>>();
  const writesOf = new Map<string, DocumentWrites>();

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
    if (scoped) {
      opened.set(name, collection as unknown as Collection<Record<string, unknown> & { id: string }>);
      rawOf.set(name, raw);
      writesOf.set(name, writes);
    }
    return collection;
  }

  // Single-document operations only (no transactions on FerretDB 1.x): the writes run
  // concurrently, the records are inserted once every write landed. Commands are few
  // (FerretDB spends a fixed ~0.45 ms on each): each collection's updates go together
  // (DocumentWrites.updateAll), and its records in one unordered insert whose duplicates,
  // records already present, are the "unless present".
  async function writeThenRecord(writes: readonly RequiredWrite[], records: readonly RecordWrite[]): Promise<void> {
    const target = groupTargets(opened);
    const inserts: Array<Promise<unknown>> = [];
    const updatesOf = new Map<string, DocumentUpdate[]>();
    for (const write of writes) {
      const collection = target(write);
      if ("insert" in write) {
        inserts.push(collection.insert(write.scope, write.insert));
        continue;
      }
      const updates = updatesOf.get(write.collection) ?? [];
      updates.push({
        documentId: documentId(write.scope, write.update.id),
        id: write.update.id,
        options: write.update,
      });
      updatesOf.set(write.collection, updates);
    }
    const marks = records.map((record) => ({ collection: target(record), record }));
    const byCollection = new Map<string, Document[]>();
    for (const { collection, scope, record } of records) {
      const documents = byCollection.get(collection) ?? [];
      documents.push(toDocument(scope, record));
      byCollection.set(collection, documents);
    }
    const outcomes = await Promise.allSettled([
      ...inserts,
      ...[...updatesOf].map(([name, updates]) => mapErrors(() => writesOf.get(name)!.updateAll(updates))),
    ]);
    const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
    if (failed) throw failed.reason;
    if (marks.length === 1) {
      await marks[0]!.collection.insertIfAbsent(marks[0]!.record.scope, marks[0]!.record.record);
      return;
    }
    await Promise.all(
      [...byCollection].map(([name, documents]) => mapErrors(() => insertUnlessPresent(rawOf.get(name)!, documents))),
    );
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
