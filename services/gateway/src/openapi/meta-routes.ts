// Documented routes: this document and the operations endpoints on the REST port.
import { z } from "zod";
import type { RouteSpec } from "./route-spec.js";

const none = { auth: "none", tag: "operations" } as const;

export const metaRoutes: RouteSpec[] = [
  {
    ...none,
    method: "get",
    path: "/openapi.json",
    summary: "This document (OpenAPI 3.1)",
    responses: { 200: { description: "the document", schema: z.looseObject({ openapi: z.string() }) } },
  },
  {
    ...none,
    outsideExpress: true,
    method: "get",
    path: "/healthz",
    summary: "Liveness: the process answers",
    responses: { 200: { description: "alive", schema: z.object({ status: z.literal("ok") }) } },
  },
  {
    ...none,
    outsideExpress: true,
    method: "get",
    path: "/readyz",
    summary: "Readiness: dependencies reachable and not shutting down",
    responses: {
      200: { description: "ready", schema: z.object({ status: z.literal("ready") }) },
      503: {
        description: "not ready, naming the failing checks",
        schema: z.object({ status: z.literal("not_ready"), failing: z.array(z.string()) }),
      },
    },
  },
  {
    ...none,
    outsideExpress: true,
    method: "get",
    path: "/metrics",
    summary: "Prometheus metrics",
    responses: { 200: { description: "text exposition format", mediaTypes: ["text/plain"] } },
  },
];
