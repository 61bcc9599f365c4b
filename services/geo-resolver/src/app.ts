// Wires the geo-resolver service: reference data loaded once, then the RPC routes.
import { startService, type RunningService } from "@levy/kit";
import type { EventBus } from "@levy/events";
import { geoResolverSettings } from "./config.js";
import { loadGeoData } from "./loading/load-geo-data.js";
import { geoResolverRoutes } from "./rpc/geo-resolver-service.js";

export interface StartGeoResolverOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly sharedBus?: EventBus;
}

export function startGeoResolver(options: StartGeoResolverOptions = {}): Promise<RunningService> {
  return startService({
    service: "geo-resolver",
    settings: geoResolverSettings,
    env: options.env,
    sharedBus: options.sharedBus,
    build: async ({ config, logger }) => {
      const data = await loadGeoData(config);
      logger.info(data.stats, "geo reference data loaded");
      return {
        serviceNames: ["levy.geo_resolver.v1.GeoResolverService"],
        registerRoutes: geoResolverRoutes(data),
      };
    },
  });
}
