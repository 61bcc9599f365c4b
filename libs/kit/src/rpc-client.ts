// Clients for calling other Levy services: the Connect protocol with binary protobuf over
// HTTP/2, chosen by the per-hop bench (docs/performance.md, issue 17) as cheaper per call
// than the gRPC protocol on the same server, which still serves gRPC for probes and
// grpc-js clients. The request id of the current context is forwarded so logs line up.
import type { DescService } from "@bufbuild/protobuf";
import { createClient, type Client, type Interceptor, type Transport } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { withInProcessRoute } from "./in-process-rpc.js";
import { REQUEST_ID_HEADER, currentRequestContext } from "./request-context.js";

const forwardRequestId: Interceptor = (next) => (request) => {
  const context = currentRequestContext();
  if (context && !request.header.has(REQUEST_ID_HEADER)) request.header.set(REQUEST_ID_HEADER, context.requestId);
  return next(request);
};

export interface RpcTransportOptions {
  /** e.g. http://127.0.0.1:50055 */
  readonly baseUrl: string;
  readonly interceptors?: readonly Interceptor[];
}

export function createRpcTransport(options: RpcTransportOptions): Transport {
  const interceptors = [forwardRequestId, ...(options.interceptors ?? [])];
  const network = createConnectTransport({
    baseUrl: options.baseUrl,
    httpVersion: "2",
    useBinaryFormat: true,
    interceptors,
    // Keep the HTTP/2 connection warm between calls; reconnect after the peer restarts.
    pingIntervalMs: 30_000,
    // No gzip between services: on a cluster network compressing a calculation costs
    // both sides more CPU than the bytes cost (docs/performance.md, issue 17).
    acceptCompression: [],
    idleConnectionTimeoutMs: 60_000,
  });
  // Embedded mode: a peer in this process is called without HTTP/2 (see in-process-rpc.ts).
  return withInProcessRoute(options.baseUrl, network, interceptors);
}

export function createRpcClient<S extends DescService>(service: S, transport: Transport): Client<S> {
  return createClient(service, transport);
}
