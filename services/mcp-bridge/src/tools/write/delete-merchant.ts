import { z } from "zod";
import { deletedWithIdSchema, presentDeletedWithId } from "@levy/presenters";
import { merchantIdInput } from "../inputs.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const deleteMerchant = defineTool({
  name: "delete_merchant",
  description:
    "Deletes a merchant as DELETE /tax/merchants/{merchant_id} does: it is gone from reads and its reference_merchant_id may be used again; its recorded transactions stay. A second call is merchant_not_found.",
  input: z.strictObject({ merchant_id: merchantIdInput }),
  output: deletedWithIdSchema("tax.merchant"),
  write: true,
  effect: { destructive: true, idempotent: true },
  liveOnly: false,
  async run(args, context) {
    const deleted = await context.upstream.catalog.deleteMerchant({
      scope: scopeOf(context),
      merchantId: args.merchant_id,
    });
    return presentDeletedWithId("tax.merchant", deleted);
  },
  summarize: (result) => `Deleted merchant ${result.id}`,
});
