import { z } from "zod";
import { listEnvelope, presentProduct } from "@levy/presenters";
import { cursorInput, limitInput } from "../inputs.js";
import { listOutput, pageSummary } from "../outputs/common.js";
import { productOutput } from "../outputs/catalog.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const listProducts = defineTool({
  name: "list_products",
  description:
    "Lists your products with their tax categories, in creation order. Paginated: pass next_cursor as cursor.",
  input: z.strictObject({ cursor: cursorInput, limit: limitInput }),
  output: listOutput(productOutput),
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
