// levy.mcp_bridge.v1.McpBridgeService: the operator's view of the tools on offer.
import type { ConnectRouter } from "@connectrpc/connect";
import { McpBridgeService } from "@levy/proto/levy/mcp_bridge/v1/mcp_bridge_pb.js";
import { enabledTools } from "../domain/tool-catalogue.js";

export function registerMcpBridgeService(router: ConnectRouter, writeToolsEnabled: boolean): void {
  router.service(McpBridgeService, {
    listTools: async () => ({ tools: enabledTools(writeToolsEnabled).map((tool) => ({ ...tool })) }),
  });
}
