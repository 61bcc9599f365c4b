// Prepares an uploaded image for OCR: decodes it (so corrupt bytes fail clearly here,
// not inside the OCR worker), flattens transparency onto white and scales it so the
// longest side is within bounds: tesseract reads small text poorly and a huge image
// costs minutes for no gain.
import { DocumentReadError } from "./document-read-error.js";

export interface ImageBounds {
  readonly minLongSide: number;
  readonly maxLongSide: number;
}

export const defaultImageBounds: ImageBounds = { minLongSide: 1600, maxLongSide: 3600 };

export async function imageForOcr(bytes: Uint8Array, bounds: ImageBounds = defaultImageBounds): Promise<Uint8Array> {
  const { createCanvas, loadImage } = await import("@napi-rs/canvas");
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(Buffer.from(bytes));
  } catch (error) {
    throw new DocumentReadError("unreadable_image", "the image could not be decoded", { cause: error });
  }
  if (image.width < 1 || image.height < 1) throw new DocumentReadError("unreadable_image", "the image has no pixels");
  const longSide = Math.max(image.width, image.height);
  const scale = longSide < bounds.minLongSide ? bounds.minLongSide / longSide : longSide > bounds.maxLongSide ? bounds.maxLongSide / longSide : 1;
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  return new Uint8Array(canvas.toBuffer("image/png"));
}
