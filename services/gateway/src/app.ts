// Wires the gateway on the shared start-up (startService): key store on its own storage,
// guarded clients to upstream services, the REST server, and the gRPC KeyService,
// RateLimitService and DocumentLinkService with health and ops endpoints.
import type { AddressInfo } from "node:net";
import {
  createLimitedHttpServer,
  createOpsEndpoints,
  createReadiness,
  createRpcTransport,
  createHttpShutdown,
  LevyError,
  newId,
  startService,
  type Logger,
} from "@levy/kit";
import { CalcEngineService } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { CatalogService } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import { LedgerService } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import { CertificatesService } from "@levy/proto/levy/certificates/v1/certificates_pb.js";
import { createClient } from "@connectrpc/connect";
import type { EventBus } from "@levy/events";
import { withVerifiedKeyCache } from "./adapters/cached-key-store.js";
import { followKeyChanges } from "./adapters/key-change-events.js";
import { createVerifiedKeyCache } from "./adapters/verified-key-cache.js";
import { createIdempotencyStore } from "./adapters/idempotency-store.js";
import { createKeyStore, type KeyStore } from "./adapters/key-store.js";
import { createRateLimitStore } from "./adapters/rate-limit-store.js";
import { createLocalRateLimiter } from "./domain/local-rate-limiter.js";
import { resolveSecrets } from "./adapters/secrets.js";
import { gatewaySettings } from "./config.js";
import { createGatewayApp } from "./http/app.js";
import { createDocumentLinks } from "./http/document-links.js";
import { errorBody } from "./http/error-response.js";
import { currentApiVersion } from "./domain/api-versions.js";
import { registerDocumentLinkService } from "./rpc/document-link-service.js";
import { registerKeyService } from "./rpc/key-service.js";
import { registerRateLimitService } from "./rpc/rate-limit-service.js";
import { createGuardedClient } from "./upstream/guarded-client.js";
import { startWebhooks } from "./webhooks/start-webhooks.js";
import { registerBreakerMetrics } from "./upstream/breaker-metrics.js";
import { logBreakerTransitions } from "./upstream/breaker-log.js";

export interface StartGatewayOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly logger?: Logger;
  /** Embedded mode: the in-process bus every service of the process shares. */
  readonly sharedBus?: EventBus;
}

export interface RunningGateway {
  readonly restPort: number;
  readonly grpcPort: number;
  readonly opsPort: number;
  readonly adminToken: string;
  readonly adminTokenGenerated: boolean;
  readonly keyStore: KeyStore;
  readonly logger: Logger;
  stop(): Promise<void>;
}

