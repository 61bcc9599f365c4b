// Wires the catalog service: its own database, the customer store and the RPC surface.
import { startService, type RunningService } from "@levy/kit";
import type { EventBus } from "@levy/events";
import { createCustomerStore } from "./adapters/customer-store.js";
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
    build: async ({ store }) => {
      const customers = await createCustomerStore(store);
      return {
        serviceNames: ["levy.catalog.v1.CatalogService"],
        registerRoutes: (router) => registerCatalogService(router, customers),
      };
    },
  });
}
