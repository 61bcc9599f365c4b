// TEST DOUBLE of the DocumentReader only (the real one extracts text and classifies):
// the test documents carry a JSON manifest between LEVY-TEST-MANIFEST: and :END-MANIFEST
// (base64), which says what a real reader would have found, so the suite can steer
// timing, failures and crashes. A document without a manifest goes to the real reader.
// Loaded by the certificates service through CERTIFICATES_TEST_DOCUMENT_READER
// (NODE_ENV=test only).
import { appendFileSync } from "node:fs";
import { createDocumentReader as createRealReader } from "../../../services/certificates/dist/processing/create-document-reader.js";

const start = "LEVY-TEST-MANIFEST:";
const end = ":END-MANIFEST";

export function createDocumentReader() {
  let real = null;
  return {
    async read(document) {
      const text = Buffer.from(document.bytes).toString("latin1");
      const from = text.indexOf(start);
      const to = text.indexOf(end, from);
      if (from < 0 || to < 0) {
        real ??= createRealReader();
        return real.read(document);
      }
      const manifest = JSON.parse(Buffer.from(text.slice(from + start.length, to), "base64").toString("utf8"));
      if (manifest.expect_kind && manifest.expect_kind !== document.kind)
        throw new Error(`reader got ${document.kind}, expected ${manifest.expect_kind}`);
      // Lets a test see that reading has begun (to kill the service mid-processing).
      if (manifest.started_file) appendFileSync(manifest.started_file, `${process.pid}\n`);
      if (manifest.delay_ms) await new Promise((resolve) => setTimeout(resolve, manifest.delay_ms));
      if (manifest.fail) throw new Error(manifest.fail);
      if (manifest.not_a_certificate) return { kind: "not_a_certificate", reason: manifest.not_a_certificate };
      return { kind: "certificates", certificates: manifest.certificates };
    },
    close: async () => real?.close(),
  };
}
