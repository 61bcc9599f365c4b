// The chart against the running services (embedded mode): every probe asks a health
// service the process really answers SERVING, and the image's HEALTHCHECK script tells a
// ready service from a dead port. That every alert (and every dashboard panel) queries
// metrics the services export is checked in test/observability.
import { execFile } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grpcHealthCheck } from "../support/grpc-health.js";
import { startEmbeddedSystem, type SystemUnderTest } from "../support/system.js";
import {
  componentOf,
  ofKind,
  productionValues,
  provisionChartTools,
  renderValid,
  repoRoot,
  type K8sObject,
} from "./chart-tools.js";
import type { ServiceName } from "./code-topology.js";

describe("chart probes against running services", () => {
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
        expect(
          `${service} ${probe.grpc.service}: ${await grpcHealthCheck(system.grpcPorts[service], probe.grpc.service)}`,
        ).toBe(`${service} ${probe.grpc.service}: SERVING`);
      }
    }
  });

  it("the image's health check passes on a ready service and fails otherwise", async () => {
    // Asynchronously: the services run in this process and must answer while it waits.
    const check = (env: Record<string, string>) =>
      new Promise<{ status: number; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [path.join(repoRoot, "deploy", "container", "healthcheck.mjs")],
          { env: { PATH: process.env.PATH, ...env } },
          (error, _, stderr) => resolve({ status: error ? Number(error.code) : 0, stderr }),
        );
      });
    expect(await check({ LEVY_SERVICE: "catalog", CATALOG_OPS_PORT: String(system.opsPorts.catalog) })).toEqual({
      status: 0,
      stderr: "",
    });
    expect((await check({ LEVY_SERVICE: "ledger", LEDGER_OPS_PORT: String(system.grpcPorts.ledger) })).status).toBe(1); // not the ops port
    expect((await check({ LEVY_SERVICE: "billing" })).stderr).toMatch(/not a Levy service/);
  });
});
