// Embedded mode: every service in this one process, each on its own port, calling each
// other over real Connect/gRPC, sharing one in-process event bus. Backend services
// start first so that, with ephemeral ports, their addresses can be handed on.
import { createInProcessBus } from "@levy/events";
import { envPrefix, type RunningService, type ServiceName } from "@levy/kit";
import { startCalcEngine } from "@levy/calc-engine";
import { startCatalog } from "@levy/catalog";
import { startCertificates } from "@levy/certificates";
import { startGateway, type RunningGateway } from "@levy/gateway";
import { startGeoResolver } from "@levy/geo-resolver";
import { startLedger } from "@levy/ledger";
import { startMcpBridge, type RunningMcpBridge } from "@levy/mcp-bridge";

export interface EmbeddedOptions {
  /** Environment to read settings from; defaults to process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Bind every port to 0 (tests): the OS picks free ones. */
  readonly ephemeralPorts?: boolean;
}

export interface EmbeddedLevy {
  readonly gateway: RunningGateway;
  readonly mcpBridge: RunningMcpBridge;
  readonly services: Readonly<Partial<Record<ServiceName, RunningService>>>;
  stop(): Promise<void>;
}

type Starter = (options: { env: Record<string, string | undefined>; sharedBus: ReturnType<typeof createInProcessBus> }) => Promise<RunningService>;

const backends: ReadonlyArray<[ServiceName, Starter]> = [
  ["geo-resolver", startGeoResolver],
  ["catalog", startCatalog],
  ["calc-engine", startCalcEngine],
  ["ledger", startLedger],
  ["certificates", startCertificates],
];

export async function startEmbeddedLevy(options: EmbeddedOptions = {}): Promise<EmbeddedLevy> {
  const env: Record<string, string | undefined> = { ...(options.env ?? process.env), STORAGE: "embedded", EVENTS: "in-process" };
  const portFor = (service: ServiceName) => {
    if (!options.ephemeralPorts) return;
    env[`${envPrefix(service)}_GRPC_PORT`] = "0";
    env[`${envPrefix(service)}_OPS_PORT`] = "0";
  };
  const sharedBus = createInProcessBus();
  const started: RunningService[] = [];
  const services: Partial<Record<ServiceName, RunningService>> = {};
  try {
    for (const [name, start] of backends) {
      portFor(name);
      const service = await start({ env, sharedBus });
      started.push(service);
      services[name] = service;
      env[`${envPrefix(name)}_URL`] = `http://127.0.0.1:${service.grpcPort}`;
    }
    portFor("gateway");
    portFor("mcp-bridge");
    if (options.ephemeralPorts) {
      env.PORT = "0";
      env.MCP_PORT = "0";
    }
    const gateway = await startGateway({ env });
    started.push({ ...gateway, logger: gateway.logger });
    env.GATEWAY_URL = `http://127.0.0.1:${gateway.grpcPort}`;
    const mcpBridge = await startMcpBridge({ env, sharedBus });
    started.push(mcpBridge);
    return {
      gateway,
      mcpBridge,
      services,
      stop: async () => {
        // Front doors first, so nothing new arrives while the backends drain.
        for (const service of [...started].reverse()) await service.stop();
        await sharedBus.close();
      },
    };
  } catch (error) {
    for (const service of started.reverse()) await service.stop().catch(() => undefined);
    await sharedBus.close().catch(() => undefined);
    throw error;
  }
}
