// The address as the public JSON, catalog's stored merchants and geo-resolver's rules
// spell it (snake_case fields), and the one pair of mappers to and from the common.v1
// Address message that carries it between services.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { Address, AddressSchema } from "@levy/proto/levy/common/v1/common_pb.js";

// A type, not an interface, so a record typed Record<string, string> can hold one.
export type AddressFields = {
  address_line_1: string;
  address_line_2: string;
  address_city: string;
  address_province: string;
  address_postal_code: string;
  address_country: string;
  address_type: string;
};

/** Fields a request may leave out are sent as "" (proto3's absent string). */
export type GivenAddressFields = Pick<AddressFields, "address_country"> &
  Partial<Record<Exclude<keyof AddressFields, "address_country">, string | undefined>>;

export function addressMessage(address: GivenAddressFields): MessageInitShape<typeof AddressSchema> {
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
