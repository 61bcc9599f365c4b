// Prepares an uploaded image for OCR with pure-JS decoders (pngjs, jpeg-js): untrusted
// bytes are never handed to native code (a corrupt image crashed the native canvas
// decoder we tried first: a segfault, not an exception). The image is decoded in full
// (so corrupt bytes fail here, clearly), flattened onto white, turned to grey and scaled
// so its longest side is within bounds: tesseract reads small text poorly and a huge
// image costs minutes for no gain. The result is a greyscale PNG.
import jpeg from "jpeg-js";
import pngjs from "pngjs";
import type { DocumentKind } from "./document-reader.js";
import { DocumentReadError } from "./document-read-error.js";
import { resizeGrey, type GreyImage } from "./resize-grey.js";

export interface ImageBounds {
  readonly minLongSide: number;
  readonly maxLongSide: number;
  /** Larger images are refused before decoding (decompression bombs). */
  readonly maxMegapixels: number;
}

export const defaultImageBounds: ImageBounds = { minLongSide: 1600, maxLongSide: 3600, maxMegapixels: 60 };

export function imageForOcr(
  bytes: Uint8Array,
  kind: Exclude<DocumentKind, "pdf">,
  bounds: ImageBounds = defaultImageBounds,
): Uint8Array {
  const rgba = kind === "png" ? decodePng(Buffer.from(bytes), bounds) : decodeJpeg(bytes, bounds);
  const grey = toGrey(rgba);
  const longSide = Math.max(grey.width, grey.height);
  const scale =
    longSide < bounds.minLongSide
      ? bounds.minLongSide / longSide
      : longSide > bounds.maxLongSide
        ? bounds.maxLongSide / longSide
        : 1;
  const sized =
    scale === 1
      ? grey
      : resizeGrey(grey, Math.max(1, Math.round(grey.width * scale)), Math.max(1, Math.round(grey.height * scale)));
  const png = new pngjs.PNG({
    width: sized.width,
    height: sized.height,
    colorType: 0,
    inputColorType: 0,
    inputHasAlpha: false,
  });
  png.data = Buffer.from(sized.pixels.buffer, sized.pixels.byteOffset, sized.pixels.byteLength);
  // Fast settings: the PNG only travels to the OCR worker, size does not matter.
  return new Uint8Array(
    pngjs.PNG.sync.write(png, {
      colorType: 0,
      inputColorType: 0,
      inputHasAlpha: false,
      deflateLevel: 1,
      filterType: 0,
    }),
  );
}

interface RgbaImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

function decodePng(bytes: Buffer, bounds: ImageBounds): RgbaImage {
  // IHDR is the first chunk: width and height at bytes 16–23.
  if (bytes.length < 24 || bytes.readUInt32BE(0) !== 0x89504e47) throw unreadable("the PNG has no valid header");
  assertSize(bytes.readUInt32BE(16), bytes.readUInt32BE(20), bounds);
  try {
    const png = pngjs.PNG.sync.read(bytes);
    return { width: png.width, height: png.height, data: png.data };
  } catch (error) {
    throw unreadable("the PNG image could not be decoded", error);
  }
}

function decodeJpeg(bytes: Uint8Array, bounds: ImageBounds): RgbaImage {
  try {
    const image = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: bounds.maxMegapixels,
      maxMemoryUsageInMB: 1024,
    });
    assertSize(image.width, image.height, bounds);
    return image;
  } catch (error) {
    if (error instanceof DocumentReadError) throw error;
    throw unreadable("the JPEG image could not be decoded", error);
  }
}

function assertSize(width: number, height: number, bounds: ImageBounds): void {
  if (width < 1 || height < 1) throw unreadable("the image has no pixels");
  if ((width * height) / 1e6 > bounds.maxMegapixels)
    throw unreadable(`the image is larger than ${bounds.maxMegapixels} megapixels`);
}

function toGrey(image: RgbaImage): GreyImage {
  const pixels = new Uint8Array(image.width * image.height);
  for (let index = 0; index < pixels.length; index += 1) {
    const offset = index * 4;
    const luminance =
      (image.data[offset]! * 299 + image.data[offset + 1]! * 587 + image.data[offset + 2]! * 114) / 1000;
    const alpha = image.data[offset + 3]! / 255;
    pixels[index] = Math.round(luminance * alpha + 255 * (1 - alpha));
  }
  return { width: image.width, height: image.height, pixels };
}

function unreadable(message: string, cause?: unknown): DocumentReadError {
  return new DocumentReadError("unreadable_image", message, { cause });
}
