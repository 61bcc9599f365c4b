// Output pieces shared by several tools: addresses and the list envelope (the same
// shape as the REST API's lists).
import { z } from "zod";
import type { Address } from "@levy/proto/levy/common/v1/common_pb.js";

export const addressOutput = z.object({
  address_line_1: z.string(),
  address_line_2: z.string(),
  address_city: z.string(),
  address_province: z.string(),
  address_postal_code: z.string(),
  address_country: z.string(),
  address_type: z.string().optional(),
});

export function presentAddress(address: Address | undefined): z.input<typeof addressOutput> | null {
  if (!address) return null;
  return {
    address_line_1: address.addressLine1,
    address_line_2: address.addressLine2,
    address_city: address.addressCity,
    address_province: address.addressProvince,
    address_postal_code: address.addressPostalCode,
    address_country: address.addressCountry,
    ...(address.addressType ? { address_type: address.addressType } : {}),
  };
}

export function listOutput<T extends z.ZodType>(item: T) {
  return z.object({
    object: z.literal("list"),
    data: z.array(item),
    has_more: z.boolean(),
    next_cursor: z.string().nullable().describe("pass as cursor to get the next page; null on the last page"),
  });
}

export function listEnvelope<T>(data: T[], nextCursor: string) {
  return { object: "list" as const, data, has_more: nextCursor !== "", next_cursor: nextCursor === "" ? null : nextCursor };
}

/** "3 transactions (more: pass next_cursor)" */
export function pageSummary(count: number, noun: string, hasMore: boolean): string {
  return `${count} ${noun}${hasMore ? " (more available: pass next_cursor as cursor)" : ""}`;
}
