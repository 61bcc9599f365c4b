// The public Address object (spec: Address object). `address_type` only when set.
import type { Address } from "@levy/proto/levy/common/v1/common_pb.js";

export function presentAddress(address: Address | undefined) {
  if (!address) return null;
  return {
    address_line_1: address.addressLine1,
    address_line_2: address.addressLine2,
    address_city: address.addressCity,
    address_province: address.addressProvince,
    address_postal_code: address.addressPostalCode,
    address_country: address.addressCountry,
    ...(address.addressType ? { address_type: address.addressType } : {}),
  };
}
