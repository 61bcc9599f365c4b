// Which DocumentReader the worker uses: the test suites' stand-in when the test-only
// setting names one, else the real reader (processing/create-document-reader.ts, built
// in parallel; loaded by a computed path until it lands, then import it statically).
import { pathToFileURL } from "node:url";
import type { DocumentReader } from "../processing/document-reader.js";

type ReaderModule = { createDocumentReader: () => DocumentReader | Promise<DocumentReader> };

export async function loadDocumentReader(testModule: string | undefined): Promise<DocumentReader> {
  const specifier = testModule ? pathToFileURL(testModule).href : new URL("../processing/create-document-reader.js", import.meta.url).href;
  let loaded: ReaderModule;
  try {
    loaded = (await import(specifier)) as ReaderModule;
  } catch (error) {
    throw new Error("no document reader is installed", { cause: error });
  }
  return loaded.createDocumentReader();
}
