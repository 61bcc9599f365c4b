import { z } from "zod";
import { presentProduct, productSchema } from "@levy/presenters";
import { ToolError } from "../tool-error.js";
import { productIdInput } from "../read/get-product.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";
import { productCategoryInput, productNameInput } from "./create-product.js";

export const updateProduct = defineTool({
  name: "update_product",
  description:
    "Changes the name and/or tax category of an existing product; an unknown reference_product_id is product_not_found.",
  input: z.strictObject({
    reference_product_id: productIdInput,
    reference_product_name: productNameInput.optional(),
    product_category: productCategoryInput.optional(),
  }),
  output: productSchema,
  write: true,
  effect: { destructive: true, idempotent: true }, // overwrites fields
  liveOnly: false,
  async run(args, context) {
    if (args.reference_product_name === undefined && args.product_category === undefined) {
      throw new ToolError("invalid_arguments", "give reference_product_name, product_category or both");
    }
    const scope = scopeOf(context);
    const { product: current } = await context.upstream.catalog.getProduct({
      scope,
      referenceProductId: args.reference_product_id,
    });
    if (!current) throw new Error("catalog answered GetProduct without a product");
    const { product } = await context.upstream.catalog.upsertProduct({
      scope,
      referenceProductId: current.referenceProductId,
      referenceProductName: args.reference_product_name ?? current.referenceProductName,
      productCategory: args.product_category ?? current.productCategory,
    });
    if (!product) throw new Error("catalog answered UpsertProduct without a product");
    return presentProduct(product);
  },
  summarize: (result) =>
    `Updated product ${result.reference_product_id}: ${result.reference_product_name} (${result.product_category})`,
});
