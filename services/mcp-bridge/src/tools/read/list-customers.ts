import { z } from "zod";
import { customerListFilters, customerSchema, listEnvelope, listSchema, presentCustomer } from "@levy/presenters";
import { pageSummary } from "../page-summary.js";
import { cursorInput, limitInput } from "../inputs.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const listCustomers = defineTool({
  name: "list_customers",
  description:
    "Lists your customers (buyers) with their tax-exempt flag, in creation order, as GET /tax/customers: optionally only those with an e-mail address, a name starting with name_prefix, or the tax-exempt flag given (filters combine). Paginated: pass next_cursor as cursor with the same filters.",
  input: z.strictObject({ cursor: cursorInput, limit: limitInput, ...customerListFilters }),
  output: listSchema(customerSchema),
  write: false,
  liveOnly: false,
  async run(args, context) {
    const page = await context.upstream.catalog.listCustomers({
      scope: scopeOf(context),
      limit: args.limit,
      cursor: args.cursor ?? "",
      email: args.email ?? "",
      namePrefix: args.name_prefix ?? "",
      ...(args.is_tax_exempt === undefined ? {} : { isTaxExempt: args.is_tax_exempt }),
    });
    return listEnvelope(page.customers.map(presentCustomer), page.nextCursor);
  },
  summarize: (result) => pageSummary(result.data.length, "customers", result.has_more),
});
