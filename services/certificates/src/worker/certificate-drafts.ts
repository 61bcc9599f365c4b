// What the reader found → certificate records. Ids come from the upload id and the
// position, so processing the same upload twice (a redelivery, a crash half-way) finds
// the certificates it already wrote instead of making a second set.
import { createHash } from "node:crypto";
import type { CertificateRecord, UploadRecord } from "../domain/records.js";
import type { DocumentReading, ExtractedCertificate } from "../processing/document-reader.js";

export function certificateIdFor(uploadId: string, index: number): string {
  return `cert_${createHash("sha256").update(`${uploadId}:${index}`).digest("base64url").slice(0, 24)}`;
}

const isoDate = (value: string | null): string | null => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

function draft(
  upload: UploadRecord,
  index: number,
  now: number,
  fields: Partial<CertificateRecord>,
): CertificateRecord {
  return {
    id: certificateIdFor(upload.id, index),
    status: "invalid",
    customer_id: upload.customer_id,
    reference_customer_id: upload.reference_customer_id,
    buyer_id: upload.buyer_id,
    certificate_type: "other",
    jurisdictions: [],
    buyer_name: null,
    issued_on: null,
    expires_on: null,
    signed: false,
    missing: [],
    invalid_reason: null,
    upload_id: upload.id,
    document_upload_id: upload.id,
    created_at: now,
    updated_at: now,
    pending_events: [],
    ...fields,
  };
}

function fromExtracted(
  upload: UploadRecord,
  index: number,
  now: number,
  extracted: ExtractedCertificate,
): CertificateRecord {
  const jurisdictions = [
    ...new Set(
      extracted.jurisdictions.map((code) => code.trim().toUpperCase()).filter((code) => /^[A-Z]{2}$/.test(code)),
    ),
  ];
  const missing = [...extracted.missing];
  if (jurisdictions.length === 0 && !missing.includes("jurisdiction")) missing.push("jurisdiction");
  return draft(upload, index, now, {
    status: missing.length > 0 ? "needs_info" : "active",
    certificate_type: extracted.certificateType || "other",
    jurisdictions,
    buyer_name: extracted.buyerName,
    issued_on: isoDate(extracted.issuedOn),
    expires_on: isoDate(extracted.expiresOn),
    signed: extracted.signed,
    missing,
  });
}

/** Null when the reading holds nothing to record (the upload then fails). */
export function certificateDrafts(
  upload: UploadRecord,
  reading: DocumentReading,
  now: number,
): CertificateRecord[] | null {
  if (reading.kind === "not_a_certificate")
    return [draft(upload, 0, now, { invalid_reason: reading.reason.slice(0, 500) })];
  if (reading.certificates.length === 0) return null;
  return reading.certificates.map((extracted, index) => fromExtracted(upload, index, now, extracted));
}
