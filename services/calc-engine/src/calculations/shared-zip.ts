// A ZIP that lies in two states, named with the state that geo-resolver's ZIP data does
// not give it: when an imported rate table of the address's state has a row for the ZIP,
// that row decides (the table's state is the address's), so the address is placed in
// its state instead of being refused as a contradiction.
import type { Client } from "@connectrpc/connect";
import { fromConnectError } from "@levy/kit";
import type { Address } from "@levy/proto/levy/common/v1/common_pb.js";
import type { GeoResolverService, ResolveLocationResponse } from "@levy/proto/levy/geo_resolver/v1/geo_resolver_pb.js";
import type { ZipRateLookup } from "./jurisdiction-plan.js";

function isZipOfAnotherState(error: unknown): boolean {
  const levy = fromConnectError(error);
  return (
    levy.code === "invalid_address" &&
    levy.meta?.reason === "contradiction" &&
    levy.meta?.field === "address_postal_code"
  );
}

/**
 * The address placed by its state alone, with the ZIP kept, when `error` is geo-resolver
 * refusing the ZIP as another state's and the state's imported table lists the ZIP;
 * undefined otherwise (the caller rethrows).
 */
export async function placeByStateTable(
  geo: Client<typeof GeoResolverService>,
  zipRates: ZipRateLookup | undefined,
  address: Address | undefined,
  day: string,
  error: unknown,
): Promise<ResolveLocationResponse | undefined> {
  const zip5 = address?.addressPostalCode.slice(0, 5) ?? "";
  if (!zipRates || !address || address.addressProvince === "" || !/^\d{5}$/.test(zip5)) return undefined;
  if (!isZipOfAnotherState(error)) return undefined;
  const byState = await geo.resolveLocation({ address: { ...address, addressPostalCode: "" } });
  const used = byState.addressUsed;
  if (used?.addressCountry !== "US" || !zipRates(used.addressProvince, zip5, day)) return undefined;
  // Responses may be frozen (in-process RPC): copies with the ZIP kept.
  return {
    ...byState,
    addressUsed: { ...used, addressPostalCode: address.addressPostalCode },
    resolutionPrecision: "POSTAL",
    addressResolutionStatus: "POSTAL_ONLY",
  };
}
