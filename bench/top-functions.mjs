#!/usr/bin/env node
// Prints the top self-time functions (and packages) of a .cpuprofile:
//   node bench/top-functions.mjs <file.cpuprofile> [count] [from-microseconds]
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { formatSelfTimes, selfTimes, selfTimesByModule } from "./profile-summary.mjs";

export async function topFunctionsOf(file, count = 25, fromMicros = 0) {
  const profile = JSON.parse(await readFile(file, "utf8"));
  const modules = selfTimesByModule(profile, { fromMicros })
    .slice(0, 15)
    .map(
      (entry) =>
        `${entry.selfMs.toFixed(1).padStart(9)}  ${(entry.share * 100).toFixed(1).padStart(5)}%  ${entry.module}`,
    );
  return `${formatSelfTimes(selfTimes(profile, { fromMicros }), count)}\n\nby package:\n${modules.join("\n")}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [file, count = "25", from = "0"] = process.argv.slice(2);
  if (!file) {
    process.stderr.write("usage: node bench/top-functions.mjs <file.cpuprofile> [count] [from-microseconds]\n");
    process.exit(2);
  }
  process.stdout.write(`${await topFunctionsOf(file, Number(count), Number(from))}\n`);
}
