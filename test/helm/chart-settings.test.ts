// Every setting a service reads can be set through the chart: either the chart sets it
// itself (ports, URLs, storage, Kafka, secrets by reference) or values.schema.json
// lists it under services.<name>.settings, typed and described. Production values set
// every one of them and each reaches its pod; data files come from volumes and init
// containers (extraVolumes, extraVolumeMounts, initContainers, extraEnv).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@levy/kit";
import {
  chartDir,
  componentOf,
  helm,
  ofKind,
  productionValues,
  provisionChartTools,
  renderValid,
  type K8sObject,
} from "./chart-tools.js";
import { envNamesOf, serviceNames, settingsOf, type ServiceName } from "./code-topology.js";

const schema = JSON.parse(readFileSync(path.join(chartDir, "values.schema.json"), "utf8"));
const settingsSchemaOf = (service: ServiceName): Record<string, any> =>
  schema.properties.services.properties[service].properties.settings.properties;

/** Read by a service but not meant for a pod, and why. */
const notForProduction: Record<string, string> = {
  DATA_DIR: "the embedded store's folder; the chart runs STORAGE=mongo",
  NODE_ENV: "only enables the test-only hooks (CERTIFICATES_TEST_*, WEBHOOK_TEST_*)",
  CERTIFICATES_TEST_LOOPBACK_HOSTS: "test only, refused without NODE_ENV=test",
  CERTIFICATES_TEST_HOSTS: "test only, refused without NODE_ENV=test",
  CERTIFICATES_TEST_CA_FILE: "test only, refused without NODE_ENV=test",
  CERTIFICATES_TEST_DOCUMENT_READER: "test only, refused without NODE_ENV=test",
  WEBHOOK_TEST_LOOPBACK_HOSTS: "test only, refused without NODE_ENV=test",
  WEBHOOK_TEST_HOSTS: "test only, refused without NODE_ENV=test",
  WEBHOOK_TEST_CA_FILE: "test only, refused without NODE_ENV=test",
};

function podOf(objects: K8sObject[], service: string) {
  return ofKind(objects, "Deployment").find((deployment) => componentOf(deployment) === service)!.spec.template.spec;
}

/** The variables the chart gives a service's container: its ConfigMap's and its env's. */
function envOf(objects: K8sObject[], service: ServiceName): Map<string, unknown> {
  const container = podOf(objects, service).containers[0];
  const configMap = ofKind(objects, "ConfigMap").find(
    (map) => map.metadata.name === container.envFrom[0].configMapRef.name,
  )!;
  return new Map<string, unknown>([
    ...Object.entries(configMap.data!),
    ...container.env.map((env: any) => [env.name, env.value ?? env.valueFrom]),
  ]);
}

function valuesFile(values: unknown): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "levy-values-")), "values.yaml");
  writeFileSync(file, JSON.stringify(values));
  return file;
}

