// Limits of a public HTTP/1.1 listener (the gateway's REST port, the MCP bridge's /mcp
// port): how long a client may take to send headers and a whole request, how long an
// idle kept-alive connection stays open, and how many connections one address may hold.
// Node's defaults let a connection that never sends a byte live 90 s and a slow body
// 5 minutes or more, so both ports set their own.
import http from "node:http";
import type { Socket } from "node:net";
import { ConfigError, type ConfigOf, configSchemas, setting } from "./config.js";

export const httpServerSettings = {
  headersTimeoutMs: setting(
    "HTTP_HEADERS_TIMEOUT_MS",
    "time a client has to send a request's headers after connecting (a silent connection is closed after it, with 408)",
    configSchemas.positiveInt(20_000),
  ),
  requestTimeoutMs: setting(
    "HTTP_REQUEST_TIMEOUT_MS",
    "time a client has to send a whole request, body included (a slower upload is cut, with 408); at least HTTP_HEADERS_TIMEOUT_MS",
    configSchemas.positiveInt(60_000),
  ),
  keepAliveTimeoutMs: setting(
    "HTTP_KEEP_ALIVE_TIMEOUT_MS",
    "idle time after a response before a kept-alive connection is closed (keep it above the load balancer's idle timeout)",
    configSchemas.positiveInt(65_000),
  ),
  maxConnectionsPerIp: setting(
    "HTTP_MAX_CONNECTIONS_PER_IP",
    "open connections one client address may hold; further ones are closed at once (behind a proxy this counts the proxy's address)",
    configSchemas.positiveInt(256),
  ),
};

export type HttpServerLimits = ConfigOf<typeof httpServerSettings>;

/** Timeouts are enforced by a sweep over open connections, at most this far apart. */
const longestCheckIntervalMs = 1000;

/** Closes a client's connections beyond the bound as soon as they are accepted. */
function boundConnectionsPerAddress(server: http.Server, max: number): void {
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "";
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

export function createLimitedHttpServer(listener: http.RequestListener, limits: HttpServerLimits): http.Server {
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new ConfigError([
      `HTTP_HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs}) must not exceed HTTP_REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs})`,
    ]);
  }
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(longestCheckIntervalMs, limits.headersTimeoutMs),
    },
    listener,
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  boundConnectionsPerAddress(server, limits.maxConnectionsPerIp);
  return server;
}
