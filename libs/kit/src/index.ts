// @levy/kit: what every Levy service shares. Kept small on purpose.
export { errorCodes, isErrorCode, type ErrorCode } from "./error-codes.js";
export { LevyError, isLevyError, missingField, invalidField, type ErrorMeta } from "./levy-error.js";
export { toConnectError, fromConnectError, nestFieldError } from "./connect-errors.js";
export { MAX_MONEY, MAX_ORDER_AMOUNT, assertOrderAmount, exactMoney, type MoneyLine } from "./money.js";
export { pageLimits, cursorMaxLength, pageSize, calculationLimits, textLimits, maxEpochSeconds } from "./limits.js";
export { maxJsonNesting, nestsDeeperThan } from "./json-nesting.js";
export { setting, loadConfig, configSchemas, ConfigError, type Setting, type ConfigOf } from "./config.js";
export { createLogger, type Logger, type LoggerOptions } from "./logger.js";
export {
  REQUEST_ID_HEADER,
  runWithRequestContext,
  currentRequestContext,
  requestIdFrom,
  type RequestContext,
} from "./request-context.js";
export { createServiceMetrics, type ServiceMetrics } from "./metrics.js";
export { instrumentEventBus, groupLabel } from "./event-bus-metrics.js";
export { instrumentStore } from "./store-metrics.js";
export {
  createReadiness,
  livenessServiceName,
  registerHealthService,
  type Readiness,
  type ReadinessCheck,
  type ReadinessWarning,
} from "./health.js";
export { startRpcServer, type RpcServer, type RpcServerOptions } from "./rpc-server.js";
export { createOpsEndpoints, startOpsServer, type OpsEndpoints, type OpsServer } from "./ops-server.js";
export { httpServerSettings, createLimitedHttpServer, type HttpServerLimits } from "./http-server-limits.js";
export { createRpcTransport, createRpcClient, type RpcTransportOptions } from "./rpc-client.js";
export { configureInProcessRpc, type InProcessRoute, type InProcessRpcOptions } from "./in-process-rpc.js";
export { hostService, type ServiceModule, type HostOptions, type HostedService } from "./service-host.js";
export { stopOnSignals, exitOnStartupError } from "./shutdown.js";
export { createHttpShutdown, defaultHttpGraceMs, type HttpShutdown } from "./http-shutdown.js";
export {
  infrastructureSettings,
  assertInfrastructureConfig,
  openStore,
  openEventBus,
  type InfrastructureConfig,
} from "./infrastructure.js";
export { newId, derivedId, hasIdForm, randomToken, epochSeconds } from "./ids.js";
export { identifierText, isVisibleIdentifier, identifierProblem } from "./identifier-text.js";
export {
  serviceNames,
  defaultPorts,
  envPrefix,
  hostingSettings,
  upstreamUrlSetting,
  type ServiceName,
} from "./service-settings.js";
export {
  startService,
  type StartServiceOptions,
  type ServiceContext,
  type BuiltService,
  type RunningService,
} from "./start-service.js";
export { scopeFrom } from "./scope-message.js";
export {
  addressBody,
  addressFields,
  addressMessage,
  countryCodeBody,
  type AddressFields,
  type GivenAddressFields,
} from "./address-fields.js";
export { refuseExemptionOfDeletedBuyer, type BuyerExemptionClients } from "./buyer-exemption.js";
export { dateBound, queryDateBound, boundToEpoch, epochRange, type DateBound, type EpochRange } from "./date-bounds.js";
export { isCountryCode, suggestedCountryCode, countryCodeProblem } from "./country-codes.js";
export {
  taxCategories,
  isTaxCategory,
  isTangibleCategory,
  taxCategoryName,
  type TaxCategory,
} from "./tax-categories.js";
export {
  createOutbox,
  outboxIndexCollection,
  outboxScopeOf,
  type Outbox,
  type OutboxDocument,
  type OutboxIndexRecord,
  type OutboxOptions,
  type OutboxSource,
} from "./outbox.js";
export { jurisdictionSlug } from "./jurisdiction-slug.js";
export {
  DEFAULT_ZIP_RATE_HORIZON_DAYS,
  ZIP_RATE_FILE_NAME,
  ZipRateImportError,
  ZipRateIndex,
  loadZipRateTables,
  parseAvalaraZip5,
  parseRateUnits,
  zipRateFiles,
  type ZipRateTable,
  type ZipRateTableWindow,
  type ZipRates,
} from "./zip-rate-tables.js";
export {
  judgeAddress,
  judgeUrlHost,
  type AddressVerdict,
  type HostVerdict,
  type ResolvedAddress,
  type Resolver,
} from "./public-address.js";
