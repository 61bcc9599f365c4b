import { z } from "zod";
import { listEnvelope, listSchema, merchantSchema, presentMerchant } from "@levy/presenters";
import { pageSummary } from "../page-summary.js";
import { cursorInput, limitInput } from "../inputs.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const listMerchants = defineTool({
  name: "list_merchants",
  description:
    "Lists the merchants (sellers on your platform) in creation order. Paginated: pass next_cursor as cursor.",
  input: z.strictObject({ cursor: cursorInput, limit: limitInput }),
  output: listSchema(merchantSchema),
  write: false,
  liveOnly: false,
  async run(args, context) {
    const page = await context.upstream.catalog.listMerchants({
      scope: scopeOf(context),
      limit: args.limit,
      cursor: args.cursor ?? "",
    });
    return listEnvelope(page.merchants.map(presentMerchant), page.nextCursor);
  },
  summarize: (result) => pageSummary(result.data.length, "merchants", result.has_more),
});
