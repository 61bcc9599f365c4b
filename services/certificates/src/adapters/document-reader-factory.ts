// Which DocumentReader the worker uses: the real one (PDF text layer, OCR, classification),
// unless the test-only setting names a module whose createDocumentReader() replaces it.
import { pathToFileURL } from "node:url";
import { createDocumentReader } from "../processing/create-document-reader.js";
import type { DocumentReader } from "../processing/document-reader.js";

type ReaderModule = { createDocumentReader: () => DocumentReader | Promise<DocumentReader> };

export interface LoadedDocumentReader extends DocumentReader {
  close(): Promise<void>;
}

export async function loadDocumentReader(testModule: string | undefined): Promise<LoadedDocumentReader> {
  if (!testModule) return createDocumentReader();
  const loaded = (await import(pathToFileURL(testModule).href)) as ReaderModule;
  const reader = await loaded.createDocumentReader();
  return {
    read: (document) => reader.read(document),
    close: async () => (reader as Partial<LoadedDocumentReader>).close?.(),
  };
}
