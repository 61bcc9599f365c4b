// RED metrics per REST route: requests by route template, method and status, and a
// latency histogram. The route label is the express template, never the raw path.
import type { NextFunction, Request, Response } from "express";
import { Counter, Histogram, type Registry } from "prom-client";
import { stateOf } from "./request-state.js";

export function httpMetrics(registry: Registry) {
  const labelNames = ["route", "method", "status"] as const;
  const requests = new Counter({
    name: "levy_http_requests_total",
    help: "REST requests answered, by route template, method and status",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "levy_http_request_duration_seconds",
    help: "Time to answer a REST request, by route template, method and status",
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    response.on("finish", () => {
      const route = stateOf(response).route ?? "unmatched";
      const labels = { route, method: request.method, status: String(response.statusCode) };
      requests.inc(labels);
      duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
