// Certificates: list with filters, get, hand entry (no document) and the exemption
// lookup calc-engine makes for each calculation with a customer.
import { LevyError, epochSeconds, newId, pageLimits, pageSize, scopeFrom } from "@levy/kit";
import type { ServiceImpl } from "@connectrpc/connect";
import type { CertificatesService } from "@levy/proto/levy/certificates/v1/certificates_pb.js";
import type { Range } from "@levy/storage";
import type { Collections } from "../adapters/collections.js";
import type { CertificateWriter } from "../adapters/certificate-writer.js";
import type { CustomerDirectory } from "../adapters/customer-directory.js";
import { coversDay, isoDay } from "../domain/certificate-status.js";
import type { CertificateRecord } from "../domain/records.js";
import { filteredList, liveScope } from "./listing.js";
import { createMessageBuilder, type MessageDeps } from "./messages.js";
import { customerFilter, linkMatches, liveBuyer } from "./request-handlers.js";

type Handlers = Pick<
  ServiceImpl<typeof CertificatesService>,
  "listCertificates" | "getCertificate" | "createCertificate" | "checkExemption"
>;

export interface CertificateHandlerDeps extends MessageDeps {
  readonly collections: Collections;
  readonly writeCertificate: CertificateWriter;
  readonly directory: CustomerDirectory;
}

const storedStatusOf: Record<string, CertificateRecord["status"]> = {
  processing: "processing",
  needs_info: "needs_info",
  active: "active",
  expiring: "active",
  expired: "active",
  invalid: "invalid",
};

export function certificateHandlers(deps: CertificateHandlerDeps): Handlers {
  const { collections } = deps;
  return {
    async listCertificates(request) {
      const scope = liveScope(request.scope);
      const messages = createMessageBuilder(deps, scope);
      const customer = request.customer ? await customerFilter(deps.directory, scope, request.customer) : null;
      const stored = request.status ? storedStatusOf[request.status] : undefined;
      const range: Range | undefined =
        request.createdFrom > 0n || request.createdTo > 0n
          ? {
              field: "created_at",
              ...(request.createdFrom > 0n ? { gte: Number(request.createdFrom) } : {}),
              ...(request.createdTo > 0n ? { lt: Number(request.createdTo) + 1 } : {}),
            }
          : undefined;
      const keep = (record: CertificateRecord) =>
        (!customer || linkMatches(record, customer)) &&
        (!request.status || messages.statusOf(record) === request.status) &&
        (!request.jurisdiction || record.jurisdictions.includes(request.jurisdiction)) &&
        (!request.expiresFrom || (record.expires_on !== null && record.expires_on >= request.expiresFrom)) &&
        (!request.expiresTo || (record.expires_on !== null && record.expires_on <= request.expiresTo));
      const page = await filteredList(collections.certificates, scope, {
        where: {
          ...(stored ? { status: stored } : {}),
          ...(request.certificateType ? { certificate_type: request.certificateType } : {}),
        },
        ...(range ? { range } : {}),
        limit: pageSize(request.limit),
        cursor: request.cursor,
        keep,
      });
      return {
        certificates: await Promise.all(page.items.map((item) => messages.certificate(item))),
        nextCursor: page.nextCursor,
      };
    },
    async getCertificate(request) {
      const scope = liveScope(request.scope);
      const record = await collections.certificates.get(scope, request.certificateId);
      if (!record)
        throw new LevyError("CERTIFICATE_NOT_FOUND", `no certificate ${request.certificateId}`, {
          field: "certificate_id",
        });
      return { certificate: await createMessageBuilder(deps, scope).certificate(record) };
    },
    async createCertificate(request) {
      const scope = liveScope(request.scope);
      const link = await deps.directory.link(scope, {
        id: request.customer?.id,
        reference_customer_id: request.customer?.referenceCustomerId,
      });
      if (request.buyerId) await liveBuyer(collections, scope, request.buyerId);
      const now = epochSeconds();
      const record = await deps.writeCertificate(scope, {
        id: newId("cert"),
        status: request.signed ? "active" : "needs_info",
        ...link,
        buyer_id: request.buyerId || null,
        certificate_type: request.certificateType,
        jurisdictions: request.jurisdictions,
        buyer_name: request.buyerName || null,
        issued_on: request.issuedOn || null,
        expires_on: request.expiresOn || null,
        signed: request.signed,
        missing: request.signed ? [] : ["signature"],
        invalid_reason: null,
        upload_id: null,
        document_upload_id: null,
        created_at: now,
        updated_at: now,
        pending_events: [],
      });
      return { certificate: await createMessageBuilder(deps, scope).certificate(record) };
    },
    async checkExemption(request) {
      const scope = scopeFrom(request.scope);
      // Certificates exist only in live mode; a test calculation is never exempted by one.
      if (!scope.livemode || (!request.customerId && !request.referenceCustomerId))
        return { exempt: false, certificateId: "", certificateType: "" };
      const customer = { id: request.customerId || null, reference: request.referenceCustomerId || null };
      const day = isoDay(Number(request.at) || epochSeconds());
      const state = request.jurisdiction.toUpperCase();
      const covers = (record: CertificateRecord) => record.jurisdictions.includes(state) && coversDay(record, day);
      let found: CertificateRecord | undefined;
      for (const where of [
        ...(customer.id ? [{ status: "active" as const, customer_id: customer.id }] : []),
        ...(customer.reference ? [{ status: "active" as const, reference_customer_id: customer.reference }] : []),
      ]) {
        let cursor: string | undefined;
        do {
          const page = await collections.certificates.list(scope, {
            where,
            limit: pageLimits.max,
            ...(cursor ? { cursor } : {}),
          });
          found = page.items.find(covers);
          cursor = found ? undefined : (page.nextCursor ?? undefined);
        } while (cursor);
        if (found) break;
      }
      return found
        ? { exempt: true, certificateId: found.id, certificateType: found.certificate_type }
        : { exempt: false, certificateId: "", certificateType: "" };
    },
  };
}
