// The document reader: text from the document (PDF text layer, OCR for scans and
// images), then rule-based classification. Pure apart from reading its shipped data
// files; the OCR worker is started on first need and reused, one page at a time.
import { classifyPages } from "./classify/classify-pages.js";
import type { DocumentReader, DocumentReading } from "./document-reader.js";
import { DocumentReadError } from "./document-read-error.js";
import { defaultTextExtractionLimits, extractText, type TextExtractionLimits } from "./extract-text.js";
import { createOcrEngine, type OcrEngine } from "./ocr-engine.js";
import { withTimeout } from "./serial-queue.js";

export interface DocumentReaderOptions {
  /** OCR engine to use; by default a tesseract.js engine owned (and closed) by the reader. */
  readonly ocr?: OcrEngine;
  /** Longest one OCR page may take (default 120 s). */
  readonly ocrPageTimeoutMs?: number;
  /** Longest one whole document may take (default 10 min). */
  readonly documentTimeoutMs?: number;
  readonly limits?: Partial<TextExtractionLimits>;
}

export interface ClosableDocumentReader extends DocumentReader {
  /** Stops the OCR worker thread (call on shutdown). */
  close(): Promise<void>;
}

export function createDocumentReader(options: DocumentReaderOptions = {}): ClosableDocumentReader {
  const limits = { ...defaultTextExtractionLimits, ...options.limits };
  const documentTimeoutMs = options.documentTimeoutMs ?? 600_000;
  assertPositive("documentTimeoutMs", documentTimeoutMs);
  for (const [name, value] of Object.entries(limits)) assertPositive(`limits.${name}`, value);
  const ocr = options.ocr ?? createOcrEngine({ pageTimeoutMs: options.ocrPageTimeoutMs });
  const ownsOcr = options.ocr === undefined;

  async function readNow(bytes: Uint8Array, kind: "pdf" | "png" | "jpeg"): Promise<DocumentReading> {
    if (bytes.byteLength === 0)
      throw new DocumentReadError(
        kind === "pdf" ? "unreadable_pdf" : "unreadable_image",
        "the document is empty (0 bytes)",
      );
    const pages = await extractText(bytes, kind, ocr, limits);
    return classifyPages(pages.map((page) => page.lines));
  }

  return {
    read: ({ bytes, kind }) =>
      withTimeout(
        readNow(bytes, kind),
        documentTimeoutMs,
        () => new DocumentReadError("timed_out", `reading the document took longer than ${documentTimeoutMs} ms`),
      ),
    close: async () => {
      if (ownsOcr) await ocr.close();
    },
  };
}

function assertPositive(name: string, value: number): void {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${name} must be a positive number`);
}
