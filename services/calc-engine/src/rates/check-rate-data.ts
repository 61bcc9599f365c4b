// `node services/calc-engine/dist/rates/check-rate-data.js [dir]`: validates rate data
// the way the service does at start-up and prints a summary, for data authors.
import { fileURLToPath } from "node:url";
import { loadRateDataDir } from "./load-rate-data.js";

const directory = process.argv[2] ?? fileURLToPath(new URL("../../data", import.meta.url));
try {
  const data = loadRateDataDir(directory);
  console.log(`ok: ${data.jurisdictions.size} jurisdictions, ${data.rules.length} rules in ${directory}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
