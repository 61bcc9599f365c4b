// Wires the MCP bridge: upstream clients, the tool registry, the public HTTP port
// (/mcp and /ping) and its gRPC surface for operators.
import { startService, type RunningService } from "@levy/kit";
import type { EventBus } from "@levy/events";
import { createConnectUpstream } from "./adapters/connect-upstream.js";
import { mcpBridgeSettings } from "./config.js";
import { createMcpApp } from "./http/mcp-app.js";
import { createMcpMetrics } from "./http/mcp-metrics.js";
import { startPublicServer } from "./http/public-server.js";
import { registerMcpBridgeService } from "./rpc/mcp-bridge-service.js";
import { allTools } from "./tools/all-tools.js";
import { createToolRegistry } from "./tools/registry.js";

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
    build: async ({ config, logger, metrics }) => {
      const upstream = createConnectUpstream({
        gatewayUrl: config.gatewayUrl,
        catalogUrl: config.catalogUrl,
        calcEngineUrl: config.calcEngineUrl,
        ledgerUrl: config.ledgerUrl,
        certificatesUrl: config.certificatesUrl,
        timeoutMs: config.upstreamTimeoutMs,
        submitTimeoutMs: config.certificateSubmitTimeoutMs,
        metrics,
      });
      const offered = allTools.filter((tool) => config.writeToolsEnabled || !tool.write);
      const mcpMetrics = createMcpMetrics(metrics.registry);
      const registry = createToolRegistry(allTools, {
        writeToolsEnabled: config.writeToolsEnabled,
        logger,
        onCall: mcpMetrics.countToolCall,
      });
      const app = createMcpApp({
        registry,
        upstream,
        rateLimit: { limit: config.rateLimit, windowSeconds: config.rateWindowSeconds },
        bodyLimit: config.bodyLimit,
        logger,
        metrics: mcpMetrics,
      });
      const server = await startPublicServer(config.host, config.publicPort, app, config);
      publicPort = server.port;
      logger.info(
        { mcp_port: server.port, tools: offered.length, write_tools: config.writeToolsEnabled },
        "MCP endpoint listening",
      );
      return {
        serviceNames: ["levy.mcp_bridge.v1.McpBridgeService"],
        registerRoutes: (router) => registerMcpBridgeService(router, offered),
        close: () => server.stop(),
      };
    },
  });
  return { ...service, publicPort };
}
