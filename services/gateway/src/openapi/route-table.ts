// Every REST route the gateway serves, as the OpenAPI document shows it. Adding a route:
// add its entry to the area's file here (or a new file listed below) with the schemas
// from @levy/presenters; openapi.test.ts fails while express serves a route not listed.
import { adminRoutes } from "./admin-routes.js";
import { catalogRoutes } from "./catalog-routes.js";
import { certificateRoutes } from "./certificate-routes.js";
import { ledgerRoutes } from "./ledger-routes.js";
import { metaRoutes } from "./meta-routes.js";
import { readRoutes } from "./read-routes.js";
import { webhookRoutes } from "./webhook-routes.js";
import type { RouteSpec } from "./route-spec.js";

export const routeTable: readonly RouteSpec[] = [
  ...metaRoutes,
  ...catalogRoutes,
  ...ledgerRoutes,
  ...readRoutes,
  ...webhookRoutes,
  ...certificateRoutes,
  ...adminRoutes,
];
