// The document's type comes from its first bytes, never from its name or Content-Type.
import { LevyError } from "@levy/kit";
import type { DocumentKind } from "../processing/document-reader.js";

const signatures: ReadonlyArray<[DocumentKind, readonly number[]]> = [
  ["pdf", [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ["png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["jpeg", [0xff, 0xd8, 0xff]],
];

export function sniffDocumentType(bytes: Uint8Array): DocumentKind | null {
  for (const [kind, magic] of signatures) {
    if (bytes.length >= magic.length && magic.every((byte, index) => bytes[index] === byte)) return kind;
  }
  return null;
}

export function documentTypeOf(bytes: Uint8Array): DocumentKind {
  const kind = sniffDocumentType(bytes);
  if (!kind)
    throw new LevyError("UNSUPPORTED_FILE_TYPE", "the document is not a PDF, PNG or JPEG file", {
      field: "document_url",
    });
  return kind;
}

export const contentTypes: Readonly<Record<DocumentKind, string>> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
};
