// Wires the catalog service: its own database, the three stores and the RPC surface.
// Product categories are checked against the shared category list (@levy/kit, reference
// data fixed at build time) and merchant addresses against geo-resolver, which owns them.
import { createRpcClient, createRpcTransport, isTaxCategory, startService, type RunningService } from "@levy/kit";
import type { EventBus } from "@levy/events";
import { GeoResolverService } from "@levy/proto/levy/geo_resolver/v1/geo_resolver_pb.js";
import { createAddressCheck } from "./adapters/address-check.js";
import { createCustomerStore } from "./adapters/customer-store.js";
import { createMerchantStore } from "./adapters/merchant-store.js";
import { createProductStore } from "./adapters/product-store.js";
import { catalogSettings } from "./config.js";
import { registerCatalogService } from "./rpc/catalog-service.js";

export interface StartCatalogOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly sharedBus?: EventBus;
}

export function startCatalog(options: StartCatalogOptions = {}): Promise<RunningService> {
  return startService({
    service: "catalog",
    settings: catalogSettings,
    env: options.env,
    sharedBus: options.sharedBus,
    build: async ({ store, config, metrics }) => {
      const geo = createRpcClient(
        GeoResolverService,
        createRpcTransport({ baseUrl: config.geoResolverUrl, interceptors: [metrics.clientInterceptor] }),
      );
      const stores = {
        customers: await createCustomerStore(store),
        products: await createProductStore(store, async (code) => isTaxCategory(code)),
        merchants: await createMerchantStore(store),
      };
      return {
        serviceNames: ["levy.catalog.v1.CatalogService"],
        registerRoutes: (router) => registerCatalogService(router, stores, { checkAddress: createAddressCheck(geo) }),
      };
    },
  });
}
