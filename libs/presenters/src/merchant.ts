// The public merchant (a seller on a platform; `object` = `tax.merchant`).
import type { Merchant } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import { presentAddress } from "./address.js";

export function presentMerchant(merchant: Merchant) {
  return {
    object: "tax.merchant" as const,
    id: merchant.id,
    reference_merchant_id: merchant.referenceMerchantId,
    name: merchant.name,
    email: merchant.email || null,
    default_address: presentAddress(merchant.defaultAddress),
    tax_ids: merchant.taxIds.map((taxId) => ({ type: taxId.type, value: taxId.value })),
    created_at: Number(merchant.createdAt),
    updated_at: Number(merchant.updatedAt),
    testmode: !merchant.livemode,
  };
}
