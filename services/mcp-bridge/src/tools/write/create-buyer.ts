// A master buyer, as the admin API's POST /admin/v1/accounts/{id}/buyers (the same RPC).
import { z } from "zod";
import { buyerSchema, presentBuyerRecord, buyerBody } from "@levy/presenters";
import { customerSelectorInput, selectorOf } from "../certificate-scope.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const createBuyer = defineTool({
  name: "create_buyer",
  description:
    "Creates a master buyer (live mode only) with its legal name, optionally linked to a customer by ID and/or reference_customer_id (a reference that names no customer yet is kept and applies once it exists).",
  input: z.strictObject({ legal_name: buyerBody.shape.legal_name, customer: customerSelectorInput.optional() }),
  output: buyerSchema,
  write: true,
  effect: { destructive: false, idempotent: false }, // a new buyer each call
  liveOnly: true,
  async run(args, context) {
    const { buyer } = await context.upstream.certificates.createBuyer({
      scope: scopeOf(context),
      legalName: args.legal_name,
      customer: selectorOf(args.customer),
    });
    if (!buyer) throw new Error("certificates answered CreateBuyer without a buyer");
    return presentBuyerRecord(buyer);
  },
  summarize: (result) =>
    `Buyer ${result.id} (${result.legal_name}) created${result.customer ? `, linked to ${result.customer.id ?? result.customer.reference_customer_id}` : ""}`,
});
