import { deletedSchema } from "@levy/presenters";
import { z } from "zod";
import { productIdInput } from "../read/get-product.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const deleteProduct = defineTool({
  name: "delete_product",
  description: "Deletes a product by its reference_product_id; an unknown one is product_not_found.",
  input: z.strictObject({ reference_product_id: productIdInput }),
  // REST's deleted product, plus which product it was (a tool result stands alone).
  output: deletedSchema("tax.product").extend({ reference_product_id: z.string() }),
  write: true,
  effect: { destructive: true, idempotent: true },
  liveOnly: false,
  async run(args, context) {
    const deleted = await context.upstream.catalog.deleteProduct({
      scope: scopeOf(context),
      referenceProductId: args.reference_product_id,
    });
    return {
      object: "tax.product" as const,
      reference_product_id: args.reference_product_id,
      deleted_at: Number(deleted.deletedAt),
    };
  },
  summarize: (result) => `Deleted product ${result.reference_product_id}`,
});
