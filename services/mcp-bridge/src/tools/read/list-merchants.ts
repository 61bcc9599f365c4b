import { z } from "zod";
import { listEnvelope, listSchema, merchantSchema, nameAndEmailFilters, presentMerchant } from "@levy/presenters";
import { pageSummary } from "../page-summary.js";
import { cursorInput, limitInput } from "../inputs.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const listMerchants = defineTool({
  name: "list_merchants",
  description:
    "Lists the merchants (sellers on your platform) in creation order, as GET /tax/merchants: optionally only those with an e-mail address or a name starting with name_prefix (filters combine). Paginated: pass next_cursor as cursor with the same filters.",
  input: z.strictObject({ cursor: cursorInput, limit: limitInput, ...nameAndEmailFilters }),
  output: listSchema(merchantSchema),
  write: false,
  liveOnly: false,
  async run(args, context) {
    const page = await context.upstream.catalog.listMerchants({
      scope: scopeOf(context),
      limit: args.limit,
      cursor: args.cursor ?? "",
      email: args.email ?? "",
      namePrefix: args.name_prefix ?? "",
    });
    return listEnvelope(page.merchants.map(presentMerchant), page.nextCursor);
  },
  summarize: (result) => pageSummary(result.data.length, "merchants", result.has_more),
});
