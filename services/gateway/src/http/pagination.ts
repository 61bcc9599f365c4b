// Public list parameters and envelope, shared by every list endpoint:
// ?limit=1..100 (default 10) & cursor=<opaque>, answered with
// {object: "list", data, has_more, next_cursor}.
import { z } from "zod";

export const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  cursor: z.string().min(1).max(512).optional(),
});

export function listEnvelope<T>(data: T[], nextCursor: string) {
  return { object: "list", data, has_more: nextCursor !== "", next_cursor: nextCursor === "" ? null : nextCursor };
}
