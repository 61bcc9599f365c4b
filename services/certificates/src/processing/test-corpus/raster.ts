// Turns a generated PDF into what a scanner or phone produces: the first page rendered to
// pixels (PNG or JPEG), or a PDF holding only that picture (no text layer).
import PDFDocument from "pdfkit";
import { openPdf, renderPageToPng } from "../pdf-document.js";

export async function pdfPageToPng(pdf: Uint8Array, dpi: number): Promise<Uint8Array> {
  const document = await openPdf(pdf);
  try {
    return await renderPageToPng(await document.getPage(1), dpi);
  } finally {
    await document.destroy();
  }
}

export async function pngToJpeg(png: Uint8Array, quality: number): Promise<Uint8Array> {
  const { createCanvas, loadImage } = await import("@napi-rs/canvas");
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext("2d").drawImage(image, 0, 0);
  return new Uint8Array(await canvas.encode("jpeg", quality));
}

/** A one-page PDF whose only content is the image, like a scanner's output. */
export function imageOnlyPdf(png: Uint8Array): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: "LETTER", margin: 0 });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
  doc.image(Buffer.from(png), 0, 0, { width: 612, height: 792 });
  doc.end();
  return done;
}
