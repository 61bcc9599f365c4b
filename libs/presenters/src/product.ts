// The public product (`object` = `tax.product`), keyed by the caller's reference id, and
// its request body (POST creates or updates).
import { identifierText, textLimits } from "@levy/kit";
import type { Product as ProductMessage } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import { z } from "zod";

export const productSchema = z.object({
  object: z.literal("tax.product"),
  reference_product_id: z.string(),
  reference_product_name: z.string(),
  product_category: z.string(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  testmode: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export const productBody = z.strictObject({
  reference_product_id: identifierText(),
  reference_product_name: z.string().trim().min(1).max(textLimits.productName),
  product_category: z.string().trim().min(1).max(textLimits.productCategory),
});

export function presentProduct(product: ProductMessage): Product {
  return {
    object: "tax.product",
    reference_product_id: product.referenceProductId,
    reference_product_name: product.referenceProductName,
    product_category: product.productCategory,
    created_at: Number(product.createdAt),
    updated_at: Number(product.updatedAt),
    testmode: !product.livemode,
  };
}
