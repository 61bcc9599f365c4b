// Opening a PDF with pdf.js (the legacy build, the one meant for Node), offline: fonts,
// CMaps, ICC profiles and image decoders come from the installed pdfjs-dist package.
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { DocumentReadError } from "./document-read-error.js";
import { linesFromPositionedText, type PositionedText } from "./pdf-page-lines.js";
import { pdfAssetPaths } from "./shipped-assets.js";

export type { PDFDocumentProxy, PDFPageProxy };

export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = getDocument({
    data: new Uint8Array(bytes), // pdf.js takes ownership of (detaches) the buffer it is given
    ...pdfAssetPaths(),
    cMapPacked: true,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const password = error instanceof Error && error.name === "PasswordException";
    throw new DocumentReadError(
      "unreadable_pdf",
      password ? "the PDF is encrypted with a password" : "the PDF could not be parsed",
      { cause: error },
    );
  }
}

/** The page's text layer as reading-order lines (empty for a scanned page). */
export async function pageTextLines(page: PDFPageProxy): Promise<string[]> {
  const content = await page.getTextContent();
  const items: PositionedText[] = [];
  for (const item of content.items) {
    if (!("str" in item)) continue;
    items.push({
      text: item.str,
      x: item.transform[4],
      y: item.transform[5],
      width: item.width,
      height: item.height || Math.abs(item.transform[3]),
    });
  }
  return linesFromPositionedText(items);
}

/** Renders a page to PNG bytes at `dpi`, white background, for OCR. */
export async function renderPageToPng(page: PDFPageProxy, dpi: number): Promise<Uint8Array> {
  const { createCanvas } = await import("@napi-rs/canvas");
  const viewport = page.getViewport({ scale: dpi / 72 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  // pdf.js draws on any canvas with the DOM's 2D API; @napi-rs/canvas is the one it uses in Node.
  await page.render({ canvasContext: context as never, canvas: canvas as never, viewport }).promise;
  return new Uint8Array(canvas.toBuffer("image/png"));
}
