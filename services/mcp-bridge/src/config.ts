import { configSchemas, hostingSettings, infrastructureSettings, setting } from "@levy/kit";

export const mcpBridgeSettings = {
  ...hostingSettings("mcp-bridge"),
  ...infrastructureSettings,
  publicPort: setting("MCP_PORT", "public port of /mcp and /ping", configSchemas.port(8090)),
  writeToolsEnabled: setting("MCP_WRITE_TOOLS", "offer write tools (product changes, filing approval, uploads)", configSchemas.boolean(false)),
};
