// Output schemas shared by several tools: addresses and the list envelope (the REST
// API's shapes, as @levy/presenters builds them), and the one-line page summary.
import { z } from "zod";

export const addressOutput = z.object({
  address_line_1: z.string(),
  address_line_2: z.string(),
  address_city: z.string(),
  address_province: z.string(),
  address_postal_code: z.string(),
  address_country: z.string(),
  address_type: z.string().optional(),
});

export function listOutput<T extends z.ZodType>(item: T) {
  return z.object({
    object: z.literal("list"),
    data: z.array(item),
    has_more: z.boolean(),
    next_cursor: z.string().nullable().describe("pass as cursor to get the next page; null on the last page"),
  });
}

/** "3 transactions (more: pass next_cursor)" */
export function pageSummary(count: number, noun: string, hasMore: boolean): string {
  return `${count} ${noun}${hasMore ? " (more available: pass next_cursor as cursor)" : ""}`;
}
