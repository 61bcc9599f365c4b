// Text of a document, page by page: a PDF's text layer where it has one, OCR for
// scanned PDF pages and for PNG/JPEG images.
import type { DocumentKind } from "./document-reader.js";
import { DocumentReadError } from "./document-read-error.js";
import { imageForOcr } from "./image-for-ocr.js";
import type { OcrEngine } from "./ocr-engine.js";
import { openPdf, pageTextLines, renderPageToPng } from "./pdf-document.js";

export interface PageText {
  readonly lines: readonly string[];
  readonly source: "text_layer" | "ocr";
}

export interface TextExtractionLimits {
  /** Pages read from a PDF; a longer PDF is refused. */
  readonly maxPages: number;
  /** Pages (or images) that may need OCR in one document; more is refused. */
  readonly maxOcrPages: number;
  /** Resolution scanned PDF pages are rendered at before OCR. */
  readonly ocrDpi: number;
  /** A text layer with fewer letters and digits than this is treated as a scan. */
  readonly minTextLayerChars: number;
}

export const defaultTextExtractionLimits: TextExtractionLimits = {
  maxPages: 30,
  maxOcrPages: 6,
  ocrDpi: 300,
  minTextLayerChars: 20,
};

export async function extractText(
  bytes: Uint8Array,
  kind: DocumentKind,
  ocr: OcrEngine,
  limits: TextExtractionLimits,
): Promise<PageText[]> {
  if (kind === "png" || kind === "jpeg") {
    return [{ lines: splitLines(await ocr.recognize(imageForOcr(bytes, kind))), source: "ocr" }];
  }
  return extractPdfText(bytes, ocr, limits);
}

async function extractPdfText(bytes: Uint8Array, ocr: OcrEngine, limits: TextExtractionLimits): Promise<PageText[]> {
  const pdf = await openPdf(bytes);
  try {
    if (pdf.numPages > limits.maxPages) {
      throw new DocumentReadError(
        "too_many_pages",
        `the PDF has ${pdf.numPages} pages; at most ${limits.maxPages} are read`,
      );
    }
    const pages: PageText[] = [];
    let ocrPages = 0;
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdfStep(number, () => pdf.getPage(number));
      const lines = await pdfStep(number, () => pageTextLines(page));
      if (countTextChars(lines) >= limits.minTextLayerChars) {
        pages.push({ lines, source: "text_layer" });
        continue;
      }
      ocrPages += 1;
      if (ocrPages > limits.maxOcrPages) {
        throw new DocumentReadError("too_many_pages", `the PDF has more than ${limits.maxOcrPages} scanned pages`);
      }
      const image = await pdfStep(number, () => renderPageToPng(page, limits.ocrDpi));
      pages.push({ lines: splitLines(await ocr.recognize(image)), source: "ocr" });
      page.cleanup();
    }
    return pages;
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

/** pdf.js throws its own exceptions for damaged streams; they become a read error naming the page. */
async function pdfStep<T>(pageNumber: number, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw new DocumentReadError("unreadable_pdf", `page ${pageNumber} of the PDF could not be read`, { cause: error });
  }
}

function countTextChars(lines: readonly string[]): number {
  return lines.join("").replace(/[^\p{L}\p{N}]/gu, "").length;
}

function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+$/, ""))
    .filter((line) => line.trim() !== "");
}
