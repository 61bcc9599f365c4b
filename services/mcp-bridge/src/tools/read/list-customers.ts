import { z } from "zod";
import { customerSchema, listEnvelope, listSchema, presentCustomer } from "@levy/presenters";
import { pageSummary } from "../page-summary.js";
import { cursorInput, limitInput } from "../inputs.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const listCustomers = defineTool({
  name: "list_customers",
  description:
    "Lists your customers (buyers) with their tax-exempt flag, in creation order. Paginated: pass next_cursor as cursor.",
  input: z.strictObject({ cursor: cursorInput, limit: limitInput }),
  output: listSchema(customerSchema),
  write: false,
  liveOnly: false,
  async run(args, context) {
    const page = await context.upstream.catalog.listCustomers({
      scope: scopeOf(context),
      limit: args.limit,
      cursor: args.cursor ?? "",
    });
    return listEnvelope(page.customers.map(presentCustomer), page.nextCursor);
  },
  summarize: (result) => pageSummary(result.data.length, "customers", result.has_more),
});
