// The public product (`object` = `tax.product`), keyed by the caller's reference id.
import type { Product } from "@levy/proto/levy/catalog/v1/catalog_pb.js";

export function presentProduct(product: Product) {
  return {
    object: "tax.product" as const,
    reference_product_id: product.referenceProductId,
    reference_product_name: product.referenceProductName,
    product_category: product.productCategory,
    created_at: Number(product.createdAt),
    updated_at: Number(product.updatedAt),
    testmode: !product.livemode,
  };
}
