// The document reader's interface: text extraction and classification live behind it
// (createDocumentReader() in create-document-reader.ts); the worker only depends on this.
export type DocumentKind = "pdf" | "png" | "jpeg";
export interface ExtractedCertificate {
  certificateType: string; // e.g. "resale", "exempt_organization", "government", "agricultural", "manufacturing", "multistate_sst", "other"
  jurisdictions: string[]; // US state codes like "TX", "CA" (upper case, 2 letters)
  buyerName: string | null;
  issuedOn: string | null; // ISO date YYYY-MM-DD
  expiresOn: string | null; // ISO date YYYY-MM-DD, null when the form has none
  signed: boolean;
  missing: string[]; // required items missing → certificate status needs_info when non-empty
}
export type DocumentReading =
  | { kind: "certificates"; certificates: ExtractedCertificate[] }
  | { kind: "not_a_certificate"; reason: string };
export interface DocumentReader {
  read(document: { bytes: Uint8Array; kind: DocumentKind; filename: string }): Promise<DocumentReading>;
}
