import { z } from "zod";
import { presentProduct, productBody, productSchema } from "@levy/presenters";
import { productIdInput } from "../read/get-product.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

// The same fields as POST /tax/products (@levy/presenters productBody).
export const productNameInput = productBody.shape.reference_product_name.describe("product name");
export const productCategoryInput = productBody.shape.product_category.describe(
  "tax category code, one of list_tax_categories",
);

export const createProduct = defineTool({
  name: "create_product",
  description:
    "Creates a product with a tax category; when the reference_product_id exists, its name and category are replaced (as POST /tax/products). created tells which happened.",
  input: z.strictObject({
    reference_product_id: productIdInput,
    reference_product_name: productNameInput,
    product_category: productCategoryInput,
  }),
  output: z.object({ product: productSchema, created: z.boolean() }),
  write: true,
  effect: { destructive: true, idempotent: true }, // replaces the name and category of an existing reference ID
  liveOnly: false,
  async run(args, context) {
    const { product, created } = await context.upstream.catalog.upsertProduct({
      scope: scopeOf(context),
      referenceProductId: args.reference_product_id,
      referenceProductName: args.reference_product_name,
      productCategory: args.product_category,
    });
    if (!product) throw new Error("catalog answered UpsertProduct without a product");
    return { product: presentProduct(product), created };
  },
  summarize: (result) =>
    `${result.created ? "Created" : "Updated"} product ${result.product.reference_product_id} (${result.product.product_category})`,
});
