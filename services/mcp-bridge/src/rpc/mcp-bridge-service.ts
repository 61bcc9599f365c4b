// levy.mcp_bridge.v1.McpBridgeService: the operator's view of the tools on offer.
import type { ConnectRouter } from "@connectrpc/connect";
import { McpBridgeService } from "@levy/proto/levy/mcp_bridge/v1/mcp_bridge_pb.js";
import type { ToolDefinition } from "../tools/registry.js";

export function registerMcpBridgeService(router: ConnectRouter, offered: readonly ToolDefinition[]): void {
  router.service(McpBridgeService, {
    listTools: async () => ({
      tools: offered.map((tool) => ({
        name: tool.name,
        description: tool.description,
        write: tool.write,
        liveOnly: tool.liveOnly,
      })),
    }),
  });
}
