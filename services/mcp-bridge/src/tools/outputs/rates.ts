// The rate lookup as lookup_tax_rate returns it (the same JSON as GET /tax/rates).
import { z } from "zod";

const addressOutput = z
  .object({
    address_line_1: z.string(),
    address_line_2: z.string(),
    address_city: z.string(),
    address_province: z.string(),
    address_postal_code: z.string(),
    address_country: z.string(),
    address_type: z.string().optional(),
  })
  .nullable();

export const rateLookupOutput = z.object({
  object: z.literal("tax.rate_lookup"),
  date: z.string().describe("the UTC day the rates are in force, YYYY-MM-DD"),
  product_category: z.string(),
  amount: z.number().int().describe("the unit price the rules were evaluated at, minor units"),
  currency_code: z.string(),
  address_used: addressOutput,
  resolution_precision: z.string(),
  rate_coverage: z
    .string()
    .describe("FULL, PARTIAL (some local taxes may be missing), STATE_ONLY, UNSUPPORTED, or ZERO"),
  combined_rate: z.number().describe("sum of the jurisdictions' rates, a fraction (0.08875 = 8.875 %)"),
  jurisdictions: z.array(
    z.object({
      tax_rate: z.number(),
      tax_due_decimal: z.number().int(),
      fee_amount: z.number().int(),
      rate_type: z.string(),
      tax_authority_name: z.string(),
      tax_authority_type: z.string(),
      tax_type: z.string(),
      jurisdiction_name: z.string(),
      jurisdiction_id: z.string(),
      note: z.string().optional(),
    }),
  ),
  testmode: z.boolean(),
});
