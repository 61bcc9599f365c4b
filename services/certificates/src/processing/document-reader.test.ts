// Every document of the generated corpus read end to end (bytes → text → reading).
// Text-layer PDFs are quick; the OCR documents share one reader, so one tesseract worker.
import { afterAll, describe, expect, it } from "vitest";
import { createDocumentReader } from "./create-document-reader.js";
import { corpus } from "../../../../test/certificates/corpus/corpus.js";

const reader = createDocumentReader();
afterAll(() => reader.close());

describe("document reader on the generated corpus", () => {
  for (const document of corpus.filter((entry) => !entry.ocr)) {
    it(`reads the ${document.name}`, async () => {
      const bytes = await document.build();
      expect(await reader.read({ bytes, kind: document.kind, filename: `${document.name}.${document.kind}` })).toEqual(
        document.expected,
      );
    });
  }
});

describe("document reader on images and scans (OCR)", () => {
  for (const document of corpus.filter((entry) => entry.ocr)) {
    it(`reads the ${document.name}`, { timeout: 240_000 }, async () => {
      const bytes = await document.build();
      expect(await reader.read({ bytes, kind: document.kind, filename: `${document.name}.${document.kind}` })).toEqual(
        document.expected,
      );
    });
  }
});
