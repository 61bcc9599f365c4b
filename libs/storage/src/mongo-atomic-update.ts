// The atomic update protocol: each write is one conditional single-document operation,
// which MongoDB (and Atlas, DocumentDB, Cosmos DB) applies atomically. Only correct on
// servers that do; FerretDB 1.x does not (see mongo-update-protocol.ts).
import {
  type AnyBulkWriteOperation,
  type Collection as DriverCollection,
  MongoBulkWriteError,
  type UpdateFilter,
} from "mongodb";
import { bulkWriteErrors } from "./mongo-errors.js";
import { StorageError, type UpdateOptions } from "./port.js";
import { type Document, assertPlainFields } from "./record-shape.js";
import type { DocumentUpdate, DocumentWrites } from "./mongo-update-protocol.js";

/** An update's set/unset as one $set/$unset operation that also moves the version on. */
export function updateOperation(
  options: UpdateOptions<Record<string, unknown>>,
): Record<string, Record<string, unknown>> {
  const unset = [...(options.unset ?? [])];
  // As in applyChanges: a field both set and unset ends up unset.
  const set = Object.fromEntries(Object.entries(options.set ?? {}).filter(([field]) => !unset.includes(field)));
  // $set would read "a.b" as a path.
  assertPlainFields([...Object.keys(set), ...unset]);
  const change: Record<string, Record<string, unknown>> = { $set: { ...set, version: options.expectedVersion + 1 } };
  if (unset.length > 0) change.$unset = Object.fromEntries(unset.map((field) => [field, ""]));
  return change;
}

/**
 * At most this many updates per command. FerretDB 1.x keeps each update statement's query
 * open until the whole command ends, one connection of its SQLite pool (100) each: an
 * update command of a hundred statements waited for a connection it held itself, and
 * stalled every writer of the database with it (seen in the distributed bench).
 */
const updatesPerCommand = 16;

/**
 * The conditional updates ("if version = v, $set the change and v+1"), unordered, in
 * commands of updatesPerCommand, one after another. Resolves to the number of documents
 * matched and the first error of a document that was refused (e.g. a unique index).
 */
export async function conditionalUpdates(
  documents: DriverCollection<Document>,
  updates: readonly DocumentUpdate[],
): Promise<{ matched: number; failure?: unknown }> {
  let matched = 0;
  let failure: unknown;
  for (let start = 0; start < updates.length; start += updatesPerCommand) {
    const operations: AnyBulkWriteOperation<Document>[] = updates
      .slice(start, start + updatesPerCommand)
      .map(({ documentId, options }) => ({
        updateOne: { filter: { _id: documentId, version: options.expectedVersion }, update: updateOperation(options) },
      }));
    try {
      matched += (await documents.bulkWrite(operations, { ordered: false })).matchedCount;
    } catch (error) {
      if (error instanceof MongoBulkWriteError) matched += error.result.matchedCount;
      failure ??= error instanceof MongoBulkWriteError ? ([...bulkWriteErrors(error).values()][0] ?? error) : error;
    }
  }
  return failure === undefined ? { matched } : { matched, failure };
}

/**
 * Why some of `updates` matched no document: the first whose document is gone is
 * not_found, otherwise a conflict (the stored version moved on). `stored` maps the
 * documents still there to their version.
 */
export function missedUpdateError(
  updates: readonly DocumentUpdate[],
  stored: ReadonlyMap<unknown, unknown>,
): StorageError {
  const gone = updates.find((update) => !stored.has(update.documentId));
  if (gone) return new StorageError("not_found", `no record ${gone.id}`);
  const moved =
    updates.find((update) => stored.get(update.documentId) !== update.options.expectedVersion + 1) ?? updates[0]!;
  return new StorageError("conflict", `record ${moved.id} was changed since version ${moved.options.expectedVersion}`);
}

/** The stored version of each of the documents, by _id (absent: gone). */
export async function storedVersions(
  documents: DriverCollection<Document>,
  documentIds: readonly string[],
): Promise<Map<unknown, unknown>> {
  const found = await documents.find({ _id: { $in: [...documentIds] } }, { projection: { version: 1 } }).toArray();
  return new Map(found.map((document) => [document._id, document.version]));
}

export function atomicWrites(documents: DriverCollection<Document>): DocumentWrites {
  return {
    async update(documentId, id, options) {
      const change = updateOperation(options);
      const updated = await documents.findOneAndUpdate({ _id: documentId, version: options.expectedVersion }, change, {
        returnDocument: "after",
      });
      if (updated) return updated;
      if (await documents.findOne({ _id: documentId }, { projection: { _id: 1 } })) {
        throw new StorageError("conflict", `record ${id} was changed since version ${options.expectedVersion}`);
      }
      throw new StorageError("not_found", `no record ${id}`);
    },
    // One unordered bulk write; if fewer documents matched than were sent, one read says why.
    async updateAll(updates) {
      if (updates.length === 0) return;
      const { matched, failure } = await conditionalUpdates(documents, updates);
      if (failure !== undefined) throw failure;
      if (matched === updates.length) return;
      const stored = await storedVersions(
        documents,
        updates.map((update) => update.documentId),
      );
      throw missedUpdateError(updates, stored);
    },
    async increment(documentId, id, inc) {
      assertPlainFields(Object.keys(inc));
      const by: Record<string, number> = { version: 1 };
      for (const [field, amount] of Object.entries(inc)) if (amount !== undefined) by[field] = amount;
      const updated = await documents.findOneAndUpdate({ _id: documentId }, { $inc: by } as UpdateFilter<Document>, {
        returnDocument: "after",
      });
      if (!updated) throw new StorageError("not_found", `no record ${id}`);
      return updated;
    },
  };
}
