// Certificate messages → the public `tax.certificate_request`,
// `tax.exemption_certificate` and `tax.certificate_upload` objects.
import type {
  Buyer,
  Certificate,
  CertificateRequest,
  CustomerLink,
  Upload,
} from "@levy/proto/levy/certificates/v1/certificates_pb.js";

const orNull = (value: string) => (value === "" ? null : value);
const timeOrNull = (value: bigint) => (value === 0n ? null : Number(value));

export function presentCustomerLink(link: CustomerLink | undefined) {
  if (!link || (!link.id && !link.referenceCustomerId && !link.name)) return null;
  return { id: orNull(link.id), reference_customer_id: orNull(link.referenceCustomerId), name: orNull(link.name) };
}

export function presentLinkedBuyer(buyer: Buyer | undefined) {
  return buyer ? { id: buyer.id, legal_name: buyer.legalName } : null;
}

export function presentBuyerRecord(buyer: Buyer) {
  return {
    object: "tax.buyer" as const,
    id: buyer.id,
    legal_name: buyer.legalName,
    customer: presentCustomerLink(buyer.customer),
    created_at: Number(buyer.createdAt),
    deleted_at: timeOrNull(buyer.deletedAt),
  };
}

export function presentCertificateRequest(request: CertificateRequest) {
  return {
    object: "tax.certificate_request" as const,
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
export function presentCertificate(certificate: Certificate, downloadUrl?: string | null) {
  return {
    object: "tax.exemption_certificate" as const,
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
export function presentUpload(upload: Upload, documentUrl?: string) {
  return {
    object: "tax.certificate_upload" as const,
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
