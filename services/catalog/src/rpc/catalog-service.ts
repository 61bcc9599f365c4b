// levy.catalog.v1.CatalogService: customers, products and merchants.
import type { ConnectRouter } from "@connectrpc/connect";
import { CatalogService } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import type { AddressCheck } from "../adapters/address-check.js";
import type { CustomerStore } from "../adapters/customer-store.js";
import type { MerchantStore } from "../adapters/merchant-store.js";
import type { ProductStore } from "../adapters/product-store.js";
import { customerHandlers } from "./customer-handlers.js";
import { merchantHandlers } from "./merchant-handlers.js";
import { productHandlers } from "./product-handlers.js";

export interface CatalogStores {
  readonly customers: CustomerStore;
  readonly products: ProductStore;
  readonly merchants: MerchantStore;
}

/** What catalog's rules ask other services: addresses (geo-resolver). */
export interface CatalogRules {
  readonly checkAddress: AddressCheck;
}

export function registerCatalogService(router: ConnectRouter, stores: CatalogStores, rules: CatalogRules): void {
  router.service(CatalogService, {
    ...customerHandlers(stores.customers),
    ...productHandlers(stores.products),
    ...merchantHandlers(stores.merchants, rules.checkAddress),
  });
}
