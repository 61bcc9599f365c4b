// What the bridge needs from the other services: key checks with the shared rate-limit
// counters in the same call, and signed document links (gateway) and the readers and writers of catalog,
// ledger, calc-engine and certificates.
// The bridge stores nothing of its own.
import type { Client } from "@connectrpc/connect";
import type { CalcEngineService } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import type { CertificatesService } from "@levy/proto/levy/certificates/v1/certificates_pb.js";
import type { CatalogService } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import type {
  DocumentLinkService,
  KeyService,
  RateCharge as RateChargeMessage,
  RateLimitService,
} from "@levy/proto/levy/gateway/v1/gateway_pb.js";
import type { LedgerService } from "@levy/proto/levy/ledger/v1/ledger_pb.js";

export type KeyVerifier = Pick<Client<typeof KeyService>, "verifyKey">;
/** The rate-limit bucket a key check also counts the request in. */
export type RateCharge = Pick<RateChargeMessage, "bucket" | "limit" | "windowSeconds">;
/** The separate count, for a gateway of an older release that ignores the charge (a rolling upgrade). */
export type RateLimiter = Pick<Client<typeof RateLimitService>, "consume">;

export interface Upstream {
  readonly keys: KeyVerifier;
  readonly rateLimits: RateLimiter;
  readonly catalog: Client<typeof CatalogService>;
  readonly ledger: Client<typeof LedgerService>;
  readonly calcEngine: Pick<
    Client<typeof CalcEngineService>,
    "listTaxCategories" | "lookupRates" | "calculate" | "calculatePlatform"
  >;
  readonly certificates: Client<typeof CertificatesService>;
  /** The same service with the longer submit deadline: submit downloads the document. */
  readonly certificateIntake: Pick<Client<typeof CertificatesService>, "submitUpload">;
  readonly documentLinks: Pick<Client<typeof DocumentLinkService>, "signDocumentLink">;
}

/** Who is calling: the account and mode of the verified key, nothing the caller can choose. */
export interface Caller {
  readonly accountId: string;
  readonly livemode: boolean;
  readonly keyId: string;
}
