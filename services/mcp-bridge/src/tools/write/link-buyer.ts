// Links an existing master buyer to a customer (certificates' LinkBuyer), replacing any
// earlier link; certificates and requests of the buyer then show that customer.
import { identifierText } from "@levy/kit";
import { z } from "zod";
import { buyerSchema, presentBuyerRecord } from "@levy/presenters";
import { customerSelectorInput, selectorOf } from "../certificate-scope.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const linkBuyer = defineTool({
  name: "link_buyer",
  description:
    "Links a master buyer (live mode only) to a customer by ID and/or reference_customer_id; both given must name the same customer (else buyer_identity_conflict).",
  input: z.strictObject({
    buyer_id: identifierText(100).describe("master buyer ID (buyer_...)"),
    customer: customerSelectorInput.refine(
      (value) => value.id !== undefined || value.reference_customer_id !== undefined,
      "give id or reference_customer_id",
    ),
  }),
  output: buyerSchema,
  write: true,
  effect: { destructive: true, idempotent: true }, // replaces the buyer's earlier link
  liveOnly: true,
  async run(args, context) {
    const { buyer } = await context.upstream.certificates.linkBuyer({
      scope: scopeOf(context),
      buyerId: args.buyer_id,
      customer: selectorOf(args.customer),
    });
    if (!buyer) throw new Error("certificates answered LinkBuyer without a buyer");
    return presentBuyerRecord(buyer);
  },
  summarize: (result) =>
    `Buyer ${result.id} (${result.legal_name}) linked to ${result.customer?.id ?? result.customer?.reference_customer_id ?? "nobody"}`,
});
