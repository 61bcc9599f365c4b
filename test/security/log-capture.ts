// Captures what the services log during a suite. Embedded mode logs to this process's
// stdout/stderr (pino writes to process.stdout), so both are tapped; distributed mode
// hands each child's output to `append` (startDistributedSystem's onOutput).
import { createHmac } from "node:crypto";

export interface LogCapture {
  append(service: string, text: string): void;
  text(): string;
  lineCount(): number;
  stop(): void;
}

export function captureLogs(options: { tapProcess: boolean }): LogCapture {
  const chunks: string[] = [];
  const restore: Array<() => void> = [];
  if (options.tapProcess) {
    for (const stream of [process.stdout, process.stderr]) {
      const original = stream.write.bind(stream);
      stream.write = ((chunk: unknown, ...rest: unknown[]) => {
        const text = typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
        chunks.push(text);
        // Service log lines (JSON) are kept here, not echoed: trace level is loud.
        if (text.startsWith('{"level"')) return true;
        return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
      }) as typeof stream.write;
      restore.push(() => {
        stream.write = original as typeof stream.write;
      });
    }
  }
  return {
    append: (_service, text) => void chunks.push(text),
    text: () => chunks.join(""),
    lineCount: () =>
      chunks
        .join("")
        .split("\n")
        .filter((line) => line.trim().length > 0).length,
    stop: () => {
      for (const undo of restore.splice(0)) undo();
    },
  };
}

/** The forms a secret could take in a log line: itself, its random part, and derived signing keys. */
export function secretForms(secrets: {
  apiKeys: string[];
  adminToken: string;
  pepper: string;
  linkSignatures: string[];
}): string[] {
  const linkKey = createHmac("sha256", secrets.pepper).update("levy document links v1").digest();
  return [
    ...secrets.apiKeys.flatMap((key) => [key, key.slice(key.lastIndexOf("_") + 1)]),
    secrets.adminToken,
    secrets.pepper,
    linkKey.toString("hex"),
    linkKey.toString("base64url"),
    linkKey.toString("base64"),
    ...secrets.linkSignatures,
  ];
}
