// Connect clients of the gateway, catalog, ledger and calc-engine, each call bounded
// by UPSTREAM_TIMEOUT_MS so a hung dependency cannot hold an agent's request forever.
import type { Interceptor } from "@connectrpc/connect";
import { createRpcClient, createRpcTransport, type ServiceMetrics } from "@levy/kit";
import { CalcEngineService } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { CatalogService } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import { KeyService, RateLimitService } from "@levy/proto/levy/gateway/v1/gateway_pb.js";
import { LedgerService } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import type { Upstream } from "../ports/upstream.js";

export interface ConnectUpstreamOptions {
  readonly gatewayUrl: string;
  readonly catalogUrl: string;
  readonly calcEngineUrl: string;
  readonly ledgerUrl: string;
  readonly timeoutMs: number;
  readonly metrics: ServiceMetrics;
}

function deadline(timeoutMs: number): Interceptor {
  return (next) => (request) => next({ ...request, signal: AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]) });
}

export function createConnectUpstream(options: ConnectUpstreamOptions): Upstream {
  const transport = (baseUrl: string) =>
    createRpcTransport({ baseUrl, interceptors: [options.metrics.clientInterceptor, deadline(options.timeoutMs)] });
  const gateway = transport(options.gatewayUrl);
  return {
    keys: createRpcClient(KeyService, gateway),
    rateLimits: createRpcClient(RateLimitService, gateway),
    catalog: createRpcClient(CatalogService, transport(options.catalogUrl)),
    ledger: createRpcClient(LedgerService, transport(options.ledgerUrl)),
    calcEngine: createRpcClient(CalcEngineService, transport(options.calcEngineUrl)),
  };
}
