// Whether a merchant's default_address can be placed by the rules calculations use. The
// geo-resolver owns those rules (a ZIP of another state, a postal code of another
// province, a ZIP it cannot place), so catalog asks it when the address is written
// instead of letting a later calculation fail on it.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { Client } from "@connectrpc/connect";
import { nestFieldError } from "@levy/kit";
import type { AddressSchema } from "@levy/proto/levy/common/v1/common_pb.js";
import type { GeoResolverService } from "@levy/proto/levy/geo_resolver/v1/geo_resolver_pb.js";
import type { MerchantAddress } from "../domain/merchant.js";

/** A stored merchant address as the shared Address message (the one mapper back). */
export function addressMessage(address: MerchantAddress): MessageInitShape<typeof AddressSchema> {
  return {
    addressLine1: address.address_line_1,
    addressLine2: address.address_line_2,
    addressCity: address.address_city,
    addressProvince: address.address_province,
    addressPostalCode: address.address_postal_code,
    addressCountry: address.address_country,
    addressType: address.address_type,
  };
}

/** Resolves without a value when the address can be placed; else the field error under `path`. */
export type AddressCheck = (address: MerchantAddress, path: string) => Promise<void>;

export function createAddressCheck(geo: Client<typeof GeoResolverService>): AddressCheck {
  return async (address, path) => {
    try {
      await geo.resolveAddress({ address: addressMessage(address) });
    } catch (error) {
      throw nestFieldError(error, path);
    }
  };
}
