// Shared by the list RPCs: the live-mode guard and listing with filters
// the store cannot apply (derived statuses, array membership, "either customer id").
import { LevyError, scopeFrom } from "@levy/kit";
import type { Scope as ScopeMessage } from "@levy/proto/levy/common/v1/common_pb.js";
import { StorageError, type Collection, type Range, type Scope, type Stored, type Where } from "@levy/storage";

export function liveScope(message: ScopeMessage | undefined): Scope {
  const scope = scopeFrom(message);
  if (!scope.livemode)
    throw new LevyError("TESTMODE_NOT_SUPPORTED", "certificate operations need a live key (sk_prod_...)");
  return scope;
}

export interface FilteredListOptions<T> {
  readonly where?: Where<T>;
  readonly range?: Range;
  readonly limit: number;
  readonly cursor?: string | undefined;
  readonly keep?: (record: Stored<T>) => boolean;
}

/** Scans at most this many records for one page; a sparse filter may return a short page with a cursor. */
const scanBudget = 2000;

export async function filteredList<T extends { id: string }>(
  collection: Collection<T>,
  scope: Scope,
  options: FilteredListOptions<T>,
): Promise<{ items: Stored<T>[]; nextCursor: string }> {
  const items: Stored<T>[] = [];
  let cursor = options.cursor || undefined;
  let scanned = 0;
  try {
    do {
      // Asking for exactly what is still missing means a page never overshoots, so the
      // store's cursor after the batch is the right place to resume.
      const page = await collection.list(scope, {
        ...(options.where ? { where: options.where } : {}),
        ...(options.range ? { range: options.range } : {}),
        limit: options.limit - items.length,
        ...(cursor ? { cursor } : {}),
      });
      for (const item of page.items) if (!options.keep || options.keep(item)) items.push(item);
      scanned += page.items.length;
      cursor = page.nextCursor ?? undefined;
    } while (cursor && items.length < options.limit && scanned < scanBudget);
  } catch (error) {
    if (error instanceof StorageError && error.code === "invalid_cursor") {
      throw new LevyError("invalid_cursor", "cursor is malformed or expired; restart from the first page", {
        field: "cursor",
      });
    }
    throw error;
  }
  return { items, nextCursor: cursor ?? "" };
}
