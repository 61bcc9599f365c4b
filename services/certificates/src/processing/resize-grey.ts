// Bilinear resampling of a greyscale image (enough for OCR input; area averaging is not
// needed because we only shrink images that are far larger than tesseract needs).
export interface GreyImage {
  readonly width: number;
  readonly height: number;
  readonly pixels: Uint8Array;
}

export function resizeGrey(image: GreyImage, width: number, height: number): GreyImage {
  const pixels = new Uint8Array(width * height);
  const xRatio = image.width / width;
  const yRatio = image.height / height;
  for (let y = 0; y < height; y += 1) {
    const sourceY = Math.min(image.height - 1, Math.max(0, (y + 0.5) * yRatio - 0.5));
    const y0 = Math.floor(sourceY);
    const y1 = Math.min(image.height - 1, y0 + 1);
    const fy = sourceY - y0;
    for (let x = 0; x < width; x += 1) {
      const sourceX = Math.min(image.width - 1, Math.max(0, (x + 0.5) * xRatio - 0.5));
      const x0 = Math.floor(sourceX);
      const x1 = Math.min(image.width - 1, x0 + 1);
      const fx = sourceX - x0;
      const top = image.pixels[y0 * image.width + x0]! * (1 - fx) + image.pixels[y0 * image.width + x1]! * fx;
      const bottom = image.pixels[y1 * image.width + x0]! * (1 - fx) + image.pixels[y1 * image.width + x1]! * fx;
      pixels[y * width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width, height, pixels };
}