export async function startGateway(options: StartGatewayOptions = {}): Promise<RunningGateway> {
  let started: Omit<RunningGateway, "grpcPort" | "opsPort" | "stop" | "logger"> | undefined;
  let stopRest = async () => {};
  const service = await startService({
    service: "gateway",
    settings: gatewaySettings,
    env: options.env,
    logger: options.logger,
    sharedBus: options.sharedBus,
    readyOnlyWithEvents: false,
    build: async ({ config, logger, metrics, store, bus }) => {
      const secrets = await resolveSecrets({
        adminToken: config.adminToken,
        apiKeyPepper: config.apiKeyPepper,
        previousApiKeyPepper: config.apiKeyPepperPrevious,
        embedded: config.storage === "embedded",
        dataDir: config.dataDir,
      });
      const peppers = { current: secrets.apiKeyPepper, previous: secrets.previousApiKeyPepper };
      const storedKeys = await createKeyStore(store, peppers, { logger, bus, registry: metrics.registry });
      void storedKeys.outbox?.start(config.keyOutboxIntervalMs);
      const keyCache = createVerifiedKeyCache({
        maxEntries: config.apiKeyCacheSize,
        maxAgeMs: config.apiKeyCacheMaxAgeMs,
      });
      // Every replica keeps its own cache, so every replica needs every change: one group each.
      const keyChanges = await followKeyChanges(bus, newId("gateway-key-changes"), keyCache);
      const keyStore = withVerifiedKeyCache(storedKeys, keyCache, secrets.apiKeyPepper);
      const breakerOptions = {
        timeoutMs: config.upstreamTimeoutMs,
        resetTimeoutMs: config.breakerResetMs,
        errorThresholdPercentage: config.breakerErrorPercent,
        volumeThreshold: config.breakerVolume,
      };
      const catalog = createGuardedClient(
        "catalog",
        CatalogService,
        createRpcTransport({ baseUrl: config.catalogUrl, interceptors: [metrics.clientInterceptor] }),
        breakerOptions,
      );
      const calcEngine = createGuardedClient(
        "calc-engine",
        CalcEngineService,
        createRpcTransport({ baseUrl: config.calcEngineUrl, interceptors: [metrics.clientInterceptor] }),
        breakerOptions,
      );
      const ledger = createGuardedClient(
        "ledger",
        LedgerService,
        createRpcTransport({ baseUrl: config.ledgerUrl, interceptors: [metrics.clientInterceptor] }),
        breakerOptions,
      );
      const certificatesTransport = createRpcTransport({
        baseUrl: config.certificatesUrl,
        interceptors: [metrics.clientInterceptor],
      });
      const certificates = createGuardedClient(
        "certificates",
        CertificatesService,
        certificatesTransport,
        breakerOptions,
      );
      // Submit downloads the document first, so it gets its own, longer deadline.
      const certificateIntake = createGuardedClient("certificates-intake", CertificatesService, certificatesTransport, {
        ...breakerOptions,
        timeoutMs: config.certificateSubmitTimeoutMs,
      });
      const breakers = [
        catalog.breaker,
        calcEngine.breaker,
        ledger.breaker,
        certificates.breaker,
        certificateIntake.breaker,
      ];
      registerBreakerMetrics(metrics.registry, breakers);
      logBreakerTransitions(logger, breakers);
      const idempotencyStore = await createIdempotencyStore(store);
      const rateLimits = await createRateLimitStore(store);

      const webhooks = await startWebhooks({
        config,
        store,
        bus,
        logger,
        // Plain clients: the consumer retries on its own; a breaker would only add failures.
        sources: {
          ledger: createClient(LedgerService, createRpcTransport({ baseUrl: config.ledgerUrl })),
          certificates: createClient(CertificatesService, certificatesTransport),
        },
      });
      const links = createDocumentLinks({
        pepper: secrets.apiKeyPepper,
        previousPepper: secrets.previousApiKeyPepper,
        publicBaseUrl: config.publicBaseUrl,
      });
      // The REST port answers /readyz too, from its own readiness (storage only).
      const readiness = createReadiness(["levy.gateway.v1.KeyService"]);
      readiness.addCheck("storage", () => store.ping());
      const app = createGatewayApp({
        keyStore,
        adminToken: secrets.adminToken,
        logger,
        registry: metrics.registry,
        ops: createOpsEndpoints(readiness, metrics.registry),
        upstream: { catalog: catalog.client, calcEngine: calcEngine.client, ledger: ledger.client },
        certificates: {
          client: certificates.client,
          intake: certificateIntake.client,
          // Streams are not guarded by a breaker; the document route is a plain client.
          documents: createClient(CertificatesService, certificatesTransport),
          links,
        },
        idempotencyStore,
        webhooks: { store: webhooks.store, hosts: webhooks.settings.post },
        bodyLimit: config.bodyLimit,
        ...(config.restRateLimit > 0
          ? {
              restRateLimit: {
                limit: config.restRateLimit,
                windowSeconds: config.restRateLimitWindowSeconds,
                limiter: createLocalRateLimiter(config.restRateLimit, config.restRateLimitWindowSeconds),
              },
            }
          : {}),
      });
      // Requests arriving once the stop began get a 503 (retry elsewhere or later).
      const shutdown = createHttpShutdown((_request, response) => {
        const { status, body } = errorBody(
          new LevyError("upstream_unavailable", "Levy is shutting down; retry the request", {
            retry_after_seconds: "1",
          }),
          currentApiVersion,
        );
        response
          .writeHead(status, { "content-type": "application/json; charset=utf-8", "retry-after": "1" })
          .end(JSON.stringify(body));
      });
      const rest = createLimitedHttpServer(shutdown.guard(app), config);
      await new Promise<void>((resolve, reject) => {
        rest.once("error", reject);
        rest.listen(config.restPort, config.host, () => resolve());
      });
      const restPort = (rest.address() as AddressInfo).port;
      // Links signed for the MCP bridge: PUBLIC_BASE_URL, else this REST listener.
      const restHost = ["0.0.0.0", "::"].includes(config.host)
        ? "localhost"
        : config.host.includes(":")
          ? `[${config.host}]`
          : config.host;
      const restBase = `http://${restHost}:${restPort}`;
      stopRest = async () => {
        // Stop taking REST requests and let in-flight ones finish before the RPC side stops.
        const drained = shutdown.drain(rest);
        readiness.markShuttingDown();
        await drained;
      };
      started = {
        restPort,
        adminToken: secrets.adminToken,
        adminTokenGenerated: secrets.adminTokenGenerated,
        keyStore,
      };
      return {
        serviceNames: [
          "levy.gateway.v1.KeyService",
          "levy.gateway.v1.RateLimitService",
          "levy.gateway.v1.DocumentLinkService",
        ],
        registerRoutes: (router) => {
          registerKeyService(router, keyStore, rateLimits);
          registerRateLimitService(router, rateLimits);
          registerDocumentLinkService(router, links, restBase);
        },
        close: async () => {
          for (const breaker of breakers) breaker.shutdown();
          await keyChanges.close();
          await webhooks.stop();
          await storedKeys.outbox?.stop();
        },
      };
    },
  });
  service.logger.info({ rest_port: started!.restPort }, "gateway REST API listening");
  return {
    ...started!,
    grpcPort: service.grpcPort,
    opsPort: service.opsPort,
    logger: service.logger,
    stop: async () => {
      await stopRest();
      await service.stop();
    },
  };
}
