// The distributed runner (deploy/distributed/cluster.mjs) gives each service process the
// same configuration the Helm chart gives that service's pod: for every service, the
// names from its ConfigMap plus its Secret-backed env equal the names the cluster sets.
// Values may differ where they describe the place, not the configuration: ports
// (the chart's fixed ports, the cluster's free loopback ports), the peers' hosts in
// <NAME>_URL (Service DNS names vs 127.0.0.1), BIND_HOST (0.0.0.0 in a pod, loopback
// here) and the secrets' values (chart: Secret references). Deliberate exception: the
// process also inherits the operator's own environment (PATH, HOME, NODE_ENV, any extra
// setting such as MCP_WRITE_TOOLS, like the chart's `settings`), so the comparison
// starts from the four variables start:distributed requires and nothing else.
import { loadConfig } from "@levy/kit";
import { beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script without type declarations
import { clusterEnv, serviceEnv } from "../../deploy/distributed/cluster.mjs";
import { componentOf, ofKind, provisionChartTools, renderValid, type K8sObject } from "../helm/chart-tools.js";
import { envPrefix, serviceNames, settingsOf, type ServiceName } from "../helm/code-topology.js";

const base = {
  MONGODB_URI: "mongodb://127.0.0.1:27017/",
  KAFKA_BROKERS: "127.0.0.1:9092",
  ADMIN_TOKEN: "admin-token-0123456789abcdef",
  API_KEY_PEPPER: "pepper-0123456789abcdef0123456789abcdef",
  // Optional (a rotation's overlap); the chart always references it, the runner passes it when given.
  API_KEY_PEPPER_PREVIOUS: "previous-pepper-0123456789abcdef01234567",
};
/** Values that must be equal on both sides (the rest describe places, see above). */
const sameValue = ["STORAGE", "EVENTS", "LOG_LEVEL", "MONGODB_DB_PREFIX", "STORAGE_UPDATE_PROTOCOL"];

describe("distributed runner vs Helm chart (default values)", () => {
  let objects: K8sObject[];
  let cluster: { env: Record<string, string>; ports: Record<ServiceName, { grpc: number; ops: number }> };
  beforeAll(async () => {
    provisionChartTools();
    objects = renderValid();
    cluster = await clusterEnv(base);
  }, 40 * 60_000);

  const chartEnvOf = (service: ServiceName) => {
    const container = ofKind(objects, "Deployment").find((d) => componentOf(d) === service)!.spec.template.spec
      .containers[0];
    const configMap = ofKind(objects, "ConfigMap").find(
      (map) => map.metadata.name === container.envFrom[0].configMapRef.name,
    )!;
    return {
      config: configMap.data ?? {},
      secretNames: container.env.map((entry: { name: string }) => entry.name) as string[],
    };
  };
  const processEnvOf = (service: ServiceName): Record<string, string> => serviceEnv(service, cluster.env);

  it.each(serviceNames)("%s: the same variable names as its pod", (service) => {
    const { config, secretNames } = chartEnvOf(service);
    const chartNames = [...Object.keys(config), ...secretNames].sort();
    expect(Object.keys(processEnvOf(service)).sort()).toEqual(chartNames);
  });

  it.each(serviceNames)("%s: the same values where they are configuration, not place", (service) => {
    const { config } = chartEnvOf(service);
    const env = processEnvOf(service);
    for (const name of sameValue) expect([name, env[name]]).toEqual([name, config[name]]);
  });

  it.each(serviceNames)(
    "%s: every peer URL points at that peer's gRPC port, and the service's config loads",
    (service) => {
      const env = processEnvOf(service);
      for (const name of Object.keys(env).filter((n) => n.endsWith("_URL"))) {
        const callee = serviceNames.find((s) => `${envPrefix(s)}_URL` === name)!;
        expect(env[name]).toBe(`http://127.0.0.1:${cluster.ports[callee].grpc}`);
      }
      expect(Number(env[`${envPrefix(service)}_GRPC_PORT`])).toBe(cluster.ports[service].grpc);
      expect(() => loadConfig(settingsOf[service], env)).not.toThrow();
    },
  );

  it("passes the operator's other variables through and never another service's", () => {
    const env = serviceEnv("ledger", { ...cluster.env, MCP_WRITE_TOOLS: "true", PATH: "/bin" });
    expect(env).toMatchObject({ MCP_WRITE_TOOLS: "true", PATH: "/bin" });
    for (const name of [
      "ADMIN_TOKEN",
      "API_KEY_PEPPER",
      "API_KEY_PEPPER_PREVIOUS",
      "PORT",
      "MCP_PORT",
      "GATEWAY_GRPC_PORT",
      "CATALOG_URL",
    ])
      expect(env).not.toHaveProperty(name);
  });
});
