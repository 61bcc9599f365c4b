// The address, defined once: the public Address object's fields as a request gives them
// (snake_case, each with its limit), from which the public response schema
// (@levy/presenters), catalog's stored merchants and geo-resolver's rules take their type;
// and the one pair of mappers to and from the common.v1 Address message that carries it
// between services.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { Address, AddressSchema } from "@levy/proto/levy/common/v1/common_pb.js";
import { z } from "zod";
import { countryCodeProblem } from "./country-codes.js";
import { textLimits } from "./limits.js";

/** ISO 3166-1 alpha-2 (kit's list), with a hint for "UK", "EL" and retired codes. */
export const countryCodeBody = z
  .string()
  .trim()
  .superRefine((code, context) => {
    const problem = countryCodeProblem(code);
    if (problem) context.addIssue({ code: "custom", message: problem });
  })
  .describe("ISO 3166-1 alpha-2 country code");

const line = z.string().max(textLimits.addressLine);

/** The Address object in a request body; fields left out are sent as "" (proto3's absent string). */
export const addressBody = z.strictObject({
  address_line_1: line.optional(),
  address_line_2: line.optional(),
  address_city: line.optional(),
  address_province: z.string().max(textLimits.addressProvince).optional(),
  address_postal_code: z.string().max(textLimits.addressPostalCode).optional(),
  address_country: countryCodeBody,
  address_type: z.string().max(textLimits.addressType).optional(),
});

/** An address as a request may give it: the country, anything else optional. */
export type GivenAddressFields = z.infer<typeof addressBody>;

/** Every field set ("" when absent). A type, so a record typed Record<string, string> can hold one. */
export type AddressFields = Required<GivenAddressFields>;

/** A field left out (a request's, or a record's written before the field was copied) is "". */
export function addressMessage(address: Partial<AddressFields>): MessageInitShape<typeof AddressSchema> {
  return {
    addressLine1: address.address_line_1 ?? "",
    addressLine2: address.address_line_2 ?? "",
    addressCity: address.address_city ?? "",
    addressProvince: address.address_province ?? "",
    addressPostalCode: address.address_postal_code ?? "",
    addressCountry: address.address_country ?? "",
    addressType: address.address_type ?? "",
  };
}

export function addressFields(address: Address): AddressFields {
  return {
    address_line_1: address.addressLine1,
    address_line_2: address.addressLine2,
    address_city: address.addressCity,
    address_province: address.addressProvince,
    address_postal_code: address.addressPostalCode,
    address_country: address.addressCountry,
    address_type: address.addressType,
  };
}
