// Writes a new certificate with its `certificate changed` event in the outbox, once:
// a certificate id that exists already is left as it is (a re-run of processing).
import type { Outbox } from "@levy/kit";
import type { Scope, Stored } from "@levy/storage";
import type { CertificateRecord } from "../domain/records.js";
import { certificateChangedEvent, certificateSource } from "../events/certificate-events.js";
import type { Collections } from "./collections.js";

export type CertificateWriter = (scope: Scope, draft: CertificateRecord) => Promise<Stored<CertificateRecord>>;

export function createCertificateWriter(collections: Collections, outbox: Outbox): CertificateWriter {
  return async (scope, draft) => {
    const event = certificateChangedEvent(scope, draft);
    await outbox.announce(scope, certificateSource, draft.id, [event]);
    const { record } = await collections.certificates.insertIfAbsent(scope, { ...draft, pending_events: [event] });
    await outbox.flush(scope, certificateSource, draft.id);
    return record;
  };
}
