import { createMerchantBody, createMerchantMessage, merchantSchema, presentMerchant } from "@levy/presenters";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const createMerchant = defineTool({
  name: "create_merchant",
  description:
    "Creates a merchant (a seller on your platform) as POST /tax/merchants does. reference_merchant_id is yours and cannot change; one already used by a merchant that is not deleted is duplicate_reference_id. default_address must be a place Levy can locate (else invalid_address); tax_ids are checked per type.",
  input: createMerchantBody,
  output: merchantSchema,
  write: true,
  effect: { destructive: false, idempotent: false }, // a second call is refused (duplicate_reference_id)
  liveOnly: false,
  async run(args, context) {
    const { merchant } = await context.upstream.catalog.createMerchant({
      scope: scopeOf(context),
      ...createMerchantMessage(args),
    });
    if (!merchant) throw new Error("catalog answered CreateMerchant without a merchant");
    return presentMerchant(merchant);
  },
  summarize: (result) => `Created merchant ${result.id} (${result.reference_merchant_id}): ${result.name}`,
});
