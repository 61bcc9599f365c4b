// OCR with tesseract.js, fully offline: the English LSTM model comes from the
// @tesseract.js-data/eng package, the worker script and wasm core from tesseract.js and
// tesseract.js-core (resolved locally by tesseract.js in Node). One worker is created
// lazily and reused; pages are recognised one at a time; a page that takes longer than
// the timeout terminates the worker (a fresh one is made for the next page).
import type { Worker } from "tesseract.js";
import { DocumentReadError } from "./document-read-error.js";
import { createSerialQueue, withTimeout } from "./serial-queue.js";
import { tesseractLanguageDir } from "./shipped-assets.js";

export interface OcrEngine {
  /** Text of one image (PNG or JPEG bytes), lines separated by "\n". */
  recognize(image: Uint8Array): Promise<string>;
  /** Ends the worker thread; the engine can still be used afterwards (it starts a new one). */
  close(): Promise<void>;
}

export interface OcrEngineOptions {
  /** Longest a single page may take, worker start included. */
  readonly pageTimeoutMs?: number;
}

export function createOcrEngine(options: OcrEngineOptions = {}): OcrEngine {
  const pageTimeoutMs = options.pageTimeoutMs ?? 120_000;
  if (!Number.isInteger(pageTimeoutMs) || pageTimeoutMs <= 0)
    throw new RangeError("pageTimeoutMs must be a positive integer");
  const queue = createSerialQueue();
  let worker: Promise<Worker> | null = null;

  async function startWorker(): Promise<Worker> {
    const { createWorker, OEM } = await import("tesseract.js");
    return createWorker("eng", OEM.LSTM_ONLY, {
      langPath: tesseractLanguageDir(),
      gzip: true,
      cacheMethod: "none", // never write eng.traineddata into the working directory
      logger: () => undefined,
      errorHandler: () => undefined, // failures reach us as rejected jobs; without this tesseract.js throws from its message handler
    });
  }

  async function stopWorker(): Promise<void> {
    const current = worker;
    worker = null;
    if (current) await current.then((w) => w.terminate()).catch(() => undefined);
  }

  async function recognizeNow(image: Uint8Array): Promise<string> {
    worker ??= startWorker();
    const active = worker;
    const job = active.then((w) => w.recognize(Buffer.from(image)));
    try {
      const result = await withTimeout(
        job,
        pageTimeoutMs,
        () => new DocumentReadError("timed_out", `OCR of a page took longer than ${pageTimeoutMs} ms`),
      );
      return result.data.text;
    } catch (error) {
      await stopWorker(); // a worker that failed or hung is not trusted with the next page
      if (error instanceof DocumentReadError) throw error;
      throw new DocumentReadError("ocr_failed", "OCR could not read the image", { cause: error });
    }
  }

  return {
    recognize: (image) => queue.run(() => recognizeNow(image)),
    close: () => queue.run(stopWorker),
  };
}
