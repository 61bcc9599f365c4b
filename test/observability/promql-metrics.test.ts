// The PromQL metric-name extractor and the export check behind the dashboard and alert
// tests: what they must find, what they must skip, and that a made-up metric fails.
import { describe, expect, it } from "vitest";
import { aggregationsOver, exportedFamilies, metricNamesOf, missingMetrics } from "../support/promql-metrics.js";

describe("metricNamesOf", () => {
  it("finds plain and labelled selectors, with ranges and offsets", () => {
    expect(metricNamesOf("up")).toEqual(["up"]);
    expect(metricNamesOf('rate(levy_http_requests_total{status=~"5..", route!="/x"}[5m] offset 1h)')).toEqual([
      "levy_http_requests_total",
    ]);
    expect(metricNamesOf("levy_a_total + on(service) group_left(route) levy_b")).toEqual(["levy_a_total", "levy_b"]);
  });

  it("skips functions, aggregations, grouping labels, keywords, numbers and durations", () => {
    const expression = `histogram_quantile(0.99, sum by (le, route) (rate(levy_http_request_duration_seconds_bucket{namespace="levy"}[5m]))) > 1
      and sum without (instance) (increase(levy_events_consumed_total{outcome="dead_lettered"}[15m])) > bool 0
      unless max(levy_circuit_breaker_state) by (upstream) == 2 or vector(1e3) * 2.5`;
    expect(metricNamesOf(expression)).toEqual([
      "levy_http_request_duration_seconds_bucket",
      "levy_events_consumed_total",
      "levy_circuit_breaker_state",
    ]);
  });

  it("skips strings, label values that look like names, Grafana variables and subqueries", () => {
    const expression = `label_replace(sum(rate(levy_rpc_server_requests_total{service=~"$service", code!="ok"}[$__rate_interval])), "x", "not_a_metric", "method", "(.*)")
      / max_over_time(levy_events_consumer_lag{group="\${group}"}[1h:5m]) # comment_metric
      + \${not_a_metric_either}`;
    expect(metricNamesOf(expression)).toEqual(["levy_rpc_server_requests_total", "levy_events_consumer_lag"]);
  });

  it("takes recording-rule names with colons, once each", () => {
    expect(metricNamesOf("job:levy_requests:rate5m / job:levy_requests:rate5m")).toEqual(["job:levy_requests:rate5m"]);
  });
});

describe("missingMetrics", () => {
  const exposition = [
    "# HELP levy_http_requests_total REST requests",
    "# TYPE levy_http_requests_total counter",
    'levy_http_requests_total{route="/tax/customers",method="GET",status="200"} 1',
    "# TYPE levy_http_request_duration_seconds histogram",
    'levy_http_request_duration_seconds_bucket{le="0.1"} 1',
    "levy_http_request_duration_seconds_sum 0.01",
    "levy_http_request_duration_seconds_count 1",
    "# TYPE levy_never_observed_total counter",
    "# TYPE levy_things_count gauge",
    "levy_things_count 3",
  ].join("\n");
  const families = exportedFamilies(exposition);

  it("accepts exported families and the series of a histogram", () => {
    expect(
      missingMetrics(
        [
          "levy_http_requests_total",
          "levy_http_request_duration_seconds_bucket",
          "levy_http_request_duration_seconds_count",
          "levy_things_count",
        ],
        families,
      ),
    ).toEqual([]);
  });

  it("names a made-up metric, a declared family without samples, and histogram suffixes on a counter", () => {
    const panelQuery =
      "sum(rate(levy_made_up_total[5m])) + sum(levy_never_observed_total) + levy_http_requests_total_bucket";
    expect(missingMetrics(metricNamesOf(panelQuery), families)).toEqual([
      "levy_http_requests_total_bucket",
      "levy_made_up_total",
      "levy_never_observed_total",
    ]);
  });
});

describe("aggregationsOver", () => {
  it("names the aggregation wrapping each selector of the metric, with or without by/without", () => {
    expect(
      aggregationsOver(
        'max by (service) (levy_outbox_pending_events{namespace="x"}) > 100',
        "levy_outbox_pending_events",
      ),
    ).toEqual(["max"]);
    expect(
      aggregationsOver(
        "sum(levy_certificate_uploads_processing) + max without (pod) ( levy_certificate_uploads_processing )",
        "levy_certificate_uploads_processing",
      ),
    ).toEqual(["sum", "max"]);
    expect(
      aggregationsOver(
        "sum(max by (namespace) (levy_certificate_uploads_processing))",
        "levy_certificate_uploads_processing",
      ),
    ).toEqual(["max"]);
  });

  it("reports a bare selector as none and ignores longer names and strings", () => {
    expect(
      aggregationsOver(
        'levy_outbox_pending_events > 1 or sum(levy_outbox_pending_events_total) or label_replace(up, "a", "levy_outbox_pending_events", "b", "")',
        "levy_outbox_pending_events",
      ),
    ).toEqual(["none"]);
  });
});
