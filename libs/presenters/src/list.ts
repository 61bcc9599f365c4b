// Paging, the same for every list: the query (?limit=1..100, default 10, &cursor=<opaque>,
// bounds from @levy/kit) and the envelope {object: "list", data, has_more, next_cursor};
// the services' empty next cursor means the last page (null).
import { cursorMaxLength, identifierText, pageLimits, textLimits } from "@levy/kit";
import { z } from "zod";

export const pageLimitParam = z.coerce
  .number()
  .int()
  .min(pageLimits.min)
  .max(pageLimits.max)
  .default(pageLimits.default)
  .describe(`page size, ${pageLimits.min}-${pageLimits.max} (default ${pageLimits.default})`);

export const cursorParam = z
  .string()
  .min(1)
  .max(cursorMaxLength)
  .describe("next_cursor of the previous page of this list, given with the same filters; omit for the first page");

export const listQuery = z.object({ limit: pageLimitParam, cursor: cursorParam.optional() });

/** A yes/no query parameter: the words true and false, nothing else. */
export const booleanParam = z.enum(["true", "false"]).transform((word) => word === "true");

/**
 * The text filters of the customer and merchant lists (REST query and MCP arguments
 * alike): the whole e-mail and the start of the name, each compared ignoring case.
 */
export const nameAndEmailFilters = {
  email: identifierText(textLimits.email).optional().describe("the whole e-mail address, ignoring case"),
  name_prefix: identifierText(textLimits.name)
    .optional()
    .describe("the start of the name, ignoring case (acme finds Acme Corp)"),
};

export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({
    object: z.literal("list"),
    data: z.array(item),
    has_more: z.boolean(),
    next_cursor: z.string().nullable().describe("pass as cursor to get the next page; null on the last page"),
  });
}

export interface ListEnvelope<T> {
  object: "list";
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

export function listEnvelope<T>(data: T[], nextCursor: string): ListEnvelope<T> {
  return {
    object: "list",
    data,
    has_more: nextCursor !== "",
    next_cursor: nextCursor === "" ? null : nextCursor,
  };
}
