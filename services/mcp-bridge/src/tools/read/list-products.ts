import { z } from "zod";
import { listEnvelope, listSchema, presentProduct, productSchema } from "@levy/presenters";
import { pageSummary } from "../page-summary.js";
import { cursorInput, limitInput } from "../inputs.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const listProducts = defineTool({
  name: "list_products",
  description:
    "Lists your products with their tax categories, in creation order. Paginated: pass next_cursor as cursor.",
  input: z.strictObject({ cursor: cursorInput, limit: limitInput }),
  output: listSchema(productSchema),
  write: false,
  liveOnly: false,
  async run(args, context) {
    const page = await context.upstream.catalog.listProducts({
      scope: scopeOf(context),
      limit: args.limit,
      cursor: args.cursor ?? "",
    });
    return listEnvelope(page.products.map(presentProduct), page.nextCursor);
  },
  summarize: (result) => pageSummary(result.data.length, "products", result.has_more),
});
