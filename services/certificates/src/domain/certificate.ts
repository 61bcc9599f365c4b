// An exemption certificate. Classification, validity per jurisdiction and documents
// grow with the certificates issue; these are the fields every certificate has.
export type CertificateStatus = "processing" | "needs_info" | "active" | "expiring" | "expired" | "invalid";

export interface CertificateRecord {
  id: string;
  status: CertificateStatus;
  customer_id: string | null;
  created_at: number;
}

export const certificateCollection = { name: "certificates" } as const;
