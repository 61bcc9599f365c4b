// "Every panel of the dashboard queries metrics the services really export": start the
// system, drive a short journey through the REST API and the MCP endpoint (a calculation,
// a transaction, a certificate upload processed to the end, an agent-tool call, errors),
// scrape every service's /metrics and check each metric named by a dashboard query, a
// dashboard variable or an alert of the rendered chart, naming the missing ones.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import type { SystemUnderTest } from "../support/system.js";
import { exportedFamilies, metricNamesOf, missingMetrics } from "../support/promql-metrics.js";
import { makePdf, sstCertificate } from "../certificates/support/documents.js";
import {
  documentServerEnv,
  startDocumentServer,
  type DocumentServer,
} from "../certificates/support/document-server.js";
import { callTool, withMcp } from "../mcp/mcp-client.js";
import { ofKind, productionValues, provisionChartTools, renderValid, repoRoot } from "../helm/chart-tools.js";

const dashboardFile = path.join(repoRoot, "helm", "levy", "dashboards", "levy-overview.json");
const detroit = {
  address_line_1: "1 Woodward Ave",
  address_city: "Detroit",
  address_province: "MI",
  address_postal_code: "48226",
  address_country: "US",
};

/** Every PromQL of the dashboard: panel targets (rows included) and query variables. */
export function dashboardQueries(dashboard: any): Array<{ where: string; expr: string }> {
  const panels = (dashboard.panels as any[]).flatMap((panel) => [panel, ...(panel.panels ?? [])]);
  const targets = panels.flatMap((panel) =>
    (panel.targets ?? []).map((target: any) => ({ where: `panel "${panel.title}"`, expr: String(target.expr) })),
  );
  // label_values(<selector>, <label>): only the selector names a metric.
  const variables = (dashboard.templating?.list ?? [])
    .filter((variable: any) => variable.type === "query")
    .map((variable: any) => ({
      where: `variable ${variable.name}`,
      expr: String(variable.query?.query ?? variable.query).replace(/^label_values\((.*),\s*[a-zA-Z_]+\)$/, "$1"),
    }));
  return [...targets, ...variables];
}

