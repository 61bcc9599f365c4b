// What the code says, independent of the chart: each service's settings (the exact
// environment variable names it reads) and whom it calls (its <NAME>_URL settings,
// made by upstreamUrlSetting). The chart tests compare the rendered manifests with this.
import { defaultPorts, envPrefix, serviceNames, type ServiceName, type Setting } from "@levy/kit";
import { calcEngineSettings } from "../../services/calc-engine/src/config.js";
import { catalogSettings } from "../../services/catalog/src/config.js";
import { certificatesSettings } from "../../services/certificates/src/config.js";
import { gatewaySettings } from "../../services/gateway/src/config.js";
import { geoResolverSettings } from "../../services/geo-resolver/src/config.js";
import { ledgerSettings } from "../../services/ledger/src/config.js";
import { mcpBridgeSettings } from "../../services/mcp-bridge/src/config.js";

export const settingsOf: Record<ServiceName, Record<string, Setting<unknown>>> = {
  gateway: gatewaySettings,
  "calc-engine": calcEngineSettings,
  "geo-resolver": geoResolverSettings,
  ledger: ledgerSettings,
  catalog: catalogSettings,
  certificates: certificatesSettings,
  "mcp-bridge": mcpBridgeSettings,
};

/** Every environment variable the service reads. */
export function envNamesOf(service: ServiceName): Set<string> {
  return new Set(Object.values(settingsOf[service]).map((setting) => setting.env));
}

/** The services this service calls: one per <NAME>_URL setting naming a Levy service. */
export function calleesOf(service: ServiceName): ServiceName[] {
  const names = envNamesOf(service);
  return serviceNames.filter((callee) => names.has(`${envPrefix(callee)}_URL`));
}

/** The call graph as "caller->callee" strings, sorted. */
export function callGraph(): string[] {
  return serviceNames.flatMap((caller) => calleesOf(caller).map((callee) => `${caller}->${callee}`)).sort();
}

/** Variables that carry secrets: never in a ConfigMap, always from a Secret. */
export const secretEnvNames = new Set([
  "MONGODB_URI",
  "KAFKA_BROKERS",
  "KAFKA_SASL_USERNAME",
  "KAFKA_SASL_PASSWORD",
  "ADMIN_TOKEN",
  "API_KEY_PEPPER",
  "API_KEY_PEPPER_PREVIOUS",
]);

/** Read by Node itself, not by Levy's code: allowed through extraEnv (production values use them). */
export const nodeRuntimeEnvNames = new Set(["NODE_OPTIONS", "NODE_EXTRA_CA_CERTS"]);

/** The public port's variable: the REST API (gateway) and the MCP endpoint (mcp-bridge). */
export const publicPortEnv: Partial<Record<ServiceName, string>> = { gateway: "PORT", "mcp-bridge": "MCP_PORT" };

export { defaultPorts, envPrefix, serviceNames, type ServiceName };
