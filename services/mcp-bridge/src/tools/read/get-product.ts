import { identifierText } from "@levy/kit";
import { z } from "zod";
import { presentProduct, productSchema } from "@levy/presenters";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const productIdInput = identifierText().describe("your reference_product_id");

export const getProduct = defineTool({
  name: "get_product",
  description: "One product by its reference_product_id, with its tax category.",
  input: z.strictObject({ reference_product_id: productIdInput }),
  output: productSchema,
  write: false,
  liveOnly: false,
  async run(args, context) {
    const { product } = await context.upstream.catalog.getProduct({
      scope: scopeOf(context),
      referenceProductId: args.reference_product_id,
    });
    if (!product) throw new Error("catalog answered GetProduct without a product");
    return presentProduct(product);
  },
  summarize: (result) =>
    `Product ${result.reference_product_id} (${result.reference_product_name}): ${result.product_category}`,
});
