// The public Address and Tax ID objects (spec: Address object, Tax ID object): as
// responses show them and as request bodies give them. `address_type` only when set.
import { addressFields, countryCodeProblem, textLimits } from "@levy/kit";
import type { Address as AddressMessage } from "@levy/proto/levy/common/v1/common_pb.js";
import { z } from "zod";

export const addressSchema = z.object({
  address_line_1: z.string(),
  address_line_2: z.string(),
  address_city: z.string(),
  address_province: z.string(),
  address_postal_code: z.string(),
  address_country: z.string(),
  address_type: z.string().optional(),
});
export type Address = z.infer<typeof addressSchema>;

const line = z.string().max(textLimits.addressLine);

/** ISO 3166-1 alpha-2 (kit's list), with a hint for "UK", "EL" and retired codes. */
export const countryCodeBody = z
  .string()
  .trim()
  .superRefine((code, context) => {
    const problem = countryCodeProblem(code);
    if (problem) context.addIssue({ code: "custom", message: problem });
  })
  .describe("ISO 3166-1 alpha-2 country code");

export const addressBody = z.strictObject({
  address_line_1: line.optional(),
  address_line_2: line.optional(),
  address_city: line.optional(),
  address_province: z.string().max(textLimits.addressProvince).optional(),
  address_postal_code: z.string().max(textLimits.addressPostalCode).optional(),
  address_country: countryCodeBody,
  address_type: z.string().max(textLimits.addressType).optional(),
});

export const taxIdSchema = z.object({ type: z.string(), value: z.string() });

export const taxIdBody = z.strictObject({
  type: z.string().trim().min(1).max(textLimits.taxIdType),
  value: z.string().trim().min(1).max(textLimits.taxIdValue),
});

export function presentAddress(address: AddressMessage | undefined): Address | null {
  if (!address) return null;
  const { address_type, ...fields } = addressFields(address);
  return { ...fields, ...(address_type ? { address_type } : {}) };
}
