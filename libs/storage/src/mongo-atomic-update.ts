// The atomic update protocol: each write is one conditional single-document operation,
// which MongoDB (and Atlas, DocumentDB, Cosmos DB) applies atomically. Only correct on
// servers that do; FerretDB 1.x does not (see mongo-update-protocol.ts).
import type { Collection as DriverCollection, UpdateFilter } from "mongodb";
import { StorageError, type UpdateOptions } from "./port.js";
import { type Document, assertPlainFields } from "./record-shape.js";
import type { DocumentWrites } from "./mongo-update-protocol.js";

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
