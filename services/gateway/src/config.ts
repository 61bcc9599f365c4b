// The gateway's settings. ADMIN_TOKEN and API_KEY_PEPPER are secrets without defaults:
// with STORAGE=mongo (distributed, production) both are required; in embedded mode a
// missing admin token is generated per start and a missing pepper is generated once
// and kept in the data directory, so stored key hashes stay valid across restarts.
import { z } from "zod";
import {
  configSchemas,
  hostingSettings,
  httpServerSettings,
  infrastructureSettings,
  setting,
  upstreamUrlSetting,
} from "@levy/kit";

export const gatewaySettings = {
  ...hostingSettings("gateway"),
  ...infrastructureSettings,
  restPort: setting("PORT", "REST API port", configSchemas.port(8080)),
  ...httpServerSettings,
  adminToken: setting(
    "ADMIN_TOKEN",
    "Bearer token of the admin API (at least 24 characters)",
    z.string().min(24).optional(),
  ),
  apiKeyPepper: setting(
    "API_KEY_PEPPER",
    "server-side secret mixed into API key hashes (at least 32 characters)",
    z.string().min(32).optional(),
  ),
  apiKeyPepperPrevious: setting(
    "API_KEY_PEPPER_PREVIOUS",
    "the pepper before a rotation: keys hashed with it still verify and are re-hashed with API_KEY_PEPPER on first use (at least 32 characters)",
    z.string().min(32).optional(),
  ),
  apiKeyCacheSize: setting(
    "API_KEY_CACHE_SIZE",
    "verified API keys kept in memory per gateway (least recently used go first); 0 asks the store on every request",
    z.coerce.number().int().min(0).default(10_000),
  ),
  apiKeyCacheMaxAgeMs: setting(
    "API_KEY_CACHE_MAX_AGE_MS",
    "longest a verified API key stays cached; revocations reach every gateway through an event at once, this bounds staleness should one be lost",
    configSchemas.positiveInt(60_000),
  ),
  keyOutboxIntervalMs: setting(
    "KEY_OUTBOX_INTERVAL_MS",
    "how often the gateway re-publishes key revocation events a failed publish or a crash left behind",
    configSchemas.positiveInt(5_000),
  ),
  catalogUrl: upstreamUrlSetting("catalog"),
  calcEngineUrl: upstreamUrlSetting("calc-engine"),
  ledgerUrl: upstreamUrlSetting("ledger"),
  certificatesUrl: upstreamUrlSetting("certificates"),
  certificateSubmitTimeoutMs: setting(
    "CERTIFICATE_SUBMIT_TIMEOUT_MS",
    "deadline of a certificate submit (it downloads the document)",
    configSchemas.positiveInt(30_000),
  ),
  publicBaseUrl: setting(
    "PUBLIC_BASE_URL",
    "base of the signed document links (default: the request's own scheme and host)",
    z.url({ protocol: /^https?$/ }).optional(),
  ),
  upstreamTimeoutMs: setting(
    "UPSTREAM_TIMEOUT_MS",
    "deadline of one call to an upstream service",
    configSchemas.positiveInt(3000),
  ),
  breakerResetMs: setting(
    "BREAKER_RESET_MS",
    "how long an open circuit breaker waits before a trial call",
    configSchemas.positiveInt(5000),
  ),
  breakerErrorPercent: setting(
    "BREAKER_ERROR_PERCENT",
    "failure percentage that opens a breaker",
    z.coerce.number().int().min(1).max(100).default(50),
  ),
  breakerVolume: setting(
    "BREAKER_VOLUME",
    "calls in the rolling window before a breaker may open",
    configSchemas.positiveInt(10),
  ),
  restRateLimit: setting(
    "REST_RATE_LIMIT",
    "REST requests per account and mode in REST_RATE_LIMIT_WINDOW_SECONDS, per gateway replica (0 = no limit); MCP has its own limit",
    z.coerce.number().int().min(0).max(10_000_000).default(0),
  ),
  restRateLimitWindowSeconds: setting(
    "REST_RATE_LIMIT_WINDOW_SECONDS",
    "the sliding window of REST_RATE_LIMIT",
    z.coerce.number().int().min(1).max(86_400).default(60),
  ),
  webhookRetryBaseMs: setting(
    "WEBHOOK_RETRY_BASE_MS",
    "wait before a failed webhook delivery's first retry, doubling per attempt (below 60000 only with NODE_ENV=test)",
    configSchemas.positiveInt(60_000),
  ),
  webhookRetryCapMs: setting(
    "WEBHOOK_RETRY_CAP_MS",
    "longest wait between two attempts of a webhook delivery",
    configSchemas.positiveInt(6 * 3_600_000),
  ),
  webhookMaxAttempts: setting(
    "WEBHOOK_MAX_ATTEMPTS",
    "attempts of a webhook delivery before it is marked failed (the default spans more than 24 h)",
    z.coerce.number().int().min(1).max(50).default(13),
  ),
  webhookTimeoutMs: setting(
    "WEBHOOK_TIMEOUT_MS",
    "deadline of one webhook delivery attempt (a 2xx within it is a success)",
    configSchemas.positiveInt(10_000),
  ),
  nodeEnv: setting("NODE_ENV", "Node environment; test enables the WEBHOOK_TEST_* settings", z.string().optional()),
  webhookTestLoopbackHosts: setting(
    "WEBHOOK_TEST_LOOPBACK_HOSTS",
    "TEST ONLY: host names whose loopback addresses webhooks may be delivered to",
    configSchemas.hostNames().optional(),
  ),
  webhookTestHosts: setting(
    "WEBHOOK_TEST_HOSTS",
    "TEST ONLY: fixed DNS answers for webhook hosts, name=address,...",
    configSchemas.hostAnswers().optional(),
  ),
  webhookTestCaFile: setting(
    "WEBHOOK_TEST_CA_FILE",
    "TEST ONLY: PEM file of an extra trusted CA for webhook receivers",
    z.string().min(1).optional(),
  ),
  bodyLimit: setting(
    "BODY_LIMIT",
    "largest JSON request body",
    z
      .string()
      .regex(/^\d+(kb|mb)$/)
      .default("1mb"),
  ),
};
