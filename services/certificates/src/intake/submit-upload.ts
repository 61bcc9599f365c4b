// POST /tax/certificates: fetch the document now (so the spec's synchronous errors can
// be answered), keep it in the blob store, and record the upload with its `upload
// submitted` event in the outbox. The same bytes and filename already submitted in this
// account and mode → an upload with status `duplicate` and no processing.
import { createHash } from "node:crypto";
import { LevyError, epochSeconds, newId, type Outbox } from "@levy/kit";
import type { Scope, Stored } from "@levy/storage";
import type { BlobStore } from "../blobs/blob-store.js";
import type { Collections } from "../adapters/collections.js";
import type { CustomerDirectory, CustomerSelection } from "../adapters/customer-directory.js";
import type { CustomerLinkRecord, UploadRecord } from "../domain/records.js";
import { documentTypeOf } from "../fetching/document-type.js";
import type { FetchedDocument } from "../fetching/safe-fetch.js";
import { uploadSource, uploadSubmittedEvent } from "../events/upload-events.js";
import type { ProcessingNotes } from "../worker/processing-sweep.js";

export interface SubmitRequest {
  readonly documentUrl: string;
  readonly filename?: string | undefined;
  readonly customer: CustomerSelection;
  readonly certificateRequestId?: string | undefined;
  readonly buyerId?: string | undefined;
}

export interface SubmitDeps {
  readonly collections: Collections;
  readonly blobs: BlobStore;
  readonly outbox: Outbox;
  readonly directory: CustomerDirectory;
  readonly fetchDocument: (url: string) => Promise<FetchedDocument>;
  readonly notes: ProcessingNotes;
}

function filenameOf(requested: string | undefined, url: URL): string {
  if (requested) return requested;
  const last =
    url.pathname
      .split("/")
      .filter((part) => part.length > 0)
      .pop() ?? "";
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // keep the raw segment
  }
  return decoded.slice(0, 255) || "document";
}

export function createSubmitUpload(deps: SubmitDeps) {
  const { collections } = deps;

  /** The request's link and buyer apply when the body names none of its own. */
  async function links(
    scope: Scope,
    request: SubmitRequest,
  ): Promise<{ link: CustomerLinkRecord; buyerId: string | null; requestId: string | null }> {
    let buyerId = request.buyerId || null;
    let link: CustomerLinkRecord = await deps.directory.link(scope, request.customer);
    const requestId = request.certificateRequestId || null;
    if (requestId) {
      const found = await collections.requests.get(scope, requestId);
      if (!found)
        throw new LevyError("CERTIFICATE_REQUEST_NOT_FOUND", `no certificate request ${requestId}`, {
          field: "certificate_request_id",
        });
      if (!link.customer_id && !link.reference_customer_id)
        link = { customer_id: found.customer_id, reference_customer_id: found.reference_customer_id };
      buyerId ??= found.buyer_id;
    }
    if (buyerId) {
      const buyer = await collections.buyers.get(scope, buyerId);
      if (!buyer || buyer.deleted_at !== null)
        throw new LevyError("buyer_not_found", `no buyer ${buyerId}`, { field: "buyer_id" });
    }
    return { link, buyerId, requestId };
  }

  return async function submitUpload(scope: Scope, request: SubmitRequest): Promise<Stored<UploadRecord>> {
    const { link, buyerId, requestId } = await links(scope, request);
    const fetched = await deps.fetchDocument(request.documentUrl);
    const documentType = documentTypeOf(fetched.bytes);
    const filename = filenameOf(request.filename, fetched.url);
    const sha256 = createHash("sha256").update(fetched.bytes).digest("hex");
    const id = newId("upl");
    const now = epochSeconds();
    const base: UploadRecord = {
      id,
      status: "processing",
      filename,
      document_type: documentType,
      size_bytes: fetched.bytes.length,
      sha256,
      blob_id: id,
      ...link,
      buyer_id: buyerId,
      certificate_request_id: requestId,
      certificate_ids: [],
      error_message: null,
      duplicate_of: null,
      created_at: now,
      completed_at: null,
      pending_events: [],
    };
    // The claim's id is the (bytes, filename) pair: the store's primary key decides
    // which of two concurrent submissions is the original.
    const claimId = createHash("sha256").update(`${sha256}\u0000${filename}`).digest("hex");
    const claim = await collections.claims.insertIfAbsent(scope, { id: claimId, upload_id: id });
    if (!claim.inserted) {
      const original = await collections.uploads.get(scope, claim.record.upload_id);
      if (original) {
        const duplicate = {
          ...base,
          status: "duplicate" as const,
          blob_id: original.blob_id,
          duplicate_of: original.id,
          completed_at: now,
        };
        return collections.uploads.insert(scope, duplicate);
      }
      // The original's write never happened (a crash after the claim): take the claim over.
      await collections.claims.update(scope, claimId, {
        expectedVersion: claim.record.version,
        set: { upload_id: id },
      });
    }
    await deps.blobs.put(scope, id, fetched.bytes);
    await deps.notes.add(scope, id);
    const event = uploadSubmittedEvent(scope, id);
    await deps.outbox.announce(scope, uploadSource, id, [event]);
    const upload = await collections.uploads.insert(scope, { ...base, pending_events: [event] });
    await deps.outbox.flush(scope, uploadSource, id);
    return upload;
  };
}
