// The one failure the reader reports: the bytes could not be read (corrupt or truncated
// file, encrypted PDF, an image that does not decode, OCR that timed out). It is
// permanent for those bytes, so the worker marks the upload `failed` with `message`
// instead of retrying. Anything else thrown by read() is an unexpected fault.
export type DocumentReadFailure = "unreadable_pdf" | "unreadable_image" | "too_many_pages" | "ocr_failed" | "timed_out";

export class DocumentReadError extends Error {
  override readonly name = "DocumentReadError";
  constructor(
    readonly failure: DocumentReadFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isDocumentReadError(value: unknown): value is DocumentReadError {
  return value instanceof DocumentReadError;
}
