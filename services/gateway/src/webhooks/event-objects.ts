// The `data.object` of a webhook event: the object's public JSON, as the REST API answers
// it (@levy/presenters), read from its owning service when the domain event arrives, so
// receivers get the same shape they get from a GET. Document links are not included
// (they are signed per request); GET the certificate or upload for one.
import type { Client } from "@connectrpc/connect";
import type { EventEnvelope } from "@levy/events";
import { presentCertificate, presentFiling, presentRefund, presentTransaction, presentUpload } from "@levy/presenters";
import type { CertificatesService } from "@levy/proto/levy/certificates/v1/certificates_pb.js";
import type { LedgerService } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import type { WebhookEventType } from "./event-types.js";

export interface ObjectSources {
  readonly ledger: Client<typeof LedgerService>;
  readonly certificates: Client<typeof CertificatesService>;
}

export async function objectOf(
  type: WebhookEventType,
  event: EventEnvelope,
  sources: ObjectSources,
): Promise<Record<string, unknown>> {
  const scope = { accountId: event.account_id, livemode: event.livemode };
  const payload = event.payload as Record<string, string>;
  switch (type) {
    case "transaction.created": {
      const { transaction } = await sources.ledger.getTransaction({ scope, transactionId: payload.transaction_id! });
      return presentTransaction(transaction!) as Record<string, unknown>;
    }
    case "refund.created":
    case "refund.reversed": {
      const { refunds } = await sources.ledger.listRefunds({ scope, transactionId: payload.transaction_id! });
      const refund = refunds.find((candidate) => candidate.id === payload.refund_id);
      if (!refund) throw new Error(`refund ${payload.refund_id} is not among its transaction's refunds`);
      return presentRefund(refund) as Record<string, unknown>;
    }
    case "filing.ready": {
      const { filing } = await sources.ledger.getFiling({ scope, filingId: payload.filing_id! });
      return presentFiling(filing!) as Record<string, unknown>;
    }
    case "certificate.status_changed": {
      const { certificate } = await sources.certificates.getCertificate({
        scope,
        certificateId: payload.certificate_id!,
      });
      return presentCertificate(certificate!) as Record<string, unknown>;
    }
    case "certificate.processing_completed": {
      const { upload } = await sources.certificates.getUpload({ scope, uploadId: payload.upload_id! });
      return presentUpload(upload!) as Record<string, unknown>;
    }
  }
}
