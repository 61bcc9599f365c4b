import { z } from "zod";
import { merchantSchema, presentMerchant } from "@levy/presenters";
import { merchantIdInput } from "../inputs.js";
import { defineTool } from "../registry.js";
import { findMerchant } from "../scope.js";

export const getMerchant = defineTool({
  name: "get_merchant",
  description: "One merchant by its service ID (merch_...) or your reference_merchant_id.",
  input: z.strictObject({ merchant_id: merchantIdInput }),
  output: merchantSchema,
  write: false,
  liveOnly: false,
  run: async (args, context) => presentMerchant(await findMerchant(context, args.merchant_id)),
  summarize: (result) => `Merchant ${result.id} (${result.reference_merchant_id}): ${result.name}`,
});
