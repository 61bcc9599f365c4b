// Consumes `upload submitted`: reads the stored document with the DocumentReader and
// records its certificates, then settles the upload (completed with certificate_ids, or
// failed with error_message) and fulfils a linked pending request when a certificate
// came out active. Every step is idempotent, so at-least-once delivery and a crash at
// any point give exactly one set of certificates.
import { epochSeconds, type Logger, type Outbox } from "@levy/kit";
import type { EventEnvelope } from "@levy/events";
import { StorageError, type Scope, type Stored } from "@levy/storage";
import type { BlobStore } from "../blobs/blob-store.js";
import type { Collections } from "../adapters/collections.js";
import type { UploadRecord } from "../domain/records.js";
import {
  uploadProcessedEvent,
  uploadSource,
  uploadSubmitted,
  type UploadSubmittedPayload,
} from "../events/upload-events.js";
import type { DocumentReader } from "../processing/document-reader.js";
import { certificateDrafts } from "./certificate-drafts.js";
import type { ProcessingNotes } from "./processing-sweep.js";
import type { CertificateWriter } from "../adapters/certificate-writer.js";

export interface UploadWorkerDeps {
  readonly collections: Collections;
  readonly blobs: BlobStore;
  /** Made on first use, so a reader that loads models does so only when needed. */
  readonly reader: () => Promise<DocumentReader>;
  readonly logger: Logger;
  readonly notes?: ProcessingNotes;
  /** Publishes `upload processed` with the settled upload; absent: no event (unit tests). */
  readonly outbox?: Outbox;
  /** Writes a certificate once, with its event; default: a plain insertIfAbsent. */
  readonly writeCertificate?: CertificateWriter;
}

async function settle(
  collections: Collections,
  scope: Scope,
  upload: Stored<UploadRecord>,
  set: Partial<UploadRecord>,
  outbox?: Outbox,
): Promise<void> {
  // The event goes on the upload in the same write that settles it (the outbox).
  const event = uploadProcessedEvent(scope, upload.id, set.status ?? "completed");
  await outbox?.announce(scope, uploadSource, upload.id, [event]);
  let current: Stored<UploadRecord> | null = upload;
  for (let attempt = 0; attempt < 20 && current && current.status === "processing"; attempt += 1) {
    try {
      await collections.uploads.update(scope, current.id, {
        expectedVersion: current.version,
        set: {
          ...set,
          completed_at: epochSeconds(),
          ...(outbox ? { pending_events: [...(current.pending_events ?? []), event] } : {}),
        },
      });
      // Not awaited: this handler runs inside the uploads topic's consumer, which (on the
      // in-process bus) settles the publish only after the handler returns.
      if (outbox) void outbox.flush(scope, uploadSource, upload.id);
      return;
    } catch (error) {
      if (!(error instanceof StorageError && error.code === "conflict")) throw error;
      current = await collections.uploads.get(scope, upload.id);
    }
  }
  // Still processing after every quick retry (a crashed writer's claim on MongoDB): the
  // event bus retries the conflict without spending attempts, instead of the upload
  // staying "processing" for good.
  if (current?.status === "processing")
    throw new StorageError("conflict", `upload ${upload.id} kept changing; the event is retried`);
}

async function fulfilRequest(
  collections: Collections,
  scope: Scope,
  requestId: string,
  certificateId: string,
): Promise<void> {
  const request = await collections.requests.get(scope, requestId);
  if (request?.status !== "pending") return;
  try {
    await collections.requests.update(scope, requestId, {
      expectedVersion: request.version,
      set: { status: "fulfilled", certificate_id: certificateId, updated_at: epochSeconds() },
    });
  } catch (error) {
    // A concurrent cancel won; the event is redelivered only on other errors.
    if (!(error instanceof StorageError && error.code === "conflict")) throw error;
    await fulfilRequest(collections, scope, requestId, certificateId);
  }
}

export function createUploadWorker(deps: UploadWorkerDeps) {
  const { collections } = deps;
  const write: CertificateWriter =
    deps.writeCertificate ??
    (async (scope, draft) => (await collections.certificates.insertIfAbsent(scope, draft)).record);
  return async function handle(event: EventEnvelope): Promise<void> {
    if (event.type !== uploadSubmitted) return;
    const scope = { accountId: event.account_id, livemode: event.livemode };
    const { upload_id: uploadId } = event.payload as UploadSubmittedPayload;
    await processUpload(scope, uploadId);
    await deps.notes?.remove(scope, uploadId);
  };

  async function processUpload(scope: Scope, uploadId: string): Promise<void> {
    const upload = await collections.uploads.get(scope, uploadId);
    if (upload?.status !== "processing") return;
    const bytes = await deps.blobs.get(scope, upload.blob_id);
    if (!bytes)
      return settle(
        collections,
        scope,
        upload,
        { status: "failed", error_message: "the stored document is missing" },
        deps.outbox,
      );
    let drafts: ReturnType<typeof certificateDrafts>;
    try {
      const reader = await deps.reader();
      const reading = await reader.read({
        bytes: new Uint8Array(bytes),
        kind: upload.document_type,
        filename: upload.filename,
      });
      drafts = certificateDrafts(upload, reading, epochSeconds());
    } catch (error) {
      deps.logger.warn({ err: error, upload_id: uploadId }, "certificate document could not be read");
      const reason = error instanceof Error ? error.message.slice(0, 300) : "unknown error";
      return settle(
        collections,
        scope,
        upload,
        { status: "failed", error_message: `the document could not be read: ${reason}` },
        deps.outbox,
      );
    }
    if (!drafts)
      return settle(
        collections,
        scope,
        upload,
        { status: "failed", error_message: "no certificate was found in the document" },
        deps.outbox,
      );
    for (const draft of drafts) await write(scope, draft);
    const active = drafts.find((draft) => draft.status === "active");
    if (active && upload.certificate_request_id)
      await fulfilRequest(collections, scope, upload.certificate_request_id, active.id);
    await settle(
      collections,
      scope,
      upload,
      { status: "completed", certificate_ids: drafts.map((draft) => draft.id) },
      deps.outbox,
    );
    deps.logger.info({ upload_id: uploadId, certificates: drafts.length }, "certificate upload processed");
  }
}
