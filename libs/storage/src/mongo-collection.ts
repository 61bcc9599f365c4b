// One collection on MongoDB (or FerretDB): scoped when `scoped`, system-wide otherwise.
// Only single-document operations, so no transactions are needed; updates of existing
// documents go through `writes`, the chosen update protocol (mongo-update-protocol.ts).
import type { Collection as DriverCollection } from "mongodb";
import { cursorBinding, encodeCursor } from "./cursor.js";
import { isDuplicateKey, mapErrors, toStorageError } from "./mongo-errors.js";
import {
  StorageError,
  type Collection,
  type IndexSpec,
  type ListOptions,
  type Page,
  type Scope,
  type Stored,
  type UpdateOptions,
  type Where,
} from "./port.js";
import {
  type Document,
  addTo,
  assertPlainFields,
  documentId,
  equalityFilter,
  fromDocument,
  listQuery,
  listSort,
  scopeFilter,
  toDocument,
} from "./record-shape.js";
import type { DocumentWrites } from "./mongo-update-protocol.js";
import { groupInserts } from "./mongo-grouped-inserts.js";

type Raw = DriverCollection<Document>;

export function createMongoCollection<T extends { id: string }>(
  name: string,
  raw: Raw,
  writes: DocumentWrites,
  scoped: boolean,
  uniqueIndexes: readonly IndexSpec[],
  options: { readonly groupInserts: boolean },
): Collection<T> {
  const insertOne = options.groupInserts
    ? groupInserts(raw)
    : async (document: Document) => void (await raw.insertOne(document));
  const out = (document: Document | null) => fromDocument<T>(document, scoped);
  const key = (scope: Scope | null, id: string) => ({ _id: documentId(scope, id) });
  const useScope = (scope: Scope) => (scoped ? scope : null);

  // FerretDB's E11000 does not say which index was violated: find the record that holds
  // the same values (only on this error path).
  async function nameDuplicate(error: unknown, document: Document): Promise<StorageError> {
    const candidates: Array<[string, Record<string, unknown>]> = [
      ["_id_", { _id: document._id }],
      ...uniqueIndexes.map((index): [string, Record<string, unknown>] => [
        index.name,
        {
          ...scopeFilter(
            scoped ? { accountId: String(document.account_id), livemode: Boolean(document.livemode) } : null,
          ),
          ...Object.fromEntries(index.fields.map((field) => [field, document[field]])),
        },
      ]),
    ];
    for (const [name, filter] of candidates) {
      if (await raw.findOne(filter, { projection: { _id: 1 } })) {
        return new StorageError("duplicate", "a unique value is already taken", name, { cause: error });
      }
    }
    return toStorageError(error) as StorageError;
  }

  async function get(scope: Scope, id: string): Promise<Stored<T> | null> {
    return mapErrors(async () => out(await raw.findOne(key(useScope(scope), id))));
  }

  /** One `_id: {$in}` query (MongoDB's _id index; the test FerretDB's pushdown patch). */
  async function getMany(scope: Scope, ids: readonly string[]): Promise<Array<Stored<T> | null>> {
    if (ids.length === 1) return [await get(scope, ids[0]!)];
    if (ids.length === 0) return [];
    const wanted = [...new Set(ids)].map((id) => documentId(useScope(scope), id));
    const found = await mapErrors(() => raw.find({ _id: { $in: wanted } }).toArray());
    const byId = new Map(found.map((document) => [document._id, document]));
    return ids.map((id) => out(byId.get(documentId(useScope(scope), id)) ?? null));
  }

  return {
    insert: (scope, record) =>
      mapErrors(async () => {
        const document = toDocument(useScope(scope), record);
        try {
          await insertOne(document);
        } catch (error) {
          throw isDuplicateKey(error) ? await nameDuplicate(error, document) : error;
        }
        return out(document)!;
      }),
    insertIfAbsent: (scope, record) =>
      mapErrors(async () => {
        const document = toDocument(useScope(scope), record);
        try {
          await raw.insertOne(document);
          return { inserted: true, record: out(document)! };
        } catch (error) {
          const existing = isDuplicateKey(error) ? await raw.findOne(key(useScope(scope), record.id)) : null;
          if (!existing) throw error;
          return { inserted: false, record: out(existing)! };
        }
      }),
    get,
    getMany,
    findOne: (scope, where: Where<T>) =>
      mapErrors(async () => out(await raw.findOne({ ...equalityFilter(where), ...scopeFilter(useScope(scope)) }))),
    list: (scope, options: ListOptions<T>) =>
      mapErrors(async (): Promise<Page<T>> => {
        const binding = cursorBinding(name, useScope(scope), options);
        const documents = await raw
          .find(listQuery(useScope(scope), options, binding))
          .sort(listSort)
          .limit(options.limit + 1)
          .toArray();
        const page = documents.slice(0, options.limit);
        const last = page.at(-1);
        const nextCursor =
          documents.length > options.limit && last
            ? encodeCursor({ seq: last._seq, id: String(last.id) }, binding)
            : null;
        return { items: page.map((document) => out(document)!), nextCursor };
      }),
    count: (scope, where) =>
      mapErrors(() => raw.countDocuments({ ...equalityFilter(where), ...scopeFilter(useScope(scope)) })),
    update: (scope, id, options) =>
      mapErrors(
        async () =>
          out(
            await writes.update(documentId(useScope(scope), id), id, options as UpdateOptions<Record<string, unknown>>),
          )!,
      ),
    increment: (scope, id, options) =>
      mapErrors(async () => {
        // Create it, or add to it; if it went (purged) between the two, create it again.
        for (let attempt = 0; ; attempt += 1) {
          const created = toDocument(useScope(scope), {
            ...options.create,
            ...addTo(options.create as Record<string, unknown>, options.inc),
          });
          try {
            await raw.insertOne(created);
            return out(created)!;
          } catch (error) {
            if (!isDuplicateKey(error)) throw error;
          }
          try {
            return out(await writes.increment(created._id, id, options.inc as Partial<Record<string, number>>))!;
          } catch (error) {
            if (!(error instanceof StorageError && error.code === "not_found") || attempt >= 3) throw error;
          }
        }
      }),
    delete: (scope, id) => mapErrors(async () => (await raw.deleteOne(key(useScope(scope), id))).deletedCount === 1),
    // One command for all ids: MongoDB answers `_id: {$in}` from the _id index, and so does
    // the test infrastructure's FerretDB with its pushdown patch (unpatched FerretDB 1.24
    // scans the collection for it; deploy/test-infra/README.md).
    deleteMany: (scope, ids) =>
      mapErrors(async () => {
        const unique = [...new Set(ids)];
        if (unique.length === 0) return 0;
        if (unique.length === 1) return (await raw.deleteOne(key(useScope(scope), unique[0]!))).deletedCount;
        const filter = { _id: { $in: unique.map((id) => documentId(useScope(scope), id)) } };
        return (await raw.deleteMany(filter)).deletedCount;
      }),
    purgeExpired: async (field, before) => {
      assertPlainFields([field]);
      return mapErrors(async () => (await raw.deleteMany({ [field]: { $gt: 0, $lt: before } })).deletedCount);
    },
  };
}
