// levy.geo_resolver.v1.GeoResolverService.
import type { ConnectRouter } from "@connectrpc/connect";
import { LevyError } from "@levy/kit";
import { GeoResolverService } from "@levy/proto/levy/geo_resolver/v1/geo_resolver_pb.js";
import { resolveAddress } from "../domain/resolve-address.js";

export function registerGeoResolverService(router: ConnectRouter): void {
  router.service(GeoResolverService, {
    resolveAddress: async (request) => {
      if (!request.address) throw new LevyError("missing_field", "address is required", { field: "address", expected: "object", received: "undefined" });
      const a = request.address;
      const resolution = resolveAddress({
        address_line_1: a.addressLine1,
        address_line_2: a.addressLine2,
        address_city: a.addressCity,
        address_province: a.addressProvince,
        address_postal_code: a.addressPostalCode,
        address_country: a.addressCountry,
        address_type: a.addressType,
      });
      const used = resolution.address_used;
      return {
        addressUsed: {
          addressLine1: used.address_line_1,
          addressLine2: used.address_line_2,
          addressCity: used.address_city,
          addressProvince: used.address_province,
          addressPostalCode: used.address_postal_code,
          addressCountry: used.address_country,
          addressType: used.address_type,
        },
        jurisdictions: resolution.jurisdictions.map((j) => ({ id: j.id, name: j.name, type: j.type, authorityName: j.authority_name })),
        resolutionPrecision: resolution.resolution_precision,
        addressResolutionStatus: resolution.address_resolution_status,
      };
    },
  });
}
