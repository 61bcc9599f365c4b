// Connect clients of the gateway, catalog, ledger, calc-engine and certificates, each call
// bounded by UPSTREAM_TIMEOUT_MS (a certificate submit by CERTIFICATE_SUBMIT_TIMEOUT_MS) so a hung dependency cannot hold an agent's request forever.
import { createRpcClient, createRpcTransport, type ServiceMetrics } from "@levy/kit";
import { CalcEngineService } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { CertificatesService } from "@levy/proto/levy/certificates/v1/certificates_pb.js";
import { CatalogService } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import { DocumentLinkService, KeyService, RateLimitService } from "@levy/proto/levy/gateway/v1/gateway_pb.js";
import { LedgerService } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import type { Upstream } from "../ports/upstream.js";
import { withCallDeadline } from "./call-deadline.js";

export interface ConnectUpstreamOptions {
  readonly gatewayUrl: string;
  readonly catalogUrl: string;
  readonly calcEngineUrl: string;
  readonly ledgerUrl: string;
  readonly certificatesUrl: string;
  readonly timeoutMs: number;
  readonly submitTimeoutMs: number;
  readonly metrics: ServiceMetrics;
}

export function createConnectUpstream(options: ConnectUpstreamOptions): Upstream {
  const transport = (baseUrl: string, timeoutMs = options.timeoutMs) =>
    withCallDeadline(createRpcTransport({ baseUrl, interceptors: [options.metrics.clientInterceptor] }), timeoutMs);
  const gateway = transport(options.gatewayUrl);
  return {
    keys: createRpcClient(KeyService, gateway),
    rateLimits: createRpcClient(RateLimitService, gateway),
    documentLinks: createRpcClient(DocumentLinkService, gateway),
    certificates: createRpcClient(CertificatesService, transport(options.certificatesUrl)),
    certificateIntake: createRpcClient(
      CertificatesService,
      transport(options.certificatesUrl, options.submitTimeoutMs),
    ),
    catalog: createRpcClient(CatalogService, transport(options.catalogUrl)),
    ledger: createRpcClient(LedgerService, transport(options.ledgerUrl)),
    calcEngine: createRpcClient(CalcEngineService, transport(options.calcEngineUrl)),
  };
}
