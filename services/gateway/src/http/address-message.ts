// The public Address and Tax ID objects as request schemas (the response side is
// @levy/presenters' presentAddress).
import { countryCodeProblem } from "@levy/kit";
import { z } from "zod";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { AddressSchema } from "@levy/proto/levy/common/v1/common_pb.js";

const line = z.string().max(200);

export const addressSchema = z.strictObject({
  address_line_1: line.optional(),
  address_line_2: line.optional(),
  address_city: line.optional(),
  address_province: z.string().max(50).optional(),
  address_postal_code: z.string().max(20).optional(),
  // ISO 3166-1 alpha-2 (kit's list), with a hint for "UK", "EL" and retired codes.
  address_country: z
    .string()
    .trim()
    .superRefine((code, context) => {
      const problem = countryCodeProblem(code);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  address_type: z.string().max(30).optional(),
});

export const taxIdSchema = z.strictObject({
  type: z.string().trim().min(1).max(30),
  value: z.string().trim().min(1).max(50),
});

export function addressMessage(address: z.output<typeof addressSchema>): MessageInitShape<typeof AddressSchema> {
  return {
    addressLine1: address.address_line_1 ?? "",
    addressLine2: address.address_line_2 ?? "",
    addressCity: address.address_city ?? "",
    addressProvince: address.address_province ?? "",
    addressPostalCode: address.address_postal_code ?? "",
    addressCountry: address.address_country,
    addressType: address.address_type ?? "",
  };
}
