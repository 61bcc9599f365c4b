// A second, throwaway Kafka broker that only speaks SASL_SSL (SCRAM-SHA-512/256 and PLAIN,
// client certificates required), started by deploy/test-infra/secure-kafka.sh in a fresh
// directory with a fresh CA, and stopped (directory removed) afterwards.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../deploy/test-infra/secure-kafka.sh");

export interface SecureKafka {
  /** KAFKA_BROKERS, KAFKA_SASL_USERNAME/PASSWORD, KAFKA_TLS_CA_FILE/CERT_FILE/KEY_FILE as Levy reads them. */
  readonly env: Readonly<Record<string, string>>;
  readonly dir: string;
  stop(): void;
}

export function startSecureKafka(): SecureKafka {
  const dir = mkdtempSync(path.join(os.tmpdir(), "levy-secure-kafka-"));
  const stop = () => {
    spawnSync(script, ["stop", dir], { stdio: "inherit" });
    rmSync(dir, { recursive: true, force: true });
  };
  const started = spawnSync(script, ["start", dir], { stdio: ["ignore", "inherit", "inherit"] });
  if (started.status !== 0) {
    stop();
    throw new Error(`secure-kafka.sh start exited ${started.status}; see its output above`);
  }
  const env = Object.fromEntries(
    readFileSync(path.join(dir, "secure-kafka.env"), "utf8")
      .split("\n")
      .filter((line) => line.includes("="))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
  return { env, dir, stop };
}
