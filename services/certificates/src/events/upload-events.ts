// The certificates service's events (docs/events.md): `upload submitted` starts the
// asynchronous processing of a document; `upload processed` says it settled (completed or
// failed), for webhooks (certificate.processing_completed).
import { createEvent, type EventEnvelope } from "@levy/events";
import type { Scope } from "@levy/storage";

export const uploadTopic = "levy.certificates.uploads";
export const uploadSubmitted = "levy.certificate_upload.submitted";
export const uploadProcessed = "levy.certificate_upload.processed";
export const processorGroup = "certificates-processor";
/** Outbox source name of the uploads collection. */
export const uploadSource = "uploads";

export interface UploadSubmittedPayload {
  upload_id: string;
}

export function uploadSubmittedEvent(scope: Scope, uploadId: string): EventEnvelope<UploadSubmittedPayload> {
  return createEvent({ type: uploadSubmitted, version: 1, scope, key: uploadId, payload: { upload_id: uploadId } });
}

export interface UploadProcessedPayload {
  upload_id: string;
  /** completed or failed */
  status: string;
}

export function uploadProcessedEvent(
  scope: Scope,
  uploadId: string,
  status: string,
): EventEnvelope<UploadProcessedPayload> {
  return createEvent({
    type: uploadProcessed,
    version: 1,
    scope,
    key: uploadId,
    payload: { upload_id: uploadId, status },
  });
}
