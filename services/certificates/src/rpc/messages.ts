// Stored records → RPC messages (@levy/presenters turns these into the public JSON).
// Customer names are read from catalog when a message is built (falling back to the linked
// buyer's legal name), and certificate statuses are derived from the dates at that moment;
// a builder caches lookups for one response.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { epochSeconds } from "@levy/kit";
import type {
  BuyerSchema,
  CertificateRequestSchema,
  CertificateSchema,
  CustomerLinkSchema,
  UploadSchema,
} from "@levy/proto/levy/certificates/v1/certificates_pb.js";
import type { Collection, Scope } from "@levy/storage";
import type { Customer } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import type { CustomerDirectory } from "../adapters/customer-directory.js";
import { certificateStatusAt, isoDay } from "../domain/certificate-status.js";
import type {
  BuyerRecord,
  CertificateRecord,
  CustomerLinkRecord,
  RequestRecord,
  UploadRecord,
} from "../domain/records.js";

export interface MessageDeps {
  readonly directory: CustomerDirectory;
  readonly buyers: Collection<BuyerRecord>;
  readonly expiringDays: number;
}

export type MessageBuilder = ReturnType<typeof createMessageBuilder>;

export function buyerMessage(buyer: BuyerRecord): MessageInitShape<typeof BuyerSchema> {
  return {
    id: buyer.id,
    legalName: buyer.legal_name,
    customer: { id: buyer.customer_id ?? "", referenceCustomerId: buyer.reference_customer_id ?? "" },
    createdAt: BigInt(buyer.created_at),
    deletedAt: BigInt(buyer.deleted_at ?? 0),
  };
}

export function createMessageBuilder(deps: MessageDeps, scope: Scope) {
  const customers = new Map<string, Promise<Customer | null>>();
  const buyers = new Map<string, Promise<BuyerRecord | null>>();
  const today = isoDay(epochSeconds());

  const customerOf = (link: CustomerLinkRecord) => {
    const key = `${link.customer_id ?? ""}|${link.reference_customer_id ?? ""}`;
    if (!customers.has(key)) customers.set(key, deps.directory.lookup(scope, link));
    return customers.get(key)!;
  };
  const buyerOf = (id: string | null) => {
    if (!id) return Promise.resolve(null);
    if (!buyers.has(id)) buyers.set(id, deps.buyers.get(scope, id));
    return buyers.get(id)!;
  };

  async function links(record: CustomerLinkRecord & { buyer_id: string | null }) {
    const [customer, buyer] = await Promise.all([customerOf(record), buyerOf(record.buyer_id)]);
    const link: MessageInitShape<typeof CustomerLinkSchema> = {
      id: customer?.id ?? record.customer_id ?? "",
      referenceCustomerId: customer?.referenceCustomerId || record.reference_customer_id || "",
      name: customer?.name || buyer?.legal_name || "",
    };
    return { customer: link, ...(buyer ? { linkedBuyer: buyerMessage(buyer) } : {}) };
  }

  return {
    statusOf: (certificate: CertificateRecord) => certificateStatusAt(certificate, today, deps.expiringDays),
    async request(record: RequestRecord): Promise<MessageInitShape<typeof CertificateRequestSchema>> {
      return {
        id: record.id,
        status: record.status,
        ...(await links(record)),
        jurisdictions: record.jurisdictions,
        certificateId: record.certificate_id ?? "",
        createdAt: BigInt(record.created_at),
        updatedAt: BigInt(record.updated_at),
      };
    },
    async certificate(record: CertificateRecord): Promise<MessageInitShape<typeof CertificateSchema>> {
      const status = certificateStatusAt(record, today, deps.expiringDays);
      return {
        id: record.id,
        status,
        ...(await links(record)),
        certificateType: record.certificate_type,
        jurisdictions: record.jurisdictions.map((jurisdiction) => ({
          jurisdiction,
          status,
          expiresOn: record.expires_on ?? "",
        })),
        buyerName: record.buyer_name ?? "",
        issuedOn: record.issued_on ?? "",
        expiresOn: record.expires_on ?? "",
        signed: record.signed,
        missing: record.missing,
        uploadId: record.upload_id ?? "",
        documentUploadId: record.document_upload_id ?? "",
        invalidReason: record.invalid_reason ?? "",
        createdAt: BigInt(record.created_at),
        updatedAt: BigInt(record.updated_at),
      };
    },
    async upload(record: UploadRecord): Promise<MessageInitShape<typeof UploadSchema>> {
      return {
        id: record.id,
        status: record.status,
        filename: record.filename,
        documentType: record.document_type,
        sizeBytes: BigInt(record.size_bytes),
        sha256: record.sha256,
        certificateIds: record.certificate_ids,
        errorMessage: record.error_message ?? "",
        ...(await links(record)),
        certificateRequestId: record.certificate_request_id ?? "",
        duplicateOf: record.duplicate_of ?? "",
        createdAt: BigInt(record.created_at),
        completedAt: BigInt(record.completed_at ?? 0),
      };
    },
  };
}
