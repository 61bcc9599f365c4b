// The gateway's express application: request id → metrics → ops endpoints → API version
// → GET /openapi.json (no key) → admin API / authenticated /tax API (each reads its JSON
// body once the caller is known) → JSON 405 or 404 → one error handler.
import express, { type NextFunction, type Request, type Response } from "express";
import type { Client } from "@connectrpc/connect";
import {
  LevyError,
  REQUEST_ID_HEADER,
  fromConnectError,
  isLevyError,
  requestIdFrom,
  runWithRequestContext,
  type Logger,
  type OpsEndpoints,
} from "@levy/kit";
import type { Registry } from "prom-client";
import type { CalcEngineService } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import type { CatalogService } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import type { LedgerService } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import type { CertificatesService } from "@levy/proto/levy/certificates/v1/certificates_pb.js";
import { certificateAdminRoutes } from "./certificate-admin-routes.js";
import { certificateRequestRoutes, certificateRoutes, certificateUploadRoutes } from "./certificate-routes.js";
import { documentRoutes, type DocumentLinks } from "./document-links.js";
import type { IdempotencyStore } from "../adapters/idempotency-store.js";
import { filingRoutes, salesSummaryRoutes } from "./filing-routes.js";
import { rateRoutes } from "./rate-routes.js";
import { type RestRateLimit, restRateLimit } from "./rest-rate-limit.js";
import { idempotency } from "./idempotency.js";
import {
  platformTransactionRoutes,
  refundReversalRoutes,
  refundRoutes,
  transactionRoutes,
} from "./transaction-routes.js";
import type { KeyStore } from "../adapters/key-store.js";
import { currentApiVersion } from "../domain/api-versions.js";
import { openApiDocument } from "../openapi/openapi-document.js";
import { adminRoutes, requireAdmin } from "./admin-routes.js";
import { allowedMethods } from "./allowed-methods.js";
import { parseApiVersionHeader } from "./api-version.js";
import { authenticate } from "./authenticate.js";
import { calculationRoutes, platformCalculationRoutes } from "./calculation-routes.js";
import { customerRoutes } from "./customer-routes.js";
import { merchantRoutes } from "./merchant-routes.js";
import { productRoutes } from "./product-routes.js";
import { sendError } from "./error-response.js";
import { httpMetrics } from "./http-metrics.js";
import { jsonBody } from "./json-body.js";
import { useLeanJsonResponses } from "./json-response.js";
import { stateOf } from "./request-state.js";
import { webhookRoutes, type UrlHosts } from "./webhook-routes.js";
import type { WebhookStore } from "../webhooks/webhook-store.js";

export interface GatewayHttpOptions {
  readonly keyStore: KeyStore;
  readonly adminToken: string;
  readonly logger: Logger;
  readonly registry: Registry;
  readonly ops: OpsEndpoints;
  readonly upstream: {
    readonly catalog: Client<typeof CatalogService>;
    readonly calcEngine: Client<typeof CalcEngineService>;
    readonly ledger: Client<typeof LedgerService>;
  };
  readonly idempotencyStore: IdempotencyStore;
  readonly certificates: {
    readonly client: Client<typeof CertificatesService>;
    readonly intake: Client<typeof CertificatesService>;
    readonly documents: Client<typeof CertificatesService>;
    readonly links: DocumentLinks;
  };
  readonly webhooks: { readonly store: WebhookStore; readonly hosts: UrlHosts };
  /** Largest accepted JSON body, e.g. "1mb". */
  readonly bodyLimit: string;
  /** The REST limit per account and mode; absent = none. */
  readonly restRateLimit?: RestRateLimit;
}

function bodyParseError(error: unknown): LevyError | null {
  const type = (error as { type?: unknown }).type;
  if (type === "entity.too.large") return new LevyError("payload_too_large", "the request body is too large");
  if (type === "entity.parse.failed") return new LevyError("invalid_json", "the request body is not valid JSON");
  if (type === "encoding.unsupported" || type === "charset.unsupported") {
    return new LevyError("invalid_request", "the request body must be UTF-8 JSON");
  }
  // The router cannot percent-decode a path parameter (e.g. /tax/customers/%E0%A4%A).
  if (error instanceof URIError)
    return new LevyError("invalid_request", "the request path is not valid percent-encoded UTF-8", { field: "path" });
  return null;
}

const opsPaths = new Set(["/healthz", "/readyz", "/metrics"]);