export function describeObservability(
  mode: string,
  startSystem: (env: Record<string, string>) => Promise<SystemUnderTest>,
): void {
  describe(`dashboard and alerts query exported metrics (${mode})`, () => {
    let system: SystemUnderTest;
    let docs: DocumentServer;
    let families: Map<string, string>;
    const scraped: Record<string, string> = {};

    beforeAll(async () => {
      provisionChartTools();
      docs = await startDocumentServer();
      system = await startSystem(documentServerEnv(docs));
      const api = createApi(system.restUrl);
      const account = await createAccount(system.restUrl, system.adminToken, "Observability");
      const key = account.liveSecret;
      const version = "2026-03-01";
      // A customer, a calculation and its transaction (storage, RPCs, the ledger's events).
      const customer = await api("/tax/customers", {
        key,
        version,
        body: { reference_customer_id: `obs-${Date.now()}`, name: "Acme Wholesale" },
      });
      expect(customer.status).toBe(200);
      const calculationBody = {
        customer: { address: detroit },
        order_details: {
          customer_currency_code: "USD",
          tax_included_in_amount: false,
          line_items: [
            { amount: 1000, quantity: 1, product_category: "GENERAL_MERCHANDISE", reference_line_item_id: "l1" },
          ],
        },
      };
      const calculation = await api("/tax/calculations", { key, version, body: calculationBody });
      expect(calculation.status).toBe(200);
      const recorded = await api("/tax/transactions", {
        key,
        version,
        body: {
          calculation_id: calculation.body.id,
          reference_order_id: `obs-${Date.now()}`,
          transaction_processed_at: 1_790_000_000,
        },
      });
      expect(recorded.status).toBe(200);
      // Errors: a REST 400 (refused by the gateway) and a calculation the engine refuses.
      expect((await api("/tax/calculations", { key, version, body: { order_details: {} } })).status).toBe(400);
      const tooEarly = await api("/tax/calculations", {
        key,
        version,
        body: { ...calculationBody, transacted_at: 100 },
      });
      expect(tooEarly.body.error?.error_meta?.field).toBe("transacted_at");
      // A certificate upload, processed to the end (the certificates topic and backlog).
      docs.serve(
        "/obs/sst.pdf",
        makePdf({ certificates: [sstCertificate(["WA"])], nonce: `obs-${Date.now()}` }),
        "application/pdf",
      );
      const upload = await api("/tax/certificates", {
        key,
        version,
        body: { document_url: docs.url("/obs/sst.pdf"), customer: { id: customer.body.id } },
      });
      expect(upload.status).toBe(201);
      for (
        let status = "processing";
        status === "processing";
        await new Promise((resolve) => setTimeout(resolve, 100))
      ) {
        status = (await api(`/tax/certificate-uploads/${upload.body.id}`, { key, version })).body.status;
      }
      // An agent-tool call through the MCP endpoint.
      const result = await withMcp(system.mcpUrl, key, (client) => callTool(client, "get_sales_summary", {}));
      expect(result.isError).toBeFalsy();
      // The ledger's filings consumer applies the journey's events after the answers (in
      // distributed mode from a fetch Kafka may hold up to a second): wait until it has.
      const filingsProcessed =
        /^levy_events_consumed_total\{[^}]*group="ledger-filings"[^}]*outcome="processed"[^}]*\} ([1-9]\d*)/m;
      for (let waited = 0; waited < 30_000; waited += 100) {
        const text = await (await fetch(`http://127.0.0.1:${system.opsPorts.ledger}/metrics`)).text();
        if (filingsProcessed.test(text)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Every service's own registry, scraped from its ops port.
      families = new Map();
      for (const [service, port] of Object.entries(system.opsPorts)) {
        const response = await fetch(`http://127.0.0.1:${port}/metrics`);
        expect(`${service} ${response.status}`).toBe(`${service} 200`);
        scraped[service] = await response.text();
        if (process.env.DUMP_METRICS)
          (await import("node:fs")).writeFileSync(`/tmp/metrics-${service}.txt`, scraped[service]!);
        for (const [name, type] of exportedFamilies(scraped[service]!)) families.set(name, type);
      }
    }, 40 * 60_000);
    afterAll(async () => {
      await system?.stop();
      await docs?.close();
    });

    it("every dashboard query names only metrics the services export, with samples", () => {
      const queries = dashboardQueries(JSON.parse(readFileSync(dashboardFile, "utf8")));
      expect(queries.length).toBeGreaterThanOrEqual(30);
      const missing = queries.flatMap(({ where, expr }) =>
        missingMetrics(metricNamesOf(expr), families).map((name) => `${where}: ${name}`),
      );
      expect(missing).toEqual([]);
    });

    it("the dashboard has a row for each area the runbook describes", () => {
      const rows = (JSON.parse(readFileSync(dashboardFile, "utf8")).panels as any[])
        .filter((panel) => panel.type === "row")
        .map((panel) => panel.title.split(":")[0]);
      expect(rows).toEqual([
        "REST API (gateway)",
        "RPC between services",
        "Calculations",
        "Events (Kafka or in-process)",
        "Circuit breakers and database",
        "Certificate processing backlog",
        "Processes",
      ]);
    });

    it("every alert of the rendered chart queries only metrics the services export", () => {
      const rules = ofKind(renderValid({ values: [productionValues] }), "PrometheusRule").flatMap((rule) =>
        rule.spec.groups.flatMap((group: any) => group.rules),
      );
      expect([...new Set(rules.map((rule: any) => rule.alert))].sort()).toEqual([
        "LevyCertificateBacklog",
        "LevyCircuitBreakerOpen",
        "LevyConsumerLagHigh",
        "LevyDeadLetterGrowing",
        "LevyIpDatabaseStale",
        "LevyOutboxBacklog",
        "LevyRestErrorRatioHigh",
        "LevyRestLatencyP99High",
        "LevyRpcErrorRatioHigh",
        "LevyRpcLatencyP99High",
        "LevyTargetDown",
      ]);
      // "up" is Prometheus's own series per scrape target (LevyTargetDown), not a service's.
      const queried = (rule: any) => metricNamesOf(String(rule.expr)).filter((name) => name !== "up");
      const missing = rules.flatMap((rule: any) =>
        missingMetrics(queried(rule), families).map((name) => `${rule.alert}: ${name}`),
      );
      expect(missing).toEqual([]);
      expect(rules.flatMap(queried).filter((name: string) => !name.startsWith("levy_"))).toEqual([]);
    });

    it("the journey shows up in each service's own figures", () => {
      // The value of the series with exactly these labels (in any order), plus the service's own.
      const value = (service: string, series: string) => {
        const [, name, labels] = /^([^{]+)\{(.*)\}$/.exec(series)!;
        const wanted = [...labels!.split(",").filter(Boolean), `service="${service}"`].sort().join(",");
        for (const [, sampleName, sampleLabels, sampleValue] of scraped[service]!.matchAll(
          /^([^{\s]+)\{(.*)\} (\S+)$/gm,
        )) {
          if (sampleName === name && sampleLabels!.split(",").sort().join(",") === wanted) return Number(sampleValue);
        }
        return undefined;
      };
      expect(
        value("calc-engine", 'levy_calculations_total{country="US",tax_type="SALES",outcome="taxed"}'),
      ).toBeGreaterThanOrEqual(1);
      expect(
        value("calc-engine", 'levy_calculations_total{country="unknown",tax_type="none",outcome="error"}'),
      ).toBeGreaterThanOrEqual(1);
      expect(
        value("ledger", 'levy_events_produced_total{topic="levy.ledger.transactions",outcome="ok"}'),
      ).toBeGreaterThanOrEqual(1);
      expect(
        value(
          "ledger",
          'levy_events_consumed_total{topic="levy.ledger.transactions",group="ledger-filings",outcome="processed"}',
        ),
      ).toBeGreaterThanOrEqual(1);
      expect(
        value(
          "certificates",
          'levy_events_consumed_total{topic="levy.certificates.uploads",group="certificates-processor",outcome="processed"}',
        ),
      ).toBeGreaterThanOrEqual(1);
      // calc-engine follows certificate changes with a per-instance group, counted under its name.
      expect(
        value(
          "calc-engine",
          'levy_events_consumer_lag{topic="levy.certificates.certificates",group="calc-engine-exemptions"}',
        ),
      ).toBeGreaterThanOrEqual(0);
      expect(value("certificates", "levy_certificate_uploads_processing{}")).toBe(0);
      expect(
        value(
          "calc-engine",
          'levy_rpc_server_requests_total{method="levy.calc_engine.v1.CalcEngineService/Calculate",code="invalid_argument"}',
        ),
      ).toBeGreaterThanOrEqual(1);
      expect(
        value(
          "gateway",
          'levy_db_operation_duration_seconds_count{collection="api_keys",operation="find_one",outcome="ok"}',
        ),
      ).toBeGreaterThanOrEqual(1);
      // Each service counts only its own: the gateway publishes and consumes no events.
      expect(scraped.gateway).not.toMatch(/^levy_events_produced_total\{/m);
    });
  });
}
