import { createCustomerBody, customerSchema, presentCustomer } from "@levy/presenters";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const createCustomer = defineTool({
  name: "create_customer",
  description:
    "Creates a customer (buyer). A reference_customer_id or email already used by another customer is duplicate_customer.",
  input: createCustomerBody,
  output: customerSchema,
  write: true,
  effect: { destructive: false, idempotent: false }, // a second call creates another customer or is refused
  liveOnly: false,
  async run(args, context) {
    const { customer } = await context.upstream.catalog.createCustomer({
      scope: scopeOf(context),
      referenceCustomerId: args.reference_customer_id,
      name: args.name,
      email: args.email,
      isTaxExempt: args.is_tax_exempt,
    });
    if (!customer) throw new Error("catalog answered CreateCustomer without a customer");
    return presentCustomer(customer);
  },
  summarize: (result) => `Created customer ${result.id}${result.is_tax_exempt ? " (tax exempt)" : ""}`,
});
