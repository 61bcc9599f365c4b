import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";
import { assertInfrastructureConfig, infrastructureSettings } from "./infrastructure.js";
import { kafkaBusSettings } from "./kafka-settings.js";

const kafkaEnv = { EVENTS: "kafka", KAFKA_BROKERS: "kafka-0:9093" };
const problemsOf = (env: Record<string, string>): string[] => {
  try {
    assertInfrastructureConfig(loadConfig(infrastructureSettings, { ...kafkaEnv, ...env }));
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return [...error.problems];
  }
};

describe("Kafka client settings", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "levy-kafka-settings-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const pemFile = (name: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, `-----BEGIN CERTIFICATE-----\n${name}\n-----END CERTIFICATE-----\n`);
    return file;
  };

  it("defaults to plaintext without SASL, 3 partitions and the cluster's replication factor", () => {
    expect(kafkaBusSettings(loadConfig(infrastructureSettings, kafkaEnv))).toEqual({
      security: { sasl: undefined, tls: undefined },
      topics: { partitions: 3, replicationFactor: undefined },
    });
  });

  it("reads SASL credentials, the TLS files and the topic shape", () => {
    const [ca, cert, key] = [pemFile("ca.crt"), pemFile("tls.crt"), pemFile("tls.key")];
    const env = {
      ...kafkaEnv,
      KAFKA_SASL_MECHANISM: "scram-sha-512",
      KAFKA_SASL_USERNAME: "levy",
      KAFKA_SASL_PASSWORD: "s3cret-password",
      KAFKA_TLS: "true",
      KAFKA_TLS_CA_FILE: ca,
      KAFKA_TLS_CERT_FILE: cert,
      KAFKA_TLS_KEY_FILE: key,
      KAFKA_TLS_SERVERNAME: "kafka.internal",
      KAFKA_TOPIC_PARTITIONS: "12",
      KAFKA_TOPIC_REPLICATION_FACTOR: "3",
    };
    const config = loadConfig(infrastructureSettings, env);
    expect(() => assertInfrastructureConfig(config)).not.toThrow();
    const { security, topics } = kafkaBusSettings(config);
    expect(security.sasl).toEqual({ mechanism: "scram-sha-512", username: "levy", password: "s3cret-password" });
    expect(security.tls).toMatchObject({ servername: "kafka.internal" });
    expect(security.tls!.ca).toContain("ca.crt");
    expect(security.tls!.cert).toContain("tls.crt");
    expect(security.tls!.key).toContain("tls.key");
    expect(topics).toEqual({ partitions: 12, replicationFactor: 3 });
  });

  it.each([
    [
      "a mechanism without credentials",
      { KAFKA_SASL_MECHANISM: "scram-sha-256" },
      /KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD are required/,
    ],
    [
      "credentials without a mechanism",
      { KAFKA_SASL_USERNAME: "levy", KAFKA_SASL_PASSWORD: "pw-123456" },
      /KAFKA_SASL_MECHANISM is not/,
    ],
    [
      "PLAIN without TLS",
      { KAFKA_SASL_MECHANISM: "plain", KAFKA_SASL_USERNAME: "levy", KAFKA_SASL_PASSWORD: "pw-123456" },
      /plain sends the password in clear text/,
    ],
    [
      "a certificate without its key",
      { KAFKA_TLS: "true", KAFKA_TLS_CERT_FILE: "/tls/tls.crt" },
      /KAFKA_TLS_CERT_FILE and KAFKA_TLS_KEY_FILE go together/,
    ],
    [
      "TLS files while TLS is off",
      { KAFKA_TLS_CA_FILE: "/tls/ca.crt", KAFKA_TLS_SERVERNAME: "kafka" },
      /KAFKA_TLS_CA_FILE, KAFKA_TLS_SERVERNAME only apply with KAFKA_TLS=true/,
    ],
  ])("refuses %s", (_name, env, problem) => {
    expect(problemsOf(env).join("\n")).toMatch(problem);
  });

  it("refuses an unknown mechanism, a zero partition count and a zero replication factor by variable name", () => {
    const problems = problemsOf({
      KAFKA_SASL_MECHANISM: "gssapi",
      KAFKA_TOPIC_PARTITIONS: "0",
      KAFKA_TOPIC_REPLICATION_FACTOR: "0",
    }).join("\n");
    for (const name of ["KAFKA_SASL_MECHANISM", "KAFKA_TOPIC_PARTITIONS", "KAFKA_TOPIC_REPLICATION_FACTOR"])
      expect(problems).toContain(name);
  });

  it("checks nothing about Kafka when the in-process bus is used", () => {
    expect(problemsOf({ EVENTS: "in-process", KAFKA_SASL_MECHANISM: "plain" })).toEqual([]);
  });

  it("names the variable of a TLS file that is missing or holds no PEM, and never prints the password", () => {
    const notPem = path.join(dir, "not-pem.crt");
    writeFileSync(notPem, "just text");
    const config = loadConfig(infrastructureSettings, {
      ...kafkaEnv,
      KAFKA_SASL_MECHANISM: "scram-sha-512",
      KAFKA_SASL_USERNAME: "levy",
      KAFKA_SASL_PASSWORD: "do-not-print-me",
      KAFKA_TLS: "true",
      KAFKA_TLS_CA_FILE: path.join(dir, "absent.crt"),
      KAFKA_TLS_CERT_FILE: notPem,
      KAFKA_TLS_KEY_FILE: pemFile("key.pem"),
    });
    let error: unknown;
    try {
      kafkaBusSettings(config);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/KAFKA_TLS_CA_FILE: cannot read .*absent\.crt \(ENOENT\)/);
    expect(message).toMatch(/KAFKA_TLS_CERT_FILE: .*not-pem\.crt holds no PEM block/);
    expect(message).not.toContain("do-not-print-me");
  });
});
