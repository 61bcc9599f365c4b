// Wires the MCP bridge: its public HTTP port and its gRPC surface for operators.
import { startService, type RunningService } from "@levy/kit";
import type { EventBus } from "@levy/events";
import { mcpBridgeSettings } from "./config.js";
import { startPublicServer } from "./http/public-server.js";
import { registerMcpBridgeService } from "./rpc/mcp-bridge-service.js";

export interface StartMcpBridgeOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly sharedBus?: EventBus;
}

export interface RunningMcpBridge extends RunningService {
  readonly publicPort: number;
}

export async function startMcpBridge(options: StartMcpBridgeOptions = {}): Promise<RunningMcpBridge> {
  let publicPort = 0;
  const service = await startService({
    service: "mcp-bridge",
    settings: mcpBridgeSettings,
    env: options.env,
    sharedBus: options.sharedBus,
    build: async ({ config }) => {
      const server = await startPublicServer(config.host, config.publicPort);
      publicPort = server.port;
      return {
        serviceNames: ["levy.mcp_bridge.v1.McpBridgeService"],
        registerRoutes: (router) => registerMcpBridgeService(router, config.writeToolsEnabled),
        close: () => server.stop(),
      };
    },
  });
  return { ...service, publicPort };
}
