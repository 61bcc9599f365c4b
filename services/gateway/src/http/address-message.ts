// The public Address (as @levy/presenters' addressBody reads it) → the common.v1 message.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { AddressSchema } from "@levy/proto/levy/common/v1/common_pb.js";
import type { addressBody } from "@levy/presenters";
import type { z } from "zod";

export function addressMessage(address: z.output<typeof addressBody>): MessageInitShape<typeof AddressSchema> {
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
