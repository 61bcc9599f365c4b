// How records are laid out in either store. Every document gets:
//   _id         `<account>|<live|test>|<id>` (scoped) or `<id>` (system): the primary key
//               decides uniqueness of ids per scope and makes get() a key lookup
//   account_id, livemode   the scope (scoped collections only)
//   version     starts at 1, +1 on every write (optimistic concurrency)
//   _seq        creation order: epoch ms × 1000 + a per-millisecond counter
// Callers get back their own fields plus `version`.
import type { ListOptions, Range, Scope, Stored, TextMatch, UpdateOptions, Where } from "./port.js";
import { decodeCursor } from "./cursor.js";

export type Document = Record<string, unknown> & { _id: string; _seq: number; version: number };

const storageFields = new Set(["_id", "_seq"]);
const scopeFields = new Set(["account_id", "livemode"]);

export function documentId(scope: Scope | null, id: string): string {
  return scope ? `${scope.accountId}|${scope.livemode ? "live" : "test"}|${id}` : id;
}

export function scopeFilter(scope: Scope | null): Record<string, unknown> {
  return scope ? { account_id: scope.accountId, livemode: scope.livemode } : {};
}

let lastMs = 0;
let counter = 0;
/** Strictly increasing within a process, so inserts keep their order. */
export function nextSeq(): number {
  const now = Date.now();
  if (now === lastMs) counter = Math.min(counter + 1, 999);
  else {
    lastMs = now;
    counter = 0;
  }
  return now * 1000 + counter;
}

export function toDocument(scope: Scope | null, record: { id: string }): Document {
  return { ...record, ...scopeFilter(scope), _id: documentId(scope, record.id), _seq: nextSeq(), version: 1 };
}

export function fromDocument<T>(
  document: Record<string, unknown> | null | undefined,
  scoped: boolean,
): Stored<T> | null {
  if (!document) return null;
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(document)) {
    if (storageFields.has(key) || (scoped && scopeFields.has(key))) continue;
    record[key] = value;
  }
  return record as Stored<T>;
}

function rangeFilter(range: Range | undefined): Record<string, unknown> {
  if (!range) return {};
  const bounds: Record<string, number> = {};
  if (range.gte !== undefined) bounds.$gte = range.gte;
  if (range.lt !== undefined) bounds.$lt = range.lt;
  return { [range.field]: bounds };
}

/**
 * The text match as a case-insensitive regular expression on MongoDB: every character
 * that is not a letter or digit is escaped, so the caller's text is only ever literal.
 */
function textFilter(texts: readonly TextMatch[] | undefined): Record<string, unknown> {
  if (!texts || texts.length === 0) return {};
  const conditions = texts.map((text) => {
    assertPlainFields([text.field]);
    const literal = text.value.replace(/[^\p{L}\p{N}]/gu, (character) =>
      /[\x21-\x7e]/.test(character) ? `\\${character}` : character,
    );
    return { [text.field]: { $regex: `^${literal}${text.match === "whole" ? "$" : ""}`, $options: "i" } };
  });
  return { $and: conditions };
}

/** The same match in memory (the embedded store); case is ignored as toLowerCase() folds it. */
export function matchesText(document: Record<string, unknown>, texts: readonly TextMatch[] | undefined): boolean {
  return (texts ?? []).every((text) => {
    const value = document[text.field];
    if (typeof value !== "string") return false;
    const have = value.toLowerCase();
    const want = text.value.toLowerCase();
    return text.match === "whole" ? have === want : have.startsWith(want);
  });
}

/**
 * Equality on plain values only: an object such as {"$gt": ""} arriving as a value can
 * never become a query operator.
 */
export function equalityFilter<T>(where: Where<T> | undefined): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(where ?? {})) {
    assertPlainFields([field]);
    if (value !== null && typeof value === "object")
      throw new TypeError(`filter value of "${field}" must be a plain value`);
    filter[field] = value;
  }
  return filter;
}

/**
 * The query both adapters run for a page: scope, equality filter, range, and "after the
 * cursor"; `binding` is cursorBinding() of the same collection, scope and filters.
 */
export function listQuery<T>(
  scope: Scope | null,
  options: Pick<ListOptions<T>, "where" | "range" | "text" | "cursor">,
  binding: string,
): Record<string, unknown> {
  const query: Record<string, unknown> = {
    ...equalityFilter(options.where),
    ...rangeFilter(options.range),
    ...textFilter(options.text),
    ...scopeFilter(scope),
  };
  if (options.cursor) {
    const after = decodeCursor(options.cursor, binding);
    query.$or = [{ _seq: { $gt: after.seq } }, { _seq: after.seq, id: { $gt: after.id } }];
  }
  return query;
}

export const listSort = { _seq: 1, id: 1 } as const;

/** Refuses field names that a query language would read as operators or paths. */
export function assertPlainFields(fields: Iterable<string>): void {
  for (const field of fields) {
    if (field.startsWith("$") || field.includes(".") || field === "_id" || field === "_seq" || field === "version") {
      throw new TypeError(`field name "${field}" is reserved or not a plain field`);
    }
  }
}

/** The document after an update's `set` and `unset` (version is the caller's business). */
export function applyChanges<T>(current: Document, options: UpdateOptions<T>): Document {
  const next: Document = { ...current, ...(options.set as Record<string, unknown> | undefined) };
  for (const field of options.unset ?? []) delete next[field];
  return next;
}

/** The incremented values of `inc`'s fields, starting from `base`. */
export function addTo(base: Record<string, unknown>, inc: Partial<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(Object.entries(inc).map(([field, by]) => [field, (Number(base[field]) || 0) + (by ?? 0)]));
}
