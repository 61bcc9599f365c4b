// `levy.certificate.changed`: a certificate was created or changed. calc-engine drops
// its cached exemption answers for the account when it sees one.
import { createEvent, type EventEnvelope } from "@levy/events";
import type { Scope } from "@levy/storage";
import type { CertificateRecord } from "../domain/records.js";

export const certificateTopic = "levy.certificates.certificates";
export const certificateChanged = "levy.certificate.changed";
/** Outbox source name of the certificates collection. */
export const certificateSource = "certificates";

export interface CertificateChangedPayload {
  certificate_id: string;
  status: string;
  customer_id: string | null;
  reference_customer_id: string | null;
  jurisdictions: string[];
}

export function certificateChangedEvent(
  scope: Scope,
  certificate: CertificateRecord,
): EventEnvelope<CertificateChangedPayload> {
  return createEvent({
    type: certificateChanged,
    version: 1,
    scope,
    key: scope.accountId,
    payload: {
      certificate_id: certificate.id,
      status: certificate.status,
      customer_id: certificate.customer_id,
      reference_customer_id: certificate.reference_customer_id,
      jurisdictions: certificate.jurisdictions,
    },
  });
}
