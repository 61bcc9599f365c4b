// Certificate uploads: submit (fetch + store + outbox), list, get, and the stored
// document in chunks for the gateway's signed document URLs.
import { LevyError, pageSize } from "@levy/kit";
import type { ServiceImpl } from "@connectrpc/connect";
import type { CertificatesService } from "@levy/proto/levy/certificates/v1/certificates_pb.js";
import type { Scope } from "@levy/storage";
import type { BlobStore } from "../blobs/blob-store.js";
import type { Collections } from "../adapters/collections.js";
import type { CertificateWriter } from "../adapters/certificate-writer.js";
import type { CustomerDirectory } from "../adapters/customer-directory.js";
import type { UploadRecord } from "../domain/records.js";
import type { createSubmitUpload } from "../intake/submit-upload.js";
import { filteredList, liveScope } from "./listing.js";
import { createMessageBuilder, type MessageDeps } from "./messages.js";
import { customerFilter, linkMatches } from "./request-handlers.js";

type Handlers = Pick<
  ServiceImpl<typeof CertificatesService>,
  "submitUpload" | "listUploads" | "getUpload" | "readDocument"
>;

export interface UploadHandlerDeps extends MessageDeps {
  readonly writeCertificate: CertificateWriter;
  readonly collections: Collections;
  readonly directory: CustomerDirectory;
  readonly blobs: BlobStore;
  readonly submit: ReturnType<typeof createSubmitUpload>;
}

const chunkSize = 256 * 1024;

export function uploadHandlers(deps: UploadHandlerDeps): Handlers {
  const { collections } = deps;

  async function getUpload(scope: Scope, id: string): Promise<UploadRecord> {
    const record = await collections.uploads.get(scope, id);
    if (!record)
      throw new LevyError("CERTIFICATE_UPLOAD_NOT_FOUND", `no certificate upload ${id}`, { field: "upload_id" });
    return record;
  }

  return {
    async submitUpload(request) {
      const scope = liveScope(request.scope);
      const upload = await deps.submit(scope, {
        documentUrl: request.documentUrl,
        filename: request.filename || undefined,
        customer: { id: request.customer?.id, reference_customer_id: request.customer?.referenceCustomerId },
        certificateRequestId: request.certificateRequestId || undefined,
        buyerId: request.buyerId || undefined,
      });
      return { upload: await createMessageBuilder(deps, scope).upload(upload) };
    },
    async listUploads(request) {
      const scope = liveScope(request.scope);
      const customer = request.customer ? await customerFilter(deps.directory, scope, request.customer) : null;
      const page = await filteredList(collections.uploads, scope, {
        ...(request.status ? { where: { status: request.status as UploadRecord["status"] } } : {}),
        limit: pageSize(request.limit),
        cursor: request.cursor,
        ...(customer ? { keep: (record: UploadRecord) => linkMatches(record, customer) } : {}),
      });
      const messages = createMessageBuilder(deps, scope);
      return {
        uploads: await Promise.all(page.items.map((item) => messages.upload(item))),
        nextCursor: page.nextCursor,
      };
    },
    async getUpload(request) {
      const scope = liveScope(request.scope);
      return { upload: await createMessageBuilder(deps, scope).upload(await getUpload(scope, request.uploadId)) };
    },
    async *readDocument(request) {
      const scope = liveScope(request.scope);
      const upload = await getUpload(scope, request.uploadId);
      const bytes = await deps.blobs.get(scope, upload.blob_id);
      if (!bytes)
        throw new LevyError("CERTIFICATE_UPLOAD_NOT_FOUND", `the document of upload ${upload.id} is gone`, {
          field: "upload_id",
        });
      for (let offset = 0; offset < bytes.length || offset === 0; offset += chunkSize) {
        const chunk = bytes.subarray(offset, offset + chunkSize);
        yield offset === 0
          ? { documentType: upload.document_type, filename: upload.filename, sizeBytes: BigInt(bytes.length), chunk }
          : { chunk };
        if (bytes.length === 0) break;
      }
    },
  };
}
