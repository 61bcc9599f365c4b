// The deleted-object results (spec: Deleted-object result): what a DELETE answers.
import { z } from "zod";

const deletedAt = z.number().int().describe("epoch seconds");

/** `{object, id, deleted: true, deleted_at}`: customers, merchants, buyers. */
export function deletedWithIdSchema<T extends string>(object: T) {
  return z.object({ object: z.literal(object), id: z.string(), deleted: z.literal(true), deleted_at: deletedAt });
}

/** `{object, deleted_at}`: products and transactions, as the spec shows them. */
export function deletedSchema<T extends string>(object: T) {
  return z.object({ object: z.literal(object), deleted_at: deletedAt });
}

/** What deleting a customer, merchant or buyer answers, from the service's id and deleted_at. */
export function presentDeletedWithId<T extends string>(
  object: T,
  deleted: { readonly id: string; readonly deletedAt: bigint },
): { object: T; id: string; deleted: true; deleted_at: number } {
  return { object, id: deleted.id, deleted: true, deleted_at: Number(deleted.deletedAt) };
}
