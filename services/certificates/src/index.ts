export { startCertificates, type StartCertificatesOptions } from "./app.js";
export { certificatesSettings } from "./config.js";
export type {
  DocumentKind,
  DocumentReader,
  DocumentReading,
  ExtractedCertificate,
} from "./processing/document-reader.js";
export {
  createDocumentReader,
  type ClosableDocumentReader,
  type DocumentReaderOptions,
} from "./processing/create-document-reader.js";
export { DocumentReadError, isDocumentReadError, type DocumentReadFailure } from "./processing/document-read-error.js";
export { createOcrEngine, type OcrEngine, type OcrEngineOptions } from "./processing/ocr-engine.js";
