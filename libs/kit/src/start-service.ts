// The common start-up of a backend service: read its settings, open its database and
// event bus, build its RPC module and host it. Each service's app.ts supplies only
// what is its own (settings and the build step).
import type { ConnectRouter } from "@connectrpc/connect";
import type { EventBus } from "@levy/events";
import type { Store } from "@levy/storage";
import { loadConfig, type ConfigOf, type Setting } from "./config.js";
import type { ReadinessCheck, ReadinessWarning } from "./health.js";
import { assertInfrastructureConfig, openEventBus, openStore, type InfrastructureConfig } from "./infrastructure.js";
import { createLogger, type Logger } from "./logger.js";
import { createServiceMetrics, type ServiceMetrics } from "./metrics.js";
import { instrumentEventBus } from "./event-bus-metrics.js";
import { hostService, type HostedService } from "./service-host.js";
import type { ServiceName, hostingSettings } from "./service-settings.js";

type HostingConfig = ConfigOf<ReturnType<typeof hostingSettings>>;

export interface ServiceContext<C> {
  readonly config: C;
  readonly logger: Logger;
  readonly metrics: ServiceMetrics;
  readonly store: Store;
  readonly bus: EventBus;
}

export interface BuiltService {
  readonly serviceNames: readonly string[];
  registerRoutes(router: ConnectRouter): void;
  readonly readinessChecks?: Readonly<Record<string, ReadinessCheck>>;
  readonly readinessWarnings?: Readonly<Record<string, ReadinessWarning>>;
  /** Closes what the build step opened (consumers, caches); store and bus are closed after. */
  close?(): Promise<void>;
}

export interface StartServiceOptions<D extends Record<string, Setting<unknown>>> {
  readonly service: ServiceName;
  readonly settings: D;
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
  readonly logger?: Logger | undefined;
  /** Embedded mode shares one in-process bus between the services of the process. */
  readonly sharedBus?: EventBus | undefined;
  /**
   * Whether an unreachable event bus makes the service not ready (default true). The
   * gateway says false: it serves REST with the bus down (key revocations and webhooks wait).
   */
  readonly readyOnlyWithEvents?: boolean | undefined;
  build(context: ServiceContext<ConfigOf<D>>): Promise<BuiltService>;
}

export interface RunningService extends HostedService {
  readonly logger: Logger;
}

export async function startService<D extends Record<string, Setting<unknown>>>(
  options: StartServiceOptions<D>,
): Promise<RunningService> {
  const config = loadConfig(options.settings, options.env);
  const hosting = config as unknown as HostingConfig & InfrastructureConfig;
  assertInfrastructureConfig(hosting);
  const logger = options.logger ?? createLogger({ service: options.service, level: hosting.logLevel });
  const metrics = createServiceMetrics(options.service);
  const store = await openStore(options.service, hosting, metrics.registry, logger);
  const openedBus = await openEventBus(options.service, hosting, options.sharedBus);
  const ownsBus = openedBus !== options.sharedBus;
  const bus = instrumentEventBus(openedBus, metrics.registry, { logger });
  const built = await options.build({ config, logger, metrics, store, bus });
  const hosted = await hostService(
    {
      serviceNames: built.serviceNames,
      registerRoutes: (router) => built.registerRoutes(router),
      readinessChecks: {
        storage: () => store.ping(),
        ...(options.readyOnlyWithEvents === false ? {} : { events: () => bus.ping() }),
        ...built.readinessChecks,
      },
      ...(built.readinessWarnings ? { readinessWarnings: built.readinessWarnings } : {}),
      close: async () => {
        await built.close?.();
        if (ownsBus) await bus.close();
        await store.close();
      },
    },
    { host: hosting.host, grpcPort: hosting.grpcPort, opsPort: hosting.opsPort, logger, metrics },
  );
  return { ...hosted, logger };
}
