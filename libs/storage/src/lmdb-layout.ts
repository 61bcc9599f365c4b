// How the embedded (LMDB) store lays a collection out in two databases of one
// environment, with ordered-binary array keys:
//
//   records  [collection, account, livemode, id]              → the record + version + _seq
//   entries  [collection, "~seq", account, livemode, seq, id]  → 1   creation order per scope
//            [collection, "u:" + index, ...values, account, livemode] → id   unique index
//            [collection, "i:" + index, ...values, account, livemode, id] → 1  secondary index
//
// System collections use the scope ("", false). Index values come first, so a lookup by
// value within a scope and a range over one numeric field across every scope (purge)
// are both key ranges. A missing field is indexed as null, like MongoDB does.
import type { IndexSpec, Scope } from "./port.js";

export type Key = Array<string | number | boolean | null>;
export type StoredDocument = Record<string, unknown> & { version: number; _seq: number };

/** A value as it appears in an index key: objects become their JSON, undefined null. */
function keyValue(value: unknown): string | number | boolean | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  return JSON.stringify(value);
}

export function createLayout(collection: string, uniqueIndexes: readonly IndexSpec[], indexes: readonly IndexSpec[]) {
  const values = (index: IndexSpec, document: Record<string, unknown>) =>
    index.fields.map((field) => keyValue(document[field]));
  return {
    uniqueIndexes,
    indexes,
    record: (scope: Scope, id: string): Key => [collection, scope.accountId, scope.livemode, id],
    recordsOf: (): Key => [collection],
    seq: (scope: Scope, seq: number, id: string): Key => [collection, "~seq", scope.accountId, scope.livemode, seq, id],
    seqsOf: (scope: Scope): Key => [collection, "~seq", scope.accountId, scope.livemode],
    unique: (index: IndexSpec, scope: Scope, document: Record<string, unknown>): Key => [
      collection,
      `u:${index.name}`,
      ...values(index, document),
      scope.accountId,
      scope.livemode,
    ],
    secondary: (index: IndexSpec, scope: Scope, document: Record<string, unknown>, id: string): Key => [
      collection,
      `i:${index.name}`,
      ...values(index, document),
      scope.accountId,
      scope.livemode,
      id,
    ],
    /** Prefix of the secondary entries holding `where`'s values for `index` in `scope`. */
    secondaryLookup: (index: IndexSpec, scope: Scope, where: Record<string, unknown>): Key => [
      collection,
      `i:${index.name}`,
      ...values(index, where),
      scope.accountId,
      scope.livemode,
    ],
    secondaryOf: (index: IndexSpec): Key => [collection, `i:${index.name}`],
  };
}

export type Layout = ReturnType<typeof createLayout>;

/** Does `key` start with every element of `prefix`? */
export function hasPrefix(key: Key, prefix: Key): boolean {
  if (key.length < prefix.length) return false;
  for (let index = 0; index < prefix.length; index += 1) if (key[index] !== prefix[index]) return false;
  return true;
}

/**
 * Equality on plain values as MongoDB reads it: null matches null or a missing field.
 * (record-shape's equalityFilter has already refused operator objects.)
 */
export function matchesWhere(document: Record<string, unknown>, where: Record<string, unknown>): boolean {
  for (const field in where) {
    const wanted = where[field];
    if (wanted === undefined) continue;
    const value = document[field];
    if (wanted === null ? value !== null && value !== undefined : value !== wanted) return false;
  }
  return true;
}

/** A numeric range as MongoDB reads it: a non-number never matches. */
export function matchesRange(
  document: Record<string, unknown>,
  range: { field: string; gte?: number; lt?: number } | undefined,
): boolean {
  if (!range) return true;
  const value = document[range.field];
  if (typeof value !== "number") return false;
  return (range.gte === undefined || value >= range.gte) && (range.lt === undefined || value < range.lt);
}
