// Embedded mode: every service in this one process, each on its own port, calling each
// other through Connect (in-process by default, or over gRPC), sharing one in-process
// event bus. Backends start before the gateway and the MCP bridge, the two front doors.
import { createInProcessBus } from "@levy/events";
import {
  configureInProcessRpc,
  defaultPorts,
  envPrefix,
  serviceNames,
  type RunningService,
  type ServiceName,
} from "@levy/kit";
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
}

export interface EmbeddedLevy {
  readonly gateway: RunningGateway;
  readonly mcpBridge: RunningMcpBridge;
  readonly services: Readonly<Partial<Record<ServiceName, RunningService>>>;
  stop(): Promise<void>;
}

type Starter = (options: {
  env: Record<string, string | undefined>;
  sharedBus: ReturnType<typeof createInProcessBus>;
}) => Promise<RunningService>;

const backends: ReadonlyArray<[ServiceName, Starter]> = [
  ["geo-resolver", startGeoResolver],
  ["catalog", startCatalog],
  ["calc-engine", startCalcEngine],
  ["ledger", startLedger],
  ["certificates", startCertificates],
];

export async function startEmbeddedLevy(options: EmbeddedOptions = {}): Promise<EmbeddedLevy> {
  const env: Record<string, string | undefined> = {
    ...(options.env ?? process.env),
    STORAGE: "embedded",
    EVENTS: "in-process",
  };
  // Calls between the services stay in the process (no HTTP/2 on loopback): unary ones
  // hand the message straight to the peer's handler unless EMBEDDED_RPC=router (through
  // the peer's Connect router, serialised) or grpc (loopback gRPC); the gRPC ports listen
  // either way. EMBEDDED_RPC_FREEZE_MESSAGES=true deep-freezes the messages handed over,
  // so tests catch a handler or caller that mutates one. See docs/performance.md.
  const rpc = env.EMBEDDED_RPC ?? "in-process";
  if (rpc !== "in-process" && rpc !== "router" && rpc !== "grpc")
    throw new Error(`EMBEDDED_RPC must be "in-process", "router" or "grpc", not "${rpc}"`);
  configureInProcessRpc({
    enabled: rpc !== "grpc",
    route: rpc === "router" ? "router" : "direct",
    freezeMessages: env.EMBEDDED_RPC_FREEZE_MESSAGES === "true",
  });
  // Services call each other in both directions, so every address is fixed before any starts.
  for (const service of serviceNames) {
    const prefix = envPrefix(service);
    env[`${prefix}_URL`] ??= `http://127.0.0.1:${env[`${prefix}_GRPC_PORT`] ?? defaultPorts[service].grpc}`;
  }
  const sharedBus = createInProcessBus();
  const started: RunningService[] = [];
  const services: Partial<Record<ServiceName, RunningService>> = {};
  try {
    for (const [name, start] of backends) {
      const service = await start({ env, sharedBus });
      started.push(service);
      services[name] = service;
    }
    const gateway = await startGateway({ env, sharedBus });
    started.push({ ...gateway, logger: gateway.logger });
    const mcpBridge = await startMcpBridge({ env, sharedBus });
    started.push(mcpBridge);
    const backendsStarted = started.slice(0, backends.length);
    return {
      gateway,
      mcpBridge,
      services,
      stop: async () => {
        // Both front doors stop accepting at once and drain, so nothing new arrives
        // while the backends finish their work (the ledger its events).
        await Promise.all([gateway.stop(), mcpBridge.stop()]);
        for (const service of backendsStarted.reverse()) await service.stop();
        await sharedBus.close();
      },
    };
  } catch (error) {
    for (const service of started.reverse()) await service.stop().catch(() => undefined);
    await sharedBus.close().catch(() => undefined);
    throw error;
  }
}
