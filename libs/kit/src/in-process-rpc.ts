// Embedded mode runs every service in one process. Calls between them then skip HTTP/2
// and the loopback socket. By default a unary call hands its message straight to the
// peer's handler (direct-rpc.ts): the same handlers and the same server and client
// interceptors (request id, metrics, errors, deadlines), without serialising. The
// "router" route keeps the earlier hop through the peer's Connect router, protobuf-
// serialised; streaming calls always take it. The gRPC server keeps listening for
// everything outside the process (health probes, CLIs).
import type { ConnectRouter, Interceptor, Transport } from "@connectrpc/connect";
import { createUniversalHandlerClient } from "@connectrpc/connect/protocol";
import { createTransport } from "@connectrpc/connect/protocol-connect";
import { buildDirectServer, createDirectTransport, type DirectServer } from "./direct-rpc.js";

export type InProcessRoute = "direct" | "router";

let enabled = false;
let route: InProcessRoute = "direct";
let freezeMessages = false;
// Servers of this process by port (clients address peers as http://127.0.0.1:<port>).
const servers = new Map<number, DirectServer>();
const loopbackHosts = new Set(["127.0.0.1", "localhost", "[::1]"]);

export interface InProcessRpcOptions {
  /** true: calls to a server of this process stay in the process (embedded mode). */
  readonly enabled: boolean;
  /** How unary calls reach the peer: its handler directly (default) or its Connect router. */
  readonly route?: InProcessRoute;
  /** Deep-freeze messages handed over directly, so a handler or caller that mutates one throws (tests). */
  readonly freezeMessages?: boolean;
}

/** Switches in-process calls on or off for servers started (and calls made) from now on. */
export function configureInProcessRpc(options: InProcessRpcOptions): void {
  enabled = options.enabled;
  route = options.route ?? "direct";
  freezeMessages = options.freezeMessages ?? false;
}

/**
 * Makes a server's handlers reachable in-process; returns the function that withdraws
 * them. Nothing is built unless in-process calls are on (distributed mode never builds
 * the second router).
 */
export function registerInProcessServer(
  port: number,
  routes: (router: ConnectRouter) => void,
  interceptors: readonly Interceptor[],
): () => void {
  if (!enabled) return () => undefined;
  const server = buildDirectServer(routes, interceptors);
  servers.set(port, server);
  return () => {
    if (servers.get(port) === server) servers.delete(port);
  };
}

function portOf(baseUrl: string): number | undefined {
  try {
    const url = new URL(baseUrl);
    return loopbackHosts.has(url.hostname) && url.port ? Number(url.port) : undefined;
  } catch {
    return undefined;
  }
}

function routerTransport(server: DirectServer, interceptors: readonly Interceptor[]): Transport {
  return createTransport({
    httpClient: createUniversalHandlerClient([...server.handlers]),
    baseUrl: "https://in-process",
    useBinaryFormat: true,
    interceptors: [...interceptors],
    acceptCompression: [],
    sendCompression: null,
    compressMinBytes: Number.MAX_SAFE_INTEGER,
    readMaxBytes: Number.MAX_SAFE_INTEGER,
    writeMaxBytes: Number.MAX_SAFE_INTEGER,
  });
}

/**
 * A transport that, on every call, goes in-process while a server of this process holds
 * the address and over `network` otherwise (before it starts, after it stops, or when
 * the peer is another process). Decided per call: peers start and stop independently.
 */
export function withInProcessRoute(
  baseUrl: string,
  network: Transport,
  interceptors: readonly Interceptor[],
): Transport {
  const port = portOf(baseUrl);
  if (port === undefined) return network;
  let cached: { server: DirectServer; unary: Transport; streams: Transport } | undefined;
  const pick = (): { unary: Transport; streams: Transport } => {
    const server = enabled ? servers.get(port) : undefined;
    if (!server) return { unary: network, streams: network };
    if (cached?.server !== server) {
      const streams = routerTransport(server, interceptors);
      const unary =
        route === "direct" ? createDirectTransport({ server, interceptors, streams, freezeMessages }) : streams;
      cached = { server, unary, streams };
    }
    return cached;
  };
  return {
    unary: (...args) => pick().unary.unary(...args),
    stream: (...args) => pick().streams.stream(...args),
  };
}
