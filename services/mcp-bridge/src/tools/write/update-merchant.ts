import { merchantSchema, presentMerchant, updateMerchantBody, updateMerchantMessage } from "@levy/presenters";
import { merchantIdInput } from "../inputs.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";
import { ToolError } from "../tool-error.js";

export const updateMerchant = defineTool({
  name: "update_merchant",
  description:
    "Changes a merchant's name, email, default_address or tax_ids as POST /tax/merchants/{merchant_id} does (only the fields given; tax_ids replaces the whole list, [] clears it). The default_address is the origin of the merchant's later platform calculations.",
  input: updateMerchantBody.extend({ merchant_id: merchantIdInput }),
  output: merchantSchema,
  write: true,
  effect: { destructive: true, idempotent: true }, // overwrites fields
  liveOnly: false,
  async run(args, context) {
    const { merchant_id: merchantId, ...fields } = args;
    if (Object.values(fields).every((value) => value === undefined))
      throw new ToolError("invalid_arguments", "give at least one of name, email, default_address, tax_ids");
    const { merchant } = await context.upstream.catalog.updateMerchant({
      scope: scopeOf(context),
      merchantId,
      ...updateMerchantMessage(fields),
    });
    if (!merchant) throw new Error("catalog answered UpdateMerchant without a merchant");
    return presentMerchant(merchant);
  },
  summarize: (result) => `Updated merchant ${result.id} (${result.reference_merchant_id}): ${result.name}`,
});
