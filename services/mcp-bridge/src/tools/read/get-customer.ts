import { identifierText } from "@levy/kit";
import { z } from "zod";
import { customerSchema, presentCustomer } from "@levy/presenters";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const getCustomer = defineTool({
  name: "get_customer",
  description: "One customer by its service ID (cust_...) or your reference_customer_id.",
  input: z.strictObject({
    customer_id: identifierText().describe("customer service ID (cust_...) or your reference_customer_id"),
  }),
  output: customerSchema,
  write: false,
  liveOnly: false,
  async run(args, context) {
    const { customer } = await context.upstream.catalog.getCustomer({
      scope: scopeOf(context),
      customerId: args.customer_id,
    });
    if (!customer) throw new Error("catalog answered GetCustomer without a customer");
    return presentCustomer(customer);
  },
  summarize: (result) => `Customer ${result.id}${result.is_tax_exempt ? " (tax exempt)" : ""}`,
});
