// Whether a merchant's default_address can be placed by the rules calculations use. The
// geo-resolver owns those rules (a ZIP of another state, a postal code of another
// province, a ZIP it cannot place), so catalog asks it when the address is written
// instead of letting a later calculation fail on it.
import type { Client } from "@connectrpc/connect";
import { addressMessage, nestFieldError } from "@levy/kit";
import type { GeoResolverService } from "@levy/proto/levy/geo_resolver/v1/geo_resolver_pb.js";
import type { MerchantAddress } from "../domain/merchant.js";

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
