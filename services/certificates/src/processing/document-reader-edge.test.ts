// Inputs that are not good documents: each ends in a reading or a DocumentReadError with
// a clear message, never another exception or a hang.
import { afterAll, describe, expect, it } from "vitest";
import { createDocumentReader } from "./create-document-reader.js";
import { DocumentReadError } from "./document-read-error.js";
import type { DocumentKind } from "./document-reader.js";
import type { OcrEngine } from "./ocr-engine.js";
import { createSerialQueue } from "./serial-queue.js";
import { writePdf } from "../../../../test/certificates/corpus/form-writer.js";
import { texasResalePdf } from "../../../../test/certificates/corpus/forms-state.js";
import { imageOnlyPdf, pdfPageToPng } from "../../../../test/certificates/corpus/raster.js";

const reader = createDocumentReader();
afterAll(() => reader.close());

const read = (bytes: Uint8Array, kind: DocumentKind, target = reader) =>
  target.read({ bytes, kind, filename: `edge.${kind}` });
const readFailure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DocumentReadError);
  return error as DocumentReadError;
};
const junk = (length: number) => new Uint8Array(Array.from({ length }, (_, index) => (index * 7919 + 13) % 256));
const texas = () =>
  texasResalePdf({
    purchaser: "Edge Case LLC",
    number: "32012345678",
    signature: { style: "conformed", name: "E. Case", title: "Owner", date: "01/02/2026" },
  });

/** An OCR engine that never answers, to show a stuck page cannot hang the reader. */
const stuckOcr: OcrEngine = { recognize: () => new Promise(() => undefined), close: async () => undefined };
const echoOcr = (text: string): OcrEngine => ({ recognize: async () => text, close: async () => undefined });

describe("document reader on bad input", () => {
  it("refuses an empty file", async () => {
    expect((await readFailure(read(new Uint8Array(0), "pdf"))).message).toBe("the document is empty (0 bytes)");
  });

  it("reports bytes that are not a PDF as an unreadable PDF", async () => {
    const error = await readFailure(read(junk(4096), "pdf"));
    expect(error.failure).toBe("unreadable_pdf");
  });

  it("reports a corrupt image as an unreadable image", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...junk(2048)]);
    expect((await readFailure(read(png, "png"))).failure).toBe("unreadable_image");
    expect((await readFailure(read(new Uint8Array([0xff, 0xd8, 0xff, ...junk(512)]), "jpeg"))).failure).toBe(
      "unreadable_image",
    );
  });

  it("reads a truncated PDF as far as it can or reports it unreadable", async () => {
    const whole = await texas();
    for (const fraction of [0.3, 0.7, 0.95]) {
      const outcome = await read(
        whole.slice(0, Math.floor(whole.length * fraction)),
        "pdf",
        createDocumentReader({ ocr: echoOcr("") }),
      ).then(
        (reading) => reading.kind,
        (error: unknown) => (error instanceof DocumentReadError ? "read_error" : error),
      );
      expect(["certificates", "not_a_certificate", "read_error"]).toContain(outcome);
    }
  });

  it("reads PDFs with damaged bytes as far as it can or reports them unreadable", { timeout: 120_000 }, async () => {
    const sources = [await texas(), await imageOnlyPdf(await pdfPageToPng(await texas(), 50))];
    const lenient = createDocumentReader({ ocr: echoOcr(""), limits: { ocrDpi: 72 } });
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const outcomes = new Set<unknown>();
    for (let round = 0; round < 16; round += 1) {
      const bytes = sources[round % 2]!.slice();
      for (let flips = 1 + Math.floor(next() * 20); flips > 0; flips -= 1)
        bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
      outcomes.add(
        await read(bytes, "pdf", lenient).then(
          (reading) => reading.kind,
          (error: unknown) => (error instanceof DocumentReadError ? "read_error" : error),
        ),
      );
    }
    expect(
      [...outcomes].every((outcome) => ["certificates", "not_a_certificate", "read_error"].includes(outcome as string)),
    ).toBe(true);
  });

  it("finds no certificate in a PDF with a blank page (OCR finds no text)", { timeout: 120_000 }, async () => {
    const blank = await writePdf(() => undefined);
    expect(await read(blank, "pdf")).toEqual({
      kind: "not_a_certificate",
      reason: "no text could be read from the document",
    });
  });

  it("refuses a PDF with more pages than the limit", async () => {
    const long = await writePdf((form) => {
      for (let page = 0; page < 4; page += 1)
        form.paragraph(`page ${page} of a long catalogue with enough text to count`).newPage();
    });
    const limited = createDocumentReader({ ocr: echoOcr(""), limits: { maxPages: 3 } });
    expect((await readFailure(read(long, "pdf", limited))).failure).toBe("too_many_pages");
  });

  it("refuses a scan with more pages needing OCR than the limit, before running them all", async () => {
    const scans = await writePdf((form) => form.newPage().newPage());
    const calls: number[] = [];
    const counting: OcrEngine = {
      recognize: async () => {
        calls.push(1);
        return "";
      },
      close: async () => undefined,
    };
    const limited = createDocumentReader({ ocr: counting, limits: { maxOcrPages: 2 } });
    expect((await readFailure(read(scans, "pdf", limited))).failure).toBe("too_many_pages");
    expect(calls).toHaveLength(2);
  });

  it("gives up on a document whose OCR never finishes instead of hanging", async () => {
    const scan = await imageOnlyPdf(await pdfPageToPng(await texas(), 50));
    const stuck = createDocumentReader({ ocr: stuckOcr, documentTimeoutMs: 300 });
    const error = await readFailure(read(scan, "pdf", stuck));
    expect(error).toMatchObject({ failure: "timed_out", message: "reading the document took longer than 300 ms" });
  });

  it("classifies OCR text of a scanned page like a text layer", async () => {
    const scan = await imageOnlyPdf(await pdfPageToPng(await texas(), 50));
    const ocrText =
      "Texas Sales and Use Tax Resale Certificate\nName of purchaser: Scanned Goods LLC\nTexas Sales and Use Tax Permit Number: 32012345678\nSignature: /s/ Ann Lee Date: 02/02/2026";
    const reading = await read(scan, "pdf", createDocumentReader({ ocr: echoOcr(ocrText) }));
    expect(reading).toEqual({
      kind: "certificates",
      certificates: [
        {
          certificateType: "resale",
          jurisdictions: ["TX"],
          buyerName: "Scanned Goods LLC",
          issuedOn: "2026-02-02",
          expiresOn: null,
          signed: true,
          missing: [],
        },
      ],
    });
  });

  it("rejects impossible options", () => {
    expect(() => createDocumentReader({ documentTimeoutMs: 0 })).toThrow("documentTimeoutMs must be a positive number");
    expect(() => createDocumentReader({ limits: { maxPages: -1 } })).toThrow(
      "limits.maxPages must be a positive number",
    );
  });
});

describe("serial queue (OCR runs one page at a time)", () => {
  it("never runs two tasks at once and keeps going after a failure", async () => {
    const queue = createSerialQueue();
    let running = 0;
    let most = 0;
    const task = (fail: boolean) => async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (fail) throw new Error("page failed");
      return "done";
    };
    const results = await Promise.allSettled([queue.run(task(false)), queue.run(task(true)), queue.run(task(false))]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(most).toBe(1);
  });
});
