// Listing cursors: the (sort key, id) of the last record a page returned, as opaque
// base64url. Resuming "after" that pair never skips or repeats a record that existed
// before the first page, whatever is created or deleted in between.
import { StorageError } from "./port.js";

export interface CursorPosition {
  readonly seq: number;
  readonly id: string;
}

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.seq, position.id]), "utf8").toString("base64url");
}

export function decodeCursor(cursor: string): CursorPosition {
  const invalid = () => new StorageError("invalid_cursor", "cursor is malformed");
  if (cursor.length > 512 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [seq, id] = parsed as unknown[];
  if (typeof seq !== "number" || !Number.isSafeInteger(seq) || seq < 0 || typeof id !== "string" || id.length === 0 || id.length > 300) {
    throw invalid();
  }
  return { seq, id };
}
