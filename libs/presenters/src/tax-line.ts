// The public JSON of a line's product and tax jurisdictions, shared by calculations and
// transactions/refunds (one common.v1 message each; only calculations fill `note`).
import type { LineProduct as LineProductMessage, TaxJurisdiction } from "@levy/proto/levy/common/v1/common_pb.js";
import { z } from "zod";

const int = z.number().int();

export const jurisdictionSchema = z.object({
  tax_rate: z.number(),
  tax_due_decimal: int,
  fee_amount: int,
  rate_type: z.string(),
  tax_authority_name: z.string(),
  tax_authority_type: z.string(),
  tax_type: z.string(),
  jurisdiction_name: z.string(),
  jurisdiction_id: z.string(),
  note: z.string().optional(),
});
export type Jurisdiction = z.infer<typeof jurisdictionSchema>;

export const lineProductSchema = z.object({
  reference_line_item_id: z.string(),
  reference_product_id: z.string(),
  reference_product_name: z.string(),
  product_tax_code: z.string(),
});
export type LineProduct = z.infer<typeof lineProductSchema>;
export function presentLineProduct(product: LineProductMessage | undefined): LineProduct {
  return {
    reference_line_item_id: product?.referenceLineItemId ?? "",
    reference_product_id: product?.referenceProductId ?? "",
    reference_product_name: product?.referenceProductName ?? "",
    product_tax_code: product?.productTaxCode ?? "",
  };
}

export function presentJurisdiction(entry: TaxJurisdiction): Jurisdiction {
  return {
    tax_rate: entry.taxRate,
    tax_due_decimal: Number(entry.taxDueDecimal),
    fee_amount: Number(entry.feeAmount),
    rate_type: entry.rateType,
    tax_authority_name: entry.taxAuthorityName,
    tax_authority_type: entry.taxAuthorityType,
    tax_type: entry.taxType,
    jurisdiction_name: entry.jurisdictionName,
    jurisdiction_id: entry.jurisdictionId,
    ...(entry.note ? { note: entry.note } : {}),
  };
}
