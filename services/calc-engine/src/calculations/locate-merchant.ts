// Where a platform's merchant is (its stored default_address), to tax the platform's fees.
// Catalog refuses an address that cannot be placed when it is written, but one stored
// before that check, or one the address data no longer places, still fails here: the
// error then names the merchant's address, not the customer's.
import type { Client } from "@connectrpc/connect";
import { nestFieldError } from "@levy/kit";
import type { Address } from "@levy/proto/levy/common/v1/common_pb.js";
import type { GeoResolverService, ResolveLocationResponse } from "@levy/proto/levy/geo_resolver/v1/geo_resolver_pb.js";

export async function locateMerchant(
  geo: Client<typeof GeoResolverService>,
  defaultAddress: Address,
): Promise<ResolveLocationResponse> {
  try {
    return await geo.resolveLocation({ address: defaultAddress });
  } catch (error) {
    throw nestFieldError(error, "merchant.default_address");
  }
}
