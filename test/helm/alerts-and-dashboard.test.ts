// How the dashboard and the alerts aggregate, read from the files and the rendered chart:
// gauges every replica reads from the same database are taken once (max), not summed
// per replica; latency alerts leave out what is slow by design; every service has a
// target-down alert. That they query exported metrics is test/observability's job.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { aggregationsOver, metricNamesOf } from "../support/promql-metrics.js";
import { dashboardQueries } from "../observability/observability-suite.js";
import { chartDir, ofKind, productionValues, provisionChartTools, renderValid } from "./chart-tools.js";
import { serviceNames } from "./code-topology.js";

/** Gauges each replica computes from the shared database: N replicas report the same figure. */
const replicaSharedGauges = [
  "levy_outbox_pending_events",
  "levy_certificate_uploads_processing",
  "levy_certificate_oldest_processing_upload_age_seconds",
  "levy_events_consumer_lag",
];

interface Rule {
  readonly alert: string;
  readonly expr: string;
  readonly labels?: Record<string, string>;
}

describe("dashboard and alert queries", () => {
  let rules: Rule[];
  beforeAll(() => {
    provisionChartTools();
    rules = ofKind(renderValid({ values: [productionValues] }), "PrometheusRule").flatMap((rule) =>
      rule.spec.groups.flatMap((group: any) => group.rules),
    );
  }, 40 * 60_000);

  it("takes the max, never the sum, of gauges every replica reads from the database", () => {
    const dashboard = JSON.parse(readFileSync(path.join(chartDir, "dashboards", "levy-overview.json"), "utf8"));
    const queries = [
      ...dashboardQueries(dashboard),
      ...rules.map((rule) => ({ where: `alert ${rule.alert}`, expr: rule.expr })),
    ];
    const used = queries.flatMap(({ where, expr }) =>
      replicaSharedGauges.flatMap((gauge) =>
        aggregationsOver(expr, gauge).map((aggregation) => `${where}: ${aggregation}(${gauge})`),
      ),
    );
    expect(used.length).toBeGreaterThanOrEqual(6);
    expect(used.filter((line) => !line.includes(": max("))).toEqual([]);
  });

  it("the REST p99 alert leaves out certificate submit, whose deadline is long by design", () => {
    const rest = rules.find((rule) => rule.alert === "LevyRestLatencyP99High")!;
    expect(rest.expr).toMatch(/sum by \(le, route, method\)/);
    expect(rest.expr).toMatch(/unless on \(route, method\)[\s\S]*route="\/tax\/certificates",method="POST"/);
    const rpc = rules.find((rule) => rule.alert === "LevyRpcLatencyP99High")!;
    expect(rpc.expr).toMatch(/method!="levy\.certificates\.v1\.CertificatesService\/SubmitUpload"/);
  });

  it("has a target-down alert for each service's scrape job", () => {
    const down = rules.filter((rule) => rule.alert === "LevyTargetDown");
    expect(down.map((rule) => rule.labels?.service).sort()).toEqual([...serviceNames].sort());
    for (const rule of down) {
      expect(metricNamesOf(rule.expr)).toEqual(["up"]);
      expect(rule.expr).toContain(`job="rel-levy-${rule.labels!.service}"`);
      expect(rule.expr).toMatch(/== 0/);
    }
  });

  it("has a stale IP database alert at the configured age", () => {
    const stale = rules.find((rule) => rule.alert === "LevyIpDatabaseStale")!;
    expect(metricNamesOf(stale.expr)).toEqual(["levy_geo_ip_database_build_timestamp_seconds"]);
    expect(stale.expr).toMatch(
      /time\(\) - min by \(database\) \(levy_geo_ip_database_build_timestamp_seconds\{[^}]*\}\) > 30 \* 86400/,
    );
  });
});
