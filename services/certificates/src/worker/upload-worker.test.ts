import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createLogger } from "@levy/kit";
import { createEmbeddedStore, type Store } from "@levy/storage";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openCollections, type Collections } from "../adapters/collections.js";
import { createDiskBlobStore } from "../blobs/disk-blob-store.js";
import type { BlobStore } from "../blobs/blob-store.js";
import type { UploadRecord } from "../domain/records.js";
import { uploadSubmittedEvent } from "../events/upload-events.js";
import type { DocumentReader, ExtractedCertificate } from "../processing/document-reader.js";
import { createUploadWorker } from "./upload-worker.js";

const scope = { accountId: "acct_worker", livemode: true };
const found = (state: string): ExtractedCertificate => ({
  certificateType: "resale",
  jurisdictions: [state],
  buyerName: "Buyer",
  issuedOn: "2026-01-01",
  expiresOn: null,
  signed: true,
  missing: [],
});
const reader: DocumentReader = {
  read: async () => ({ kind: "certificates", certificates: [found("TX"), found("CA"), found("WA")] }),
};

describe("upload worker", () => {
  let store: Store;
  let collections: Collections;
  let blobs: BlobStore;
  const logger = createLogger({ service: "certificates", level: "silent" });

  beforeEach(async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "levy-worker-"));
    store = await createEmbeddedStore({ dir });
    collections = await openCollections(store);
    blobs = await createDiskBlobStore(path.join(dir, "blobs"));
  });
  afterEach(() => store.close());

  async function submitted(id: string, blobId = id): Promise<void> {
    const upload: UploadRecord = {
      id,
      status: "processing",
      filename: "a.pdf",
      document_type: "pdf",
      size_bytes: 9,
      sha256: "x",
      blob_id: blobId,
      customer_id: null,
      reference_customer_id: "ref-1",
      buyer_id: null,
      certificate_request_id: null,
      certificate_ids: [],
      error_message: null,
      duplicate_of: null,
      created_at: 1,
      completed_at: null,
      pending_events: [],
    };
    if (blobId === id) await blobs.put(scope, id, Buffer.from("%PDF-1.4\n"));
    await collections.uploads.insert(scope, upload);
  }

  it("a crash after some certificates were written, then a redelivery, gives exactly one set", async () => {
    await submitted("upl_crash");
    let inserts = 0;
    const crashing: Collections = {
      ...collections,
      certificates: {
        ...collections.certificates,
        insertIfAbsent: async (s, doc) => {
          if (++inserts === 2) throw new Error("process killed");
          return collections.certificates.insertIfAbsent(s, doc);
        },
      },
    };
    const event = uploadSubmittedEvent(scope, "upl_crash");
    await expect(
      createUploadWorker({ collections: crashing, blobs, reader: async () => reader, logger })(event),
    ).rejects.toThrow("process killed");
    expect(await collections.certificates.count(scope)).toBe(1);
    expect((await collections.uploads.get(scope, "upl_crash"))!.status).toBe("processing");

    const worker = createUploadWorker({ collections, blobs, reader: async () => reader, logger });
    await worker(event);
    await worker(event); // a second redelivery after completion changes nothing
    const upload = await collections.uploads.get(scope, "upl_crash");
    expect(upload!.status).toBe("completed");
    expect(upload!.certificate_ids).toHaveLength(3);
    expect(await collections.certificates.count(scope)).toBe(3);
    const listed = await collections.certificates.list(scope, { limit: 10 });
    expect(listed.items.map((c) => c.id).sort()).toEqual([...upload!.certificate_ids].sort());
    expect(listed.items.map((c) => c.jurisdictions[0]).sort()).toEqual(["CA", "TX", "WA"]);
  });

  it("a missing document fails the upload instead of retrying forever", async () => {
    await submitted("upl_gone", "nothing_here");
    await createUploadWorker({ collections, blobs, reader: async () => reader, logger })(
      uploadSubmittedEvent(scope, "upl_gone"),
    );
    const upload = await collections.uploads.get(scope, "upl_gone");
    expect(upload).toMatchObject({ status: "failed", error_message: "the stored document is missing" });
  });
});
