// Turns a generated PDF into what a scanner or phone produces: the first page rendered to
// pixels (PNG or JPEG), or a PDF holding only that picture (no text layer).
import PDFDocument from "pdfkit";
import { openPdf, renderPageToPng } from "../../../services/certificates/src/processing/pdf-document.js";

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

/**
 * Makes a clean rendering look scanned: off-white paper, a slight rotation, grey speckle
 * noise (deterministic, so the test input is the same on every run).
 */
export async function scanLike(
  png: Uint8Array,
  options: { readonly degrees: number; readonly seed: number },
): Promise<Uint8Array> {
  const { createCanvas, loadImage } = await import("@napi-rs/canvas");
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#f1ede4";
  context.fillRect(0, 0, image.width, image.height);
  context.translate(image.width / 2, image.height / 2);
  context.rotate((options.degrees * Math.PI) / 180);
  context.globalCompositeOperation = "multiply";
  context.drawImage(image, -image.width / 2, -image.height / 2);
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.globalCompositeOperation = "source-over";
  let seed = options.seed;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let speck = 0; speck < 4000; speck += 1) {
    context.fillStyle = `rgba(60, 60, 60, ${0.15 + next() * 0.35})`;
    context.fillRect(next() * image.width, next() * image.height, 1 + next() * 2, 1 + next() * 2);
  }
  return new Uint8Array(canvas.toBuffer("image/png"));
}
