// Wires the geo-resolver service.
import { startService, type RunningService } from "@levy/kit";
import type { EventBus } from "@levy/events";
import { geoResolverSettings } from "./config.js";
import { registerGeoResolverService } from "./rpc/geo-resolver-service.js";

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
    build: async () => ({
      serviceNames: ["levy.geo_resolver.v1.GeoResolverService"],
      registerRoutes: registerGeoResolverService,
    }),
  });
}
