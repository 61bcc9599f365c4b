// The chart renders, lints and validates offline against the real Kubernetes API types,
// and values.schema.json turns bad values away at install time.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  chartDir,
  helm,
  ofKind,
  productionValues,
  provisionChartTools,
  render,
  renderValid,
  validate,
} from "./chart-tools.js";

const provisionTimeout = 40 * 60_000; // a cold Go build of Helm on a busy 2-core machine

describe("helm/levy chart", () => {
  beforeAll(() => provisionChartTools(), provisionTimeout);

  it("passes helm lint --strict with default and production-like values", () => {
    for (const values of [[], ["--values", productionValues]]) {
      const result = helm("lint", "--strict", chartDir, ...values);
      expect(result.stderr + result.stdout).toContain("0 chart(s) failed");
      expect(result.status).toBe(0);
    }
  });

  it("renders manifests that decode strictly into the Kubernetes API types", () => {
    const defaults = renderValid();
    const counts = (objects: typeof defaults) =>
      Object.fromEntries(
        [
          "Deployment",
          "Service",
          "ServiceAccount",
          "ConfigMap",
          "HorizontalPodAutoscaler",
          "PodDisruptionBudget",
          "NetworkPolicy",
        ].map((kind) => [kind, ofKind(objects, kind).length]),
      );
    expect(counts(defaults)).toEqual({
      Deployment: 7,
      Service: 9,
      ServiceAccount: 7,
      ConfigMap: 7,
      HorizontalPodAutoscaler: 7,
      PodDisruptionBudget: 7,
      NetworkPolicy: 8,
    });
    expect(ofKind(defaults, "ServiceMonitor")).toHaveLength(0);

    const production = renderValid({ values: [productionValues] });
    // ledger runs a fixed replica count there, so it has no HPA; the 8th ConfigMap is the Grafana dashboard;
    // the 9th NetworkPolicy, the CronJob and the claim are geoipUpdate's.
    expect(counts(production)).toEqual({
      Deployment: 7,
      Service: 9,
      ServiceAccount: 7,
      ConfigMap: 8,
      HorizontalPodAutoscaler: 6,
      PodDisruptionBudget: 7,
      NetworkPolicy: 9,
    });
    expect(ofKind(production, "CronJob")).toHaveLength(1);
    expect(ofKind(production, "PersistentVolumeClaim")).toHaveLength(1);
    const dashboard = ofKind(production, "ConfigMap").find((map) => map.data?.["levy-overview.json"] !== undefined);
    expect(dashboard?.metadata.labels.grafana_dashboard).toBe("1");
    expect(JSON.parse(dashboard?.data["levy-overview.json"])).toEqual(
      JSON.parse(readFileSync(path.join(chartDir, "dashboards", "levy-overview.json"), "utf8")),
    );
    expect(ofKind(production, "Ingress")).toHaveLength(1);
    expect(ofKind(production, "ServiceMonitor")).toHaveLength(1);
    expect(ofKind(production, "PrometheusRule")).toHaveLength(1);
  });

  it("uses a validator that rejects unknown fields, wrong types and missing required fields", () => {
    const deployment = render()
      .split(/^---$/m)
      .find((doc) => doc.includes("kind: Deployment"))!;
    expect(validate(deployment).ok).toBe(false); // alone, its ServiceAccount and ConfigMap are missing
    const full = render();
    expect(validate(full).ok).toBe(true);
    const unknownField = validate(
      full.replace("readOnlyRootFilesystem: true", "readOnlyRootFilesystem: true\n            readOnlyRootFs: true"),
    );
    expect(unknownField.problems).toMatch(
      /unknown field "spec.template.spec.containers\[0\].securityContext.readOnlyRootFs"/,
    );
    const wrongType = validate(full.replace("revisionHistoryLimit: 5", "revisionHistoryLimit: five"));
    expect(wrongType.problems).toMatch(/revisionHistoryLimit/);
    const noImage = validate(full.replace(/^\s+image: .*$/m, ""));
    expect(noImage.problems).toMatch(/image is required/);
    const badPolicy = validate(full.replace("policyTypes: [Ingress, Egress]", "policyTypes: [Ingress, Egres]"));
    expect(badPolicy.problems).toMatch(/spec.policyTypes: unsupported value "Egres"/);
  });

  const rejected: [string, string[], RegExp][] = [
    ["an unknown top-level key", ["replicaCount=3"], /replicaCount/],
    ["an unknown service", ["services.billing.replicas=1"], /billing/],
    ["zero replicas", ["services.gateway.replicas=0"], /replicas/],
    ["a CPU limit that is not a quantity", ["services.ledger.resources.limits.cpu=lots"], /cpu/],
    ["a secret smuggled in as a setting", ["services.gateway.settings.ADMIN_TOKEN=abc"], /ADMIN_TOKEN/],
    ["a setting the service does not read", ["services.catalog.settings.UPSTREAM_TIMEOUT_MS=5"], /UPSTREAM_TIMEOUT_MS/],
    ["an empty Secret name", ["secrets.apiKeyPepper.existingSecret="], /existingSecret/],
    ["an unknown log level", ["logLevel=verbose"], /logLevel/],
    ["an alert threshold of zero", ["prometheusRule.consumerLagThreshold=0"], /consumerLagThreshold/],
    ["kafka-exporter alerts (replaced by Levy's own metrics)", ["prometheusRule.kafkaExporter=true"], /kafkaExporter/],
    ["a public Service of an internal service", ["services.ledger.publicService.type=LoadBalancer"], /publicService/],
    ["a minAvailable budget", ["services.catalog.podDisruptionBudget.minAvailable=1"], /minAvailable/],
    ["a breaker threshold over 100%", ["services.gateway.settings.BREAKER_ERROR_PERCENT=150"], /BREAKER_ERROR_PERCENT/],
  ];
  it.each(rejected)("rejects %s through values.schema.json", (_, set, field) => {
    const result = helm("template", "rel", chartDir, ...set.flatMap((pair) => ["--set", pair]));
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/values don't meet the specifications of the schema/);
    expect(result.stderr).toMatch(field);
  });

  it("rejects an autoscaler whose minimum exceeds its maximum", () => {
    const result = helm("template", "rel", chartDir, "--set", "services.catalog.autoscaling.minReplicas=5");
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/services.catalog.autoscaling: minReplicas exceeds maxReplicas/);
  });
});
