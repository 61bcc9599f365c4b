// The one-screen summary of the fault-injection suite: printed at the end of the run and
// kept as JSON under .cache/reports (docs/reliability.md quotes the latest run).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface FaultLine {
  readonly fault: string;
  readonly answers: number;
  readonly failures: number;
  readonly slowestMs: number;
  readonly recoveredAfterMs: number;
  readonly note?: string;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export function formatFaultReport(lines: readonly FaultLine[]): string {
  const header = ["fault", "answers", "failed (503/504/refused)", "slowest ms", "whole again after ms"];
  const rows = lines.map((line) => [
    line.fault,
    String(line.answers),
    String(line.failures),
    String(line.slowestMs),
    String(line.recoveredAfterMs),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const format = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ");
  const notes = lines.filter((line) => line.note).map((line) => `  ${line.fault}: ${line.note}`);
  return ["Fault-injection suite", format(header), ...rows.map(format), ...notes].join("\n");
}

/** `name` keeps each suite's report apart (the embedded suite writes fault-injection-embedded). */
export function recordFaultReport(lines: readonly FaultLine[], name = "fault-injection"): void {
  console.log(formatFaultReport(lines));
  const dir = path.join(process.env.LEVY_CACHE ?? path.join(root, ".cache"), "reports");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `${name}.json`),
    `${JSON.stringify({ at: new Date().toISOString(), lines }, null, 2)}\n`,
  );
}
