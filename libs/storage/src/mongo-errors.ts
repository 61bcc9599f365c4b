// Driver and server failures become StorageErrors before they leave the adapter.
import { type MongoBulkWriteError, MongoServerError } from "mongodb";
import { StorageError } from "./port.js";

// FerretDB reports a unique violation inside findAndModify/replace as a generic error
// naming the SQLite index `<table>_<hash>_<index name>`; MongoDB always says E11000.
const sqliteUnique = /UNIQUE constraint failed: index '[^']*?_[0-9a-f]{8}_([^']+)'/;

export function isDuplicateKey(error: unknown): error is MongoServerError {
  return error instanceof MongoServerError && (error.code === 11000 || sqliteUnique.test(error.message));
}

/** The unique index a duplicate-key error names. */
function indexName(error: MongoServerError): string {
  return /index: (\S+)/.exec(error.message)?.[1] ?? sqliteUnique.exec(error.message)?.[1] ?? "unknown";
}

export function toStorageError(error: unknown): unknown {
  if (error instanceof StorageError) return error;
  if (isDuplicateKey(error))
    return new StorageError("duplicate", "a unique value is already taken", indexName(error), { cause: error });
  if (
    error instanceof Error &&
    /MongoNetwork|MongoServerSelection|MongoTopologyClosed|ECONNREFUSED|ECONNRESET/.test(
      `${error.name} ${error.message}`,
    )
  ) {
    return new StorageError("unavailable", "the database is unavailable", undefined, { cause: error });
  }
  return error;
}

export async function mapErrors<R>(operation: () => Promise<R>): Promise<R> {
  try {
    return await operation();
  } catch (error) {
    throw toStorageError(error);
  }
}

/**
 * The per-document errors of an unordered bulk write, by the document's position in it,
 * each as the single-document command would have thrown it.
 */
export function bulkWriteErrors(error: MongoBulkWriteError): Map<number, MongoServerError> {
  const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
  return new Map(
    writeErrors.map((writeError) => {
      const message = writeError.errmsg ?? "write failed";
      return [writeError.index, new MongoServerError({ message, errmsg: message, code: writeError.code })];
    }),
  );
}
