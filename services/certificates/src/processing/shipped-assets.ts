// Where the data files the reader ships with live. Resolved through Node's package
// resolution from this file, so the same code works from src (tests) and dist (service)
// and nothing is ever fetched: pdf.js fonts, CMaps and decoders and tesseract's English
// model all come from installed npm packages.
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

function packageDir(name: string): string {
  return path.dirname(require.resolve(`${name}/package.json`));
}

/** pdf.js wants directory URLs with a trailing separator; in Node plain paths are read with fs. */
function dirWithSlash(dir: string): string {
  return dir.endsWith(path.sep) ? dir : dir + path.sep;
}

export interface PdfAssetPaths {
  readonly standardFontDataUrl: string;
  readonly cMapUrl: string;
  readonly wasmUrl: string;
  readonly iccUrl: string;
}

export function pdfAssetPaths(): PdfAssetPaths {
  const root = packageDir("pdfjs-dist");
  return {
    standardFontDataUrl: dirWithSlash(path.join(root, "standard_fonts")),
    cMapUrl: dirWithSlash(path.join(root, "cmaps")),
    wasmUrl: dirWithSlash(path.join(root, "wasm")),
    iccUrl: dirWithSlash(path.join(root, "iccs")),
  };
}

/** The LSTM ("best_int") English model, gzip-compressed, from @tesseract.js-data/eng. */
export function tesseractLanguageDir(): string {
  return path.join(packageDir("@tesseract.js-data/eng"), "4.0.0_best_int");
}
