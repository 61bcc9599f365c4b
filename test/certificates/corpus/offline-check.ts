// Run by offline.test.ts in a child process under network-guard.cjs: reads a PNG (OCR)
// and a scanned PDF (render + OCR) and a text PDF, prints the readings as JSON, and
// proves the guard is live in worker threads with a deliberate request that must fail.
import { Worker } from "node:worker_threads";
import { createDocumentReader } from "../../../services/certificates/src/processing/create-document-reader.js";
import { corpus } from "./corpus.js";

async function canary(): Promise<string> {
  const code = `require("node:https").get("https://levy-offline-canary.invalid/").on("error", (e) => require("node:worker_threads").parentPort.postMessage(e.message));`;
  return new Promise((resolve) => {
    const worker = new Worker(code, { eval: true });
    worker.on("message", (message: string) => resolve(`request failed: ${message}`));
    worker.on("error", (error) => resolve(`request failed: ${error.message}`));
  });
}

const names = process.argv.slice(2);
const reader = createDocumentReader();
const readings: Record<string, unknown> = {};
for (const document of corpus.filter((entry) => names.includes(entry.name))) {
  readings[document.name] = await reader.read({
    bytes: await document.build(),
    kind: document.kind,
    filename: "offline",
  });
}
await reader.close();
process.stdout.write(`${JSON.stringify({ readings, canary: await canary() })}\n`);
