import { identifierText, refuseExemptionOfDeletedBuyer } from "@levy/kit";
import { customerSchema, presentCustomer, updateCustomerBody } from "@levy/presenters";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";
import { ToolError } from "../tool-error.js";

export const updateCustomer = defineTool({
  name: "update_customer",
  description:
    "Changes a customer's name, email, reference_customer_id or tax-exempt flag (only the fields given). Making a customer tax exempt changes the tax of every later calculation for them.",
  input: updateCustomerBody.extend({
    customer_id: identifierText().describe("customer service ID (cust_...) or your reference_customer_id"),
  }),
  output: customerSchema,
  write: true,
  effect: { destructive: true, idempotent: true }, // overwrites fields
  liveOnly: false,
  async run(args, context) {
    const { customer_id: customerId, ...fields } = args;
    if (Object.values(fields).every((value) => value === undefined))
      throw new ToolError(
        "invalid_arguments",
        "give at least one of reference_customer_id, name, email, is_tax_exempt",
      );
    const scope = scopeOf(context);
    await refuseExemptionOfDeletedBuyer(context.upstream, scope, customerId, fields.is_tax_exempt);
    const { customer } = await context.upstream.catalog.updateCustomer({
      scope,
      customerId,
      referenceCustomerId: fields.reference_customer_id,
      name: fields.name,
      email: fields.email,
      isTaxExempt: fields.is_tax_exempt,
    });
    if (!customer) throw new Error("catalog answered UpdateCustomer without a customer");
    return presentCustomer(customer);
  },
  summarize: (result) => `Updated customer ${result.id}${result.is_tax_exempt ? " (tax exempt)" : ""}`,
});
