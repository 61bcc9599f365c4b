import { identifierText } from "@levy/kit";
import { z } from "zod";
import { presentCustomer } from "@levy/presenters";
import { customerOutput } from "../outputs/catalog.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

/** The customer fields a caller sets, as POST /tax/customers takes them. */
export const customerFieldInputs = {
  reference_customer_id: identifierText().describe("your ID for the customer; unique in the account and mode"),
  name: z.string().trim().max(255),
  email: z.string().trim().max(320).describe("unique in the account and mode"),
  is_tax_exempt: z.boolean().describe("true: every calculation for this customer is tax exempt"),
};

export const createCustomer = defineTool({
  name: "create_customer",
  description:
    "Creates a customer (buyer). A reference_customer_id or email already used by another customer is duplicate_customer.",
  input: z.strictObject({
    reference_customer_id: customerFieldInputs.reference_customer_id.optional(),
    name: customerFieldInputs.name.optional(),
    email: customerFieldInputs.email.optional(),
    is_tax_exempt: customerFieldInputs.is_tax_exempt.default(false),
  }),
  output: customerOutput,
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
