// Listing cursors: the (sort key, id) of the last record a page returned, and what the
// cursor is for, as opaque base64url. Resuming "after" that pair never skips or repeats
// a record that existed before the first page, whatever is created or deleted in between.
// A cursor is bound to its collection, scope and filters (a short hash): given to
// another list, another mode or other filters it would resume at a position that means
// nothing there and silently skip records, so it is invalid_cursor instead.
import { createHash } from "node:crypto";
import { StorageError, type Range, type Scope, type TextMatch, type Where } from "./port.js";

export interface CursorPosition {
  readonly seq: number;
  readonly id: string;
}

/** What a page's query selects: the collection, the scope and the filters (not the page size). */
export function cursorBinding(
  collection: string,
  scope: Scope | null,
  filters: {
    readonly where?: Where<unknown> | undefined;
    readonly range?: Range | undefined;
    readonly text?: readonly TextMatch[] | undefined;
  },
): string {
  const where = Object.entries(filters.where ?? {})
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const range = filters.range ? [filters.range.field, filters.range.gte ?? null, filters.range.lt ?? null] : null;
  const text = (filters.text ?? []).map((match) => [match.field, match.value, match.match]);
  // A selection without a text match hashes as before, so cursors already handed out stay valid.
  const selection = JSON.stringify([
    collection,
    scope?.accountId ?? null,
    scope?.livemode ?? null,
    where,
    range,
    ...(text.length > 0 ? [text] : []),
  ]);
  return createHash("sha256").update(selection).digest("base64url").slice(0, 16);
}

export function encodeCursor(position: CursorPosition, binding: string): string {
  return Buffer.from(JSON.stringify([position.seq, position.id, binding]), "utf8").toString("base64url");
}

export function decodeCursor(cursor: string, binding: string): CursorPosition {
  const invalid = (why: string) => new StorageError("invalid_cursor", why);
  if (cursor.length > 512 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid("cursor is malformed");
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid("cursor is malformed");
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalid("cursor is malformed");
  const [seq, id, boundTo] = parsed as unknown[];
  if (
    typeof seq !== "number" ||
    !Number.isSafeInteger(seq) ||
    seq < 0 ||
    typeof id !== "string" ||
    id.length === 0 ||
    id.length > 300
  ) {
    throw invalid("cursor is malformed");
  }
  if (boundTo !== binding) throw invalid("cursor belongs to another list or other filters");
  return { seq, id };
}
