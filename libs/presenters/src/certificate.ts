// Certificate messages → the public `tax.certificate_request`,
// `tax.exemption_certificate`, `tax.certificate_upload` and `tax.buyer` objects.
import type {
  Buyer,
  Certificate as CertificateMessage,
  CertificateRequest as CertificateRequestMessage,
  CustomerLink,
  Upload as UploadMessage,
} from "@levy/proto/levy/certificates/v1/certificates_pb.js";
import { z } from "zod";

const customerLinkSchema = z
  .object({ id: z.string().nullable(), reference_customer_id: z.string().nullable(), name: z.string().nullable() })
  .nullable();
const linkedBuyerSchema = z.object({ id: z.string(), legal_name: z.string() }).nullable();

export const buyerSchema = z.object({
  object: z.literal("tax.buyer"),
  id: z.string(),
  legal_name: z.string(),
  customer: customerLinkSchema,
  created_at: z.number(),
  deleted_at: z.number().nullable(),
});
export type BuyerRecord = z.infer<typeof buyerSchema>;

export const certificateRequestSchema = z.object({
  object: z.literal("tax.certificate_request"),
  id: z.string(),
  status: z.string().describe("pending, fulfilled, canceled or invalid"),
  customer: customerLinkSchema,
  linked_buyer: linkedBuyerSchema,
  jurisdictions: z.array(z.string()),
  certificate_id: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
  testmode: z.boolean(),
});
export type CertificateRequest = z.infer<typeof certificateRequestSchema>;

/** A certificate as lists show it: no download link. */
export const listedCertificateSchema = z.object({
  object: z.literal("tax.exemption_certificate"),
  id: z.string(),
  status: z.string().describe("processing, needs_info, active, expiring, expired or invalid"),
  certificate_type: z.string(),
  customer: customerLinkSchema,
  linked_buyer: linkedBuyerSchema,
  jurisdictions: z.array(z.object({ jurisdiction: z.string(), status: z.string(), expires_on: z.string().nullable() })),
  buyer_name: z.string().nullable(),
  issued_on: z.string().nullable(),
  expires_on: z.string().nullable(),
  signed: z.boolean(),
  missing: z.array(z.string()),
  invalid_reason: z.string().nullable(),
  upload_id: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
  testmode: z.boolean(),
});
const downloadUrl = z
  .string()
  .nullable()
  .describe("signed link to the document, valid for about an hour; null when none is attached");
export const certificateSchema = z.object({
  ...listedCertificateSchema.omit({ created_at: true, updated_at: true, testmode: true }).shape,
  download_url: downloadUrl,
  ...listedCertificateSchema.pick({ created_at: true, updated_at: true, testmode: true }).shape,
});
export type ListedCertificate = z.infer<typeof listedCertificateSchema>;
export type Certificate = ListedCertificate & { download_url?: string | null };

/** An upload as lists show it: no document link. */
export const listedUploadSchema = z.object({
  object: z.literal("tax.certificate_upload"),
  id: z.string(),
  status: z.string().describe("processing, completed, failed or duplicate"),
  filename: z.string(),
  document_type: z.string(),
  size_bytes: z.number(),
  certificate_ids: z.array(z.string()),
  error_message: z.string().nullable(),
  customer: customerLinkSchema,
  linked_buyer: linkedBuyerSchema,
  certificate_request_id: z.string().nullable(),
  duplicate_of: z.string().nullable(),
  created_at: z.number(),
  completed_at: z.number().nullable(),
  testmode: z.boolean(),
});
const documentUrl = z.string().describe("signed link to the uploaded document, valid for about an hour");
export const uploadSchema = z.object({
  ...listedUploadSchema.omit({ created_at: true, completed_at: true, testmode: true }).shape,
  document_url: documentUrl,
  ...listedUploadSchema.pick({ created_at: true, completed_at: true, testmode: true }).shape,
});
export type ListedUpload = z.infer<typeof listedUploadSchema>;
export type Upload = ListedUpload & { document_url?: string };

const orNull = (value: string) => (value === "" ? null : value);
const timeOrNull = (value: bigint) => (value === 0n ? null : Number(value));

export function presentCustomerLink(link: CustomerLink | undefined): z.infer<typeof customerLinkSchema> {
  if (!link || (!link.id && !link.referenceCustomerId && !link.name)) return null;
  return { id: orNull(link.id), reference_customer_id: orNull(link.referenceCustomerId), name: orNull(link.name) };
}

export function presentLinkedBuyer(buyer: Buyer | undefined): z.infer<typeof linkedBuyerSchema> {
  return buyer ? { id: buyer.id, legal_name: buyer.legalName } : null;
}

export function presentBuyerRecord(buyer: Buyer): BuyerRecord {
  return {
    object: "tax.buyer",
    id: buyer.id,
    legal_name: buyer.legalName,
    customer: presentCustomerLink(buyer.customer),
    created_at: Number(buyer.createdAt),
    deleted_at: timeOrNull(buyer.deletedAt),
  };
}

export function presentCertificateRequest(request: CertificateRequestMessage): CertificateRequest {
  return {
    object: "tax.certificate_request",
    id: request.id,
    status: request.status,
    customer: presentCustomerLink(request.customer),
    linked_buyer: presentLinkedBuyer(request.linkedBuyer),
    jurisdictions: request.jurisdictions,
    certificate_id: orNull(request.certificateId),
    created_at: Number(request.createdAt),
    updated_at: Number(request.updatedAt),
    testmode: false,
  };
}

/** `downloadUrl` is given for a single certificate (get), left out of list items. */
export function presentCertificate(certificate: CertificateMessage, downloadUrl?: string | null): Certificate {
  return {
    object: "tax.exemption_certificate",
    id: certificate.id,
    status: certificate.status,
    certificate_type: certificate.certificateType,
    customer: presentCustomerLink(certificate.customer),
    linked_buyer: presentLinkedBuyer(certificate.linkedBuyer),
    jurisdictions: certificate.jurisdictions.map((item) => ({
      jurisdiction: item.jurisdiction,
      status: item.status,
      expires_on: orNull(item.expiresOn),
    })),
    buyer_name: orNull(certificate.buyerName),
    issued_on: orNull(certificate.issuedOn),
    expires_on: orNull(certificate.expiresOn),
    signed: certificate.signed,
    missing: certificate.missing,
    invalid_reason: orNull(certificate.invalidReason),
    upload_id: orNull(certificate.uploadId),
    ...(downloadUrl !== undefined ? { download_url: downloadUrl } : {}),
    created_at: Number(certificate.createdAt),
    updated_at: Number(certificate.updatedAt),
    testmode: false,
  };
}

/** `documentUrl` is given for a single upload (get, submit), left out of list items. */
export function presentUpload(upload: UploadMessage, documentUrl?: string): Upload {
  return {
    object: "tax.certificate_upload",
    id: upload.id,
    status: upload.status,
    filename: upload.filename,
    document_type: upload.documentType,
    size_bytes: Number(upload.sizeBytes),
    certificate_ids: upload.certificateIds,
    error_message: orNull(upload.errorMessage),
    customer: presentCustomerLink(upload.customer),
    linked_buyer: presentLinkedBuyer(upload.linkedBuyer),
    certificate_request_id: orNull(upload.certificateRequestId),
    duplicate_of: orNull(upload.duplicateOf),
    ...(documentUrl !== undefined ? { document_url: documentUrl } : {}),
    created_at: Number(upload.createdAt),
    completed_at: timeOrNull(upload.completedAt),
    testmode: false,
  };
}
