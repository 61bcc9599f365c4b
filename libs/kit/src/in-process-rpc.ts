// Embedded mode runs every service in one process. Calls between them can then skip
// HTTP/2 and the loopback socket and go straight to the peer's Connect router: the same
// handlers, the same server and client interceptors (request id, metrics, errors, deadlines),
// and still protobuf-serialised, so behaviour matches a call over the network. The gRPC
// server keeps listening for everything outside the process (health probes, CLIs).
import type { Interceptor, Transport } from "@connectrpc/connect";
import { createUniversalHandlerClient, type UniversalHandler } from "@connectrpc/connect/protocol";
import { createTransport } from "@connectrpc/connect/protocol-connect";

let enabled = false;
// Servers of this process by port (clients address peers as http://127.0.0.1:<port>).
const servers = new Map<number, readonly UniversalHandler[]>();
const loopbackHosts = new Set(["127.0.0.1", "localhost", "[::1]"]);

export interface InProcessRpcOptions {
  /** true: calls to a server of this process stay in the process (embedded mode). */
  readonly enabled: boolean;
}

/** Switches in-process calls on or off for servers started (and calls made) from now on. */
export function configureInProcessRpc(options: InProcessRpcOptions): void {
  enabled = options.enabled;
}

/**
 * Makes a server's handlers reachable in-process; returns the function that withdraws
 * them. `buildHandlers` is called only when in-process calls are on (distributed mode never
 * builds the second router).
 */
export function registerInProcessServer(port: number, buildHandlers: () => readonly UniversalHandler[]): () => void {
  if (!enabled) return () => undefined;
  const handlers = buildHandlers();
  servers.set(port, handlers);
  return () => {
    if (servers.get(port) === handlers) servers.delete(port);
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

/**
 * A transport that, on every call, goes in-process while a server of this process holds
 * the address and over `network` otherwise (before it starts, after it stops, or when
 * the peer is another process). Decided per call: peers start and stop independently.
 */
export function withInProcessRoute(baseUrl: string, network: Transport, interceptors: readonly Interceptor[]): Transport {
  const port = portOf(baseUrl);
  if (port === undefined) return network;
  let cached: { handlers: readonly UniversalHandler[]; transport: Transport } | undefined;
  const pick = (): Transport => {
    const handlers = enabled ? servers.get(port) : undefined;
    if (!handlers) return network;
    if (cached?.handlers !== handlers) {
      const transport = createTransport({
        httpClient: createUniversalHandlerClient([...handlers]),
        baseUrl: "https://in-process",
        useBinaryFormat: true,
        interceptors: [...interceptors],
        acceptCompression: [],
        sendCompression: null,
        compressMinBytes: Number.MAX_SAFE_INTEGER,
        readMaxBytes: Number.MAX_SAFE_INTEGER,
        writeMaxBytes: Number.MAX_SAFE_INTEGER,
      });
      cached = { handlers, transport };
    }
    return cached.transport;
  };
  return {
    unary: (...args) => pick().unary(...args),
    stream: (...args) => pick().stream(...args),
  };
}
