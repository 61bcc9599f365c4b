// levy.geo_resolver.v1.GeoResolverService.
import type { ConnectRouter } from "@connectrpc/connect";
import { LevyError, addressFields, addressMessage } from "@levy/kit";
import { GeoResolverService } from "@levy/proto/levy/geo_resolver/v1/geo_resolver_pb.js";
import type { AddressResolution } from "../domain/address-resolution.js";
import type { AddressResolver } from "../domain/resolve-address.js";
import type { LocationResolver } from "../domain/resolve-location.js";

export interface GeoResolvers {
  readonly addresses: AddressResolver;
  readonly locations: LocationResolver;
}

function toMessage(resolution: AddressResolution) {
  return {
    countyAmbiguous: resolution.county_ambiguous ?? false,
    addressUsed: addressMessage(resolution.address_used),
    jurisdictions: resolution.jurisdictions.map((j) => ({
      id: j.id,
      name: j.name,
      type: j.type,
      authorityName: j.authority_name,
      source: j.source,
    })),
    resolutionPrecision: resolution.resolution_precision,
    addressResolutionStatus: resolution.address_resolution_status,
  };
}

export function geoResolverRoutes(resolvers: GeoResolvers): (router: ConnectRouter) => void {
  return (router) => {
    router.service(GeoResolverService, {
      resolveAddress: async (request) => {
        if (!request.address)
          throw new LevyError("missing_field", "address is required", {
            field: "address",
            expected: "object",
            received: "undefined",
          });
        return toMessage(resolvers.addresses.resolve(addressFields(request.address)));
      },
      resolveLocation: async (request) => {
        const resolution = resolvers.locations.resolve({
          address: request.address ? addressFields(request.address) : undefined,
          ip: request.ip ? { value: request.ip.value, resolution: request.ip.resolution } : undefined,
        });
        return { ...toMessage(resolution), locationSource: resolution.location_source, zeroRate: resolution.zero_rate };
      },
    });
  };
}
