// The HTTP/1.1 operations endpoints every service answers: /healthz (the process is
// alive), /readyz (dependencies reachable, not shutting down; `warnings` listed while
// ready, e.g. stale rate tables) and /metrics (Prometheus).
// The gateway and the MCP bridge mount the same handler on their public port instead.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Registry } from "prom-client";
import type { Readiness } from "./health.js";

export interface OpsEndpoints {
  /** Answers the request if it is an ops path; returns false otherwise. */
  handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<boolean>;
}

export function createOpsEndpoints(readiness: Readiness, registry: Registry): OpsEndpoints {
  const json = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  return {
    handle: async (request, response) => {
      const path = (request.url ?? "/").split("?")[0];
      if (request.method !== "GET" && request.method !== "HEAD") return false;
      if (path === "/healthz") {
        json(response, 200, { status: "ok" });
        return true;
      }
      if (path === "/readyz") {
        const failing = await readiness.failingChecks();
        const warnings = readiness.warnings();
        json(response, failing.length === 0 ? 200 : 503, {
          ...(failing.length === 0 ? { status: "ready" } : { status: "not_ready", failing }),
          ...(warnings.length > 0 ? { warnings } : {}),
        });
        return true;
      }
      if (path === "/metrics") {
        response.writeHead(200, { "content-type": registry.contentType });
        response.end(await registry.metrics());
        return true;
      }
      return false;
    },
  };
}

export interface OpsServer {
  readonly port: number;
  stop(): Promise<void>;
}

export async function startOpsServer(host: string, port: number, endpoints: OpsEndpoints): Promise<OpsServer> {
  const server = http.createServer((request, response) => {
    endpoints
      .handle(request, response)
      .then((handled) => {
        if (!handled) {
          response.writeHead(404, { "content-type": "application/json" });
          response.end(JSON.stringify({ error: "not found" }));
        }
      })
      .catch(() => {
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
