// levy.geo_resolver.v1.GeoResolverService.
import type { ConnectRouter } from "@connectrpc/connect";
import { LevyError } from "@levy/kit";
import type { Address } from "@levy/proto/levy/common/v1/common_pb.js";
import { GeoResolverService } from "@levy/proto/levy/geo_resolver/v1/geo_resolver_pb.js";
import type { AddressResolution } from "../domain/address-resolution.js";
import type { AddressInput } from "../domain/normalize-address.js";
import type { AddressResolver } from "../domain/resolve-address.js";
import type { LocationResolver } from "../domain/resolve-location.js";

export interface GeoResolvers {
  readonly addresses: AddressResolver;
  readonly locations: LocationResolver;
}

function addressInput(a: Address): AddressInput {
  return {
    address_line_1: a.addressLine1,
    address_line_2: a.addressLine2,
    address_city: a.addressCity,
    address_province: a.addressProvince,
    address_postal_code: a.addressPostalCode,
    address_country: a.addressCountry,
    address_type: a.addressType,
  };
}

function toMessage(resolution: AddressResolution) {
  const used = resolution.address_used;
  return {
    countyAmbiguous: resolution.county_ambiguous ?? false,
    addressUsed: {
      addressLine1: used.address_line_1,
      addressLine2: used.address_line_2,
      addressCity: used.address_city,
      addressProvince: used.address_province,
      addressPostalCode: used.address_postal_code,
      addressCountry: used.address_country,
      addressType: used.address_type,
    },
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
        return toMessage(resolvers.addresses.resolve(addressInput(request.address)));
      },
      resolveLocation: async (request) => {
        const resolution = resolvers.locations.resolve({
          address: request.address ? addressInput(request.address) : undefined,
          ip: request.ip ? { value: request.ip.value, resolution: request.ip.resolution } : undefined,
        });
        return { ...toMessage(resolution), locationSource: resolution.location_source, zeroRate: resolution.zero_rate };
      },
    });
  };
}