export function createGatewayApp(options: GatewayHttpOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("query parser", "simple");
  useLeanJsonResponses(app);
  app.use((request: Request, response: Response, next: NextFunction) => {
    const requestId = requestIdFrom(request.header(REQUEST_ID_HEADER));
    response.setHeader(REQUEST_ID_HEADER, requestId);
    runWithRequestContext({ requestId }, next);
  });
  app.use(httpMetrics(options.registry));
  // Only the ops paths go to the (async) ops handler; API requests skip it.
  app.use((request, response, next) => {
    if (!opsPaths.has(request.path)) return next();
    options.ops.handle(request, response).then((handled) => (handled ? undefined : next()), next);
  });
  app.use(parseApiVersionHeader);
  // The OpenAPI document of every route below (openapi/route-table.ts), public like the spec.
  const openApiJson = JSON.stringify(openApiDocument());
  app.get("/openapi.json", (_request, response) => {
    response.type("application/json").send(openApiJson);
  });

  // Bodies are read only after the caller is known (admin token here, API key on /tax),
  // so anonymous traffic never reaches the JSON parser.
  const readBody = jsonBody(options.bodyLimit);
  const adminGate = [requireAdmin(options.adminToken), readBody];
  app.use("/admin/v1", adminGate);
  app.use("/admin/v1", adminRoutes(options.keyStore, options.adminToken));
  app.use("/admin/v1", certificateAdminRoutes(options.keyStore, options.adminToken, options.certificates.client));
  // Signed document links carry their own credential (no API key).
  app.use("/documents/v1", documentRoutes(options.certificates.links, options.certificates.documents));
  const tax = express.Router();
  tax.use(authenticate(options.keyStore, { allowPublishable: false }));
  // Counted before the body is read: a refused request costs no parsing.
  if (options.restRateLimit) tax.use(restRateLimit(options.restRateLimit));
  tax.use(readBody);
  tax.use(idempotency(options.idempotencyStore, options.logger));
  tax.use("/customers", customerRoutes(options.upstream.catalog, options.certificates.client));
  tax.use("/products", productRoutes(options.upstream.catalog));
  tax.use("/merchants", merchantRoutes(options.upstream.catalog));
  tax.use("/calculations", calculationRoutes(options.upstream.calcEngine));
  tax.use("/platform/calculations", platformCalculationRoutes(options.upstream.calcEngine));
  tax.use("/transactions", transactionRoutes(options.upstream.ledger));
  tax.use("/refunds", refundRoutes(options.upstream.ledger));
  tax.use("/refund_reversals", refundReversalRoutes(options.upstream.ledger));
  tax.use("/platform/transactions", platformTransactionRoutes(options.upstream.ledger));
  tax.use("/filings", filingRoutes(options.upstream.ledger));
  tax.use("/rates", rateRoutes(options.upstream.calcEngine));
  tax.use("/sales-summary", salesSummaryRoutes(options.upstream.ledger, options.upstream.catalog));
  tax.use("/certificate-requests", certificateRequestRoutes(options.certificates.client));
  tax.use(
    "/certificates",
    certificateRoutes(options.certificates.client, options.certificates.intake, options.certificates.links),
  );
  tax.use("/webhook-endpoints", webhookRoutes(options.webhooks.store, options.webhooks.hosts));
  tax.use("/certificate-uploads", certificateUploadRoutes(options.certificates.client, options.certificates.links));
  app.use("/tax", tax);

  app.use((request: Request, response: Response) => {
    // A known path asked with a method it does not have is 405, listing the ones it has.
    const allowed = allowedMethods(app.router, request.path);
    if (allowed.length > 0) {
      response.setHeader("Allow", allowed.join(", "));
      throw new LevyError(
        "method_not_allowed",
        `${request.method} is not allowed on ${request.path.slice(0, 200)}; allowed: ${allowed.join(", ")}`,
      );
    }
    throw new LevyError("route_not_found", `no route ${request.method} ${request.path.slice(0, 200)}`);
  });
  app.use((error: unknown, _request: Request, response: Response, _next: NextFunction) => {
    const levyError = bodyParseError(error) ?? (isLevyError(error) ? error : fromConnectError(error));
    if (levyError.code === "internal_error") options.logger.error({ err: error }, "request failed unexpectedly");
    // A streamed answer (a CSV export) that fails midway: abort the transfer, so the
    // client sees a broken download, never a well-formed but partial file.
    if (response.headersSent) {
      options.logger.warn({ err: error, code: levyError.code }, "streamed answer aborted");
      response.destroy();
      return;
    }
    const state = stateOf(response);
    sendError(response, levyError, state.apiVersion ?? state.headerVersion ?? currentApiVersion);
  });
  return app;
}
