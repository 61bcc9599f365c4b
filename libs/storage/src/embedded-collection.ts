// One collection of the embedded store on an nedb datastore (a persistent, append-only
// file loaded into memory). Writes are serialised per collection, which makes unique
// checks, version checks and increments atomic within this process, the only writer.
import type { Datastore } from "./nedb.js";
import { cursorBinding, encodeCursor } from "./cursor.js";
import { StorageError, type Collection, type Page, type Scope, type Stored, type UpdateOptions } from "./port.js";
import { type Document, addTo, assertPlainFields, documentId, equalityFilter, fromDocument, listQuery, listSort, scopeFilter, toDocument } from "./record-shape.js";
import { createSerialQueue } from "./serial-queue.js";

type Db = Datastore<Document>;

function isUniqueViolation(error: unknown): error is { key: unknown; errorType: string; message: string } {
  return typeof error === "object" && error !== null && (error as { errorType?: unknown }).errorType === "uniqueViolated";
}

/** `durable` resolves once what was appended so far is synced to the disk. */
export function createEmbeddedCollection<T extends { id: string }>(
  name: string,
  db: Db,
  scoped: boolean,
  uniqueIndexNames: ReadonlyMap<string, string>,
  durable: () => Promise<void>,
): Collection<T> {
  const serially = createSerialQueue();
  // A write is acknowledged only once synced; the next write need not wait for that.
  const write = async <R>(operation: () => Promise<R>): Promise<R> => {
    const result = await serially(operation);
    await durable();
    return result;
  };
  const out = (document: Document | null) => fromDocument<T>(document, scoped);
  const useScope = (scope: Scope) => (scoped ? scope : null);
  const byKey = (scope: Scope, id: string) => ({ _id: documentId(useScope(scope), id) });

  const singleFieldIndex = () => [...uniqueIndexNames.keys()].find((fields) => !fields.includes(",")) ?? "";
  const translate = (error: unknown): unknown => {
    if (!isUniqueViolation(error)) return error;
    // nedb reports the violating key: an object of the fields for a compound index.
    const fields = typeof error.key === "object" && error.key !== null ? Object.keys(error.key).sort().join(",") : singleFieldIndex();
    return new StorageError("duplicate", "a unique value is already taken", uniqueIndexNames.get(fields) ?? "unknown", { cause: error });
  };

  async function insertDocument(scope: Scope, record: T): Promise<Stored<T>> {
    try {
      return out(await db.insertAsync(toDocument(useScope(scope), record)))!;
    } catch (error) {
      throw translate(error);
    }
  }

  async function applyUpdate(scope: Scope, id: string, options: UpdateOptions<T>): Promise<Stored<T>> {
    const current = await db.findOneAsync<Document>(byKey(scope, id));
    if (!current) throw new StorageError("not_found", `no record ${id}`);
    if (current.version !== options.expectedVersion) throw new StorageError("conflict", `record ${id} was changed since version ${options.expectedVersion}`);
    const update: Record<string, unknown> = { $inc: { version: 1 } };
    if (options.set && Object.keys(options.set).length > 0) update.$set = options.set;
    if (options.unset && options.unset.length > 0) update.$unset = Object.fromEntries(options.unset.map((field) => [field, true]));
    try {
      const result = await db.updateAsync(byKey(scope, id), update, { returnUpdatedDocs: true });
      return out(result.affectedDocuments as Document | null)!;
    } catch (error) {
      throw translate(error);
    }
  }

  return {
    insert: (scope, record) => write(() => insertDocument(scope, record)),
    insertIfAbsent: (scope, record) =>
      write(async () => {
        const existing = await db.findOneAsync<Document>(byKey(scope, record.id));
        if (existing) return { inserted: false, record: out(existing)! };
        return { inserted: true, record: await insertDocument(scope, record) };
      }),
    get: async (scope, id) => out(await db.findOneAsync<Document>(byKey(scope, id))),
    findOne: async (scope, where) => out(await db.findOneAsync<Document>({ ...equalityFilter(where), ...scopeFilter(useScope(scope)) })),
    list: async (scope, options): Promise<Page<T>> => {
      const binding = cursorBinding(name, useScope(scope), options);
      const documents = await db.findAsync<Document>(listQuery(useScope(scope), options, binding)).sort(listSort).limit(options.limit + 1);
      const page = documents.slice(0, options.limit);
      const last = page.at(-1);
      return {
        items: page.map((document) => out(document)!),
        nextCursor: documents.length > options.limit && last ? encodeCursor({ seq: last._seq, id: String(last.id) }, binding) : null,
      };
    },
    count: async (scope, where) => db.countAsync({ ...equalityFilter(where), ...scopeFilter(useScope(scope)) }),
    update: (scope, id, options) => write(() => applyUpdate(scope, id, options)),
    increment: (scope, id, options) =>
      write(async () => {
        const current = await db.findOneAsync<Document>(byKey(scope, id));
        if (!current) return insertDocument(scope, { ...options.create, ...addTo(options.create as Record<string, unknown>, options.inc) } as T);
        const result = await db.updateAsync(byKey(scope, id), { $inc: { ...options.inc, version: 1 } }, { returnUpdatedDocs: true });
        return out(result.affectedDocuments as Document | null)!;
      }),
    delete: (scope, id) => write(async () => (await db.removeAsync(byKey(scope, id), {})) === 1),
    purgeExpired: async (field, before) => {
      assertPlainFields([field]);
      return write(() => db.removeAsync({ [field]: { $gt: 0, $lt: before } }, { multi: true }));
    },
  };
}
