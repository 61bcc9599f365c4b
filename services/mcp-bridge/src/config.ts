import { z } from "zod";
import {
  configSchemas,
  hostingSettings,
  httpServerSettings,
  infrastructureSettings,
  setting,
  upstreamUrlSetting,
} from "@levy/kit";

export const mcpBridgeSettings = {
  ...hostingSettings("mcp-bridge"),
  ...infrastructureSettings,
  publicPort: setting("MCP_PORT", "public port of /mcp and /ping", configSchemas.port(8090)),
  ...httpServerSettings,
  writeToolsEnabled: setting(
    "MCP_WRITE_TOOLS",
    "offer write tools (product changes, filing approval, uploads)",
    configSchemas.boolean(false),
  ),
  rateLimit: setting(
    "MCP_RATE_LIMIT",
    "requests per account in the sliding window on /mcp",
    z.coerce.number().int().min(1).max(1_000_000).default(120),
  ),
  rateWindowSeconds: setting(
    "MCP_RATE_WINDOW_SECONDS",
    "length of the /mcp rate-limit window",
    z.coerce.number().int().min(1).max(86_400).default(60),
  ),
  bodyLimit: setting(
    "MCP_BODY_LIMIT",
    "largest JSON-RPC request body on /mcp",
    z
      .string()
      .regex(/^\d+(kb|mb)$/)
      .default("1mb"),
  ),
  upstreamTimeoutMs: setting(
    "UPSTREAM_TIMEOUT_MS",
    "deadline of one call to an upstream service",
    configSchemas.positiveInt(3000),
  ),
  gatewayUrl: upstreamUrlSetting("gateway"),
  catalogUrl: upstreamUrlSetting("catalog"),
  calcEngineUrl: upstreamUrlSetting("calc-engine"),
  ledgerUrl: upstreamUrlSetting("ledger"),
  certificatesUrl: upstreamUrlSetting("certificates"),
  certificateSubmitTimeoutMs: setting(
    "CERTIFICATE_SUBMIT_TIMEOUT_MS",
    "deadline of upload_certificate (it downloads the document)",
    configSchemas.positiveInt(30_000),
  ),
};
