// Public list parameters, shared by every list endpoint: ?limit=1..100 (default 10) &
// cursor=<opaque>, answered with @levy/presenters' listEnvelope.
import { z } from "zod";

export const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  cursor: z.string().min(1).max(512).optional(),
});