describe("chart settings", () => {
  let objects: K8sObject[];
  beforeAll(() => {
    provisionChartTools();
    objects = renderValid({ values: [productionValues] });
  }, 40 * 60_000);

  it.each(serviceNames)("%s: every setting its code reads is set by the chart or settable in values", (service) => {
    const setByChart = envOf(objects, service);
    const settable = new Set(Object.keys(settingsSchemaOf(service)));
    const forgotten = [...envNamesOf(service)].filter(
      (env) => !setByChart.has(env) && !settable.has(env) && !(env in notForProduction),
    );
    expect(forgotten).toEqual([]);
  });

  it.each(serviceNames)("%s: its settings in the schema are ones it reads, typed and described", (service) => {
    const reads = envNamesOf(service);
    for (const [name, property] of Object.entries(settingsSchemaOf(service))) {
      expect(`${name}: ${reads.has(name)}`).toBe(`${name}: true`);
      expect(name in notForProduction).toBe(false);
      expect(typeof property.description).toBe("string");
      expect(property.type ?? property.enum).toBeDefined();
      expect(property.examples?.length).toBeGreaterThan(0);
    }
  });

  it.each(serviceNames)("%s: production values set every setting in the schema", (service) => {
    const env = envOf(objects, service);
    expect(Object.keys(settingsSchemaOf(service)).filter((name) => !env.has(name))).toEqual([]);
  });

  it.each(serviceNames)(
    "%s: each setting's example in the schema reaches the pod and passes the service's own check",
    (service) => {
      const examples = Object.fromEntries(
        Object.entries(settingsSchemaOf(service)).map(([name, property]) => [name, property.examples[0]]),
      );
      const rendered = renderValid({ values: [valuesFile({ services: { [service]: { settings: examples } } })] });
      const env = envOf(rendered, service);
      for (const [name, value] of Object.entries(examples))
        expect(`${name}=${env.get(name)}`).toBe(`${name}=${String(value)}`);
      // Variables from Secrets are references here; stand-ins take their place.
      const plain = Object.fromEntries([...env].filter(([, value]) => typeof value === "string")) as Record<
        string,
        string
      >;
      const fromSecrets = {
        MONGODB_URI: "mongodb://mongo:27017",
        KAFKA_BROKERS: "kafka:9092",
        ADMIN_TOKEN: "a".repeat(24),
        API_KEY_PEPPER: "p".repeat(32),
      };
      expect(() => loadConfig(settingsOf[service], { ...plain, ...fromSecrets })).not.toThrow();
    },
  );

  it("mounts data files from volumes: global and per-service extraVolumes, extraVolumeMounts, extraEnv and initContainers", () => {
    const file = valuesFile({
      extraEnv: [{ name: "NODE_OPTIONS", value: "--max-old-space-size=512" }],
      extraVolumes: [{ name: "shared-data", secret: { secretName: "levy-shared" } }],
      extraVolumeMounts: [{ name: "shared-data", mountPath: "/data/shared", readOnly: true }],
      services: {
        "calc-engine": {
          settings: { US_ZIP_RATES_PATH: "/data/rates/zip5", RATE_DATA_DIR: "/data/rates/levy" },
          extraEnv: [{ name: "TZ", value: "UTC" }],
          extraVolumes: [{ name: "rates", emptyDir: {} }],
          extraVolumeMounts: [{ name: "rates", mountPath: "/data/rates", readOnly: true }],
          initContainers: [
            {
              name: "rates",
              image: "registry.example.com/rates:2026-11",
              command: ["cp", "-r", "/tables/.", "/data/rates/"],
              volumeMounts: [{ name: "rates", mountPath: "/data/rates" }],
            },
          ],
        },
      },
    });
    const rendered = renderValid({ values: [file] });
    const calc = podOf(rendered, "calc-engine");
    expect(calc.initContainers.map((container: any) => container.name)).toEqual(["rates"]);
    expect(calc.volumes.map((volume: any) => volume.name)).toEqual(["tmp", "shared-data", "rates"]);
    expect(calc.containers[0].volumeMounts).toEqual([
      { name: "tmp", mountPath: "/tmp" },
      { name: "shared-data", mountPath: "/data/shared", readOnly: true },
      { name: "rates", mountPath: "/data/rates", readOnly: true },
    ]);
    expect(envOf(rendered, "calc-engine").get("US_ZIP_RATES_PATH")).toBe("/data/rates/zip5");
    expect(calc.containers[0].env.filter((env: any) => env.value).map((env: any) => env.name)).toEqual([
      "NODE_OPTIONS",
      "TZ",
    ]);
    const ledger = podOf(rendered, "ledger");
    expect(ledger.initContainers).toBeUndefined();
    expect(ledger.volumes.map((volume: any) => volume.name)).toEqual(["tmp", "shared-data"]);
    expect(ledger.containers[0].env.filter((env: any) => env.value).map((env: any) => env.name)).toEqual([
      "NODE_OPTIONS",
    ]);
  });

  const rejected: [string, string[], RegExp][] = [
    ["a rate limit that is not a number", ["services.mcp-bridge.settings.MCP_RATE_LIMIT=many"], /MCP_RATE_LIMIT/],
    [
      "a public base URL that is not http(s)",
      ["services.gateway.settings.PUBLIC_BASE_URL=ftp://levy.example.com"],
      /PUBLIC_BASE_URL/,
    ],
    ["a relative rate data path", ["services.calc-engine.settings.RATE_DATA_DIR=data/rates"], /RATE_DATA_DIR/],
    [
      "an IP database setting on the wrong service",
      ["services.calc-engine.settings.GEO_RESOLVER_IP_DB_IPV4=/x.mmdb"],
      /GEO_RESOLVER_IP_DB_IPV4/,
    ],
    ["an extra variable without a name", ["extraEnv[0].value=x"], /name/],
    ["an extra volume mount without a path", ["services.ledger.extraVolumeMounts[0].name=x"], /mountPath/],
    [
      "a secret's variable as a plain value in extraEnv",
      ["services.gateway.extraEnv[0].name=ADMIN_TOKEN", "services.gateway.extraEnv[0].value=abc"],
      /extraEnv/,
    ],
    [
      "a test-only setting",
      ["services.certificates.settings.CERTIFICATES_TEST_HOSTS=a=1.2.3.4"],
      /CERTIFICATES_TEST_HOSTS/,
    ],
  ];
  it.each(rejected)("rejects %s through values.schema.json", (_, set, field) => {
    const result = helm("template", "rel", chartDir, ...set.flatMap((pair) => ["--set", pair]));
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(field);
  });
});
