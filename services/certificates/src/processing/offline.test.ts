// The reader makes no network request: OCR (main thread and tesseract's worker thread)
// and PDF reading run in a child process where every connection, DNS lookup and fetch is
// refused. The child also fires a deliberate request from a worker thread, to prove the
// guard would have caught one.
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { corpus } from "../../../../test/certificates/corpus/corpus.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
// vite-node (vitest's own TypeScript runner) runs the check script from src.
const viteNode = path.join(path.dirname(require.resolve("vite-node/package.json")), "vite-node.mjs");

const checked = [
  "PNG scan of a Texas resale certificate (tilted, speckled)",
  "scanned PDF (image only) of an unsigned Texas resale certificate",
  "SST multistate certificate with supplemental (GA, IN, KY, NC, TN ticked)",
];

describe("document reader offline", () => {
  it("reads images, scans and PDFs with every network access refused", { timeout: 300_000 }, async () => {
    const args = [
      "--require",
      path.join(here, "../../../../test/certificates/corpus", "network-guard.cjs"),
      viteNode,
      path.join(here, "../../../../test/certificates/corpus", "offline-check.ts"),
      ...checked,
    ];
    const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
      execFile(process.execPath, args, { cwd: here, timeout: 280_000, maxBuffer: 1 << 20 }, (error, out, err) =>
        error ? reject(new Error(`${error.message}\n${err}`)) : resolve({ stdout: out, stderr: err }),
      );
    });
    const result = JSON.parse(stdout.trim().split("\n").at(-1)!) as {
      readings: Record<string, unknown>;
      canary: string;
    };
    expect(result.canary).toMatch(/request failed: network access is disabled/);
    const blocked = stderr.split("\n").filter((line) => line.startsWith("NETWORK-BLOCKED"));
    expect(blocked).toEqual(["NETWORK-BLOCKED socket connect in worker thread"]); // the canary's, and nothing else
    for (const name of checked) {
      expect(result.readings[name]).toEqual(corpus.find((entry) => entry.name === name)!.expected);
    }
  });
});
