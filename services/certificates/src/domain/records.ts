// What the certificates service stores. Every record is scoped (account + mode) by the
// storage port; customer links keep both ids because a reference_customer_id may name
// a customer that does not exist yet (pre-mapping).
import type { EventEnvelope } from "@levy/events";
import type { DocumentKind } from "../processing/document-reader.js";

export interface CustomerLinkRecord {
  customer_id: string | null;
  reference_customer_id: string | null;
}

export type RequestStatus = "pending" | "fulfilled" | "canceled" | "invalid";
export type StoredCertificateStatus = "processing" | "needs_info" | "active" | "invalid";
export type UploadStatus = "processing" | "completed" | "failed" | "duplicate";

export interface BuyerRecord extends CustomerLinkRecord {
  id: string;
  legal_name: string;
  created_at: number;
  deleted_at: number | null;
}

export interface RequestRecord extends CustomerLinkRecord {
  id: string;
  status: RequestStatus;
  buyer_id: string | null;
  jurisdictions: string[];
  certificate_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface CertificateRecord extends CustomerLinkRecord {
  id: string;
  status: StoredCertificateStatus;
  buyer_id: string | null;
  certificate_type: string;
  jurisdictions: string[];
  buyer_name: string | null;
  issued_on: string | null;
  expires_on: string | null;
  signed: boolean;
  missing: string[];
  invalid_reason: string | null;
  upload_id: string | null;
  /** The upload holding the document (the original one for a duplicate); null without one. */
  document_upload_id: string | null;
  created_at: number;
  updated_at: number;
  /** Outbox: `certificate changed` events not yet published. */
  pending_events: EventEnvelope[];
}

export interface UploadRecord extends CustomerLinkRecord {
  id: string;
  status: UploadStatus;
  filename: string;
  document_type: DocumentKind;
  size_bytes: number;
  sha256: string;
  /** The blob holding the bytes (a duplicate points at its original's). */
  blob_id: string;
  buyer_id: string | null;
  certificate_request_id: string | null;
  certificate_ids: string[];
  error_message: string | null;
  duplicate_of: string | null;
  created_at: number;
  completed_at: number | null;
  pending_events: EventEnvelope[];
}

/** First submission of a (sha256, filename) pair per account and mode; its id is the pair. */
export interface DocumentClaimRecord {
  id: string;
  upload_id: string;
}

export const buyerCollection = { name: "buyers" } as const;
export const requestCollection = {
  name: "certificate_requests",
  indexes: [{ name: "by_buyer", fields: ["buyer_id"] }],
} as const;
export const certificateCollection = {
  name: "certificates",
  indexes: [
    { name: "by_customer", fields: ["customer_id"] },
    { name: "by_reference", fields: ["reference_customer_id"] },
  ],
} as const;
export const uploadCollection = { name: "certificate_uploads" } as const;
export const documentClaimCollection = { name: "document_claims" } as const;
