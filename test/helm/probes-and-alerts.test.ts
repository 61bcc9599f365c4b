// The chart against the running services (embedded mode): every probe asks a health
// service the process really answers SERVING, the image's HEALTHCHECK script tells a
// ready service from a dead port, and every alert queries metrics the services export.
import { execFile } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grpcHealthCheck } from "../support/grpc-health.js";
import { startEmbeddedSystem, type SystemUnderTest } from "../support/system.js";
import { componentOf, ofKind, productionValues, provisionChartTools, renderValid, repoRoot, type K8sObject } from "./chart-tools.js";
import type { ServiceName } from "./code-topology.js";

describe("chart probes and alerts against running services", () => {
  let system: SystemUnderTest;
  let objects: K8sObject[];
  beforeAll(async () => {
    provisionChartTools();
    objects = renderValid({ values: [productionValues] });
    system = await startEmbeddedSystem();
  }, 40 * 60_000);
  afterAll(() => system?.stop());

  it("every readiness, liveness and startup probe gets SERVING from its service", async () => {
    for (const deployment of ofKind(objects, "Deployment")) {
      const service = componentOf(deployment) as ServiceName;
      const container = deployment.spec.template.spec.containers[0];
      for (const probe of [container.readinessProbe, container.livenessProbe, container.startupProbe]) {
        expect(`${service} ${probe.grpc.service}: ${await grpcHealthCheck(system.grpcPorts[service], probe.grpc.service)}`).toBe(
          `${service} ${probe.grpc.service}: SERVING`,
        );
      }
    }
  });

  it("the image's health check passes on a ready service and fails otherwise", async () => {
    // Asynchronously: the services run in this process and must answer while it waits.
    const check = (env: Record<string, string>) =>
      new Promise<{ status: number; stderr: string }>((resolve) => {
        execFile(process.execPath, [path.join(repoRoot, "deploy", "container", "healthcheck.mjs")], { env: { PATH: process.env.PATH, ...env } }, (error, _, stderr) =>
          resolve({ status: error ? Number(error.code) : 0, stderr }),
        );
      });
    expect(await check({ LEVY_SERVICE: "catalog", CATALOG_OPS_PORT: String(system.opsPorts.catalog) })).toEqual({ status: 0, stderr: "" });
    expect((await check({ LEVY_SERVICE: "ledger", LEDGER_OPS_PORT: String(system.grpcPorts.ledger) })).status).toBe(1); // not the ops port
    expect((await check({ LEVY_SERVICE: "billing" })).stderr).toMatch(/not a Levy service/);
  });

  it("every alert queries metrics the services export (kafka-exporter's only when enabled)", async () => {
    const auth = { authorization: "Bearer sk_test_00000000000000000000000000000000" };
    await fetch(`${system.restUrl}/tax/customers`, { headers: auth }); // one REST request, so the HTTP metrics have samples
    const exported = new Set<string>();
    for (const port of Object.values(system.opsPorts)) {
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
        exported.add(name!);
        if (type === "histogram") for (const suffix of ["_bucket", "_sum", "_count"]) exported.add(name! + suffix);
      }
    }
    // Every selector in the rules carries matchers, so a name followed by "{" is a metric.
    const metricsOf = (rendered: K8sObject[]) =>
      ofKind(rendered, "PrometheusRule").flatMap((rule) =>
        rule.spec.groups.flatMap((group: any) => group.rules.flatMap((r: any) => [...String(r.expr).matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\{/g)].map((m) => m[1]!))),
      );
    const used = metricsOf(objects);
    expect(used.length).toBeGreaterThanOrEqual(5);
    const levy = used.filter((name) => name.startsWith("levy_"));
    expect(levy.filter((name) => !exported.has(name))).toEqual([]);
    expect([...new Set(used.filter((name) => !name.startsWith("levy_")))].sort()).toEqual(["kafka_consumergroup_lag", "kafka_topic_partition_current_offset"]);
    const withoutExporter = metricsOf(renderValid({ values: [productionValues], set: ["prometheusRule.kafkaExporter=false"] }));
    expect(withoutExporter.filter((name) => !name.startsWith("levy_"))).toEqual([]);
  });
});
