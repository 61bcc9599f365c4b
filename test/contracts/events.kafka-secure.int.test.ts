// Kafka as managed clusters serve it: a second local broker whose only client listener
// is SASL_SSL (SCRAM-SHA-512/256, PLAIN; client certificates required), reached through
// the settings every service reads (KAFKA_SASL_*, KAFKA_TLS*, KAFKA_TOPIC_*). Runs the
// event-bus contract over it, the failures an operator would meet, and one service
// process that must become ready against it.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Kafka, logLevel } from "kafkajs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvent, type EventBus } from "@levy/events";
import { assertInfrastructureConfig, infrastructureSettings, loadConfig, openEventBus } from "@levy/kit";
import { startSecureKafka, type SecureKafka } from "../support/secure-kafka.js";
import { describeEventBusContract } from "./events-contract.js";

let broker: SecureKafka;
beforeAll(() => {
  broker = startSecureKafka();
}, 120_000);
afterAll(() => broker?.stop());

type Env = Record<string, string | undefined>;
/** SCRAM-SHA-512 over TLS with the test CA and the client certificate, plus overrides. */
const securedEnv = (overrides: Env = {}): Env => ({
  EVENTS: "kafka",
  KAFKA_SASL_MECHANISM: "scram-sha-512",
  KAFKA_TLS: "true",
  ...broker.env,
  ...overrides,
});

function openBus(env: Env): Promise<EventBus> {
  const config = loadConfig(infrastructureSettings, env);
  assertInfrastructureConfig(config);
  return openEventBus("secure-test", config);
}

const scope = { accountId: "acct_secure", livemode: false };
const stamp = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/** Publishes one event and waits until a new consumer group receives it. */
async function roundTrip(bus: EventBus): Promise<void> {
  const topic = `t-round-${stamp()}`;
  const event = createEvent({ type: "test.happened", version: 1, scope, key: "k", payload: { n: 1 } });
  const seen: string[] = [];
  const sub = await bus.subscribe({
    topic,
    group: `g-round-${stamp()}`,
    handler: async (received) => void seen.push(received.id),
  });
  await bus.publish(topic, [event]);
  for (const deadline = Date.now() + 30_000; seen.length === 0 && Date.now() < deadline; )
    await new Promise((resolve) => setTimeout(resolve, 50));
  await sub.close();
  expect(seen).toEqual([event.id]);
}

async function failureOf(promise: Promise<unknown>): Promise<{ error: Error; seconds: number }> {
  const started = Date.now();
  try {
    const bus = (await promise) as EventBus;
    await bus.close();
  } catch (error) {
    return { error: error as Error, seconds: (Date.now() - started) / 1000 };
  }
  throw new Error("expected the connection to be refused");
}

describeEventBusContract("kafka over SASL_SSL: SCRAM-SHA-512 and a client certificate", () => openBus(securedEnv()));

describe("Kafka over SASL and TLS", () => {
  it.each(["scram-sha-256", "plain"])("also authenticates with %s and carries events", async (mechanism) => {
    const bus = await openBus(securedEnv({ KAFKA_SASL_MECHANISM: mechanism }));
    try {
      await roundTrip(bus);
    } finally {
      await bus.close();
    }
  });

  it("refuses a wrong password at once, naming broker, mechanism and user but never the password", async () => {
    const wrong = "not-the-password-0123456789";
    const { error, seconds } = await failureOf(openBus(securedEnv({ KAFKA_SASL_PASSWORD: wrong })));
    expect(error.message).toContain(broker.env.KAFKA_BROKERS);
    expect(error.message).toMatch(/SASL authentication failed \(scram-sha-512, user "levy"\)/);
    expect(error.message).not.toContain(wrong);
    expect(seconds).toBeLessThan(15);
  });

  it("does not trust the broker's certificate without the CA that signed it", async () => {
    const { error } = await failureOf(openBus(securedEnv({ KAFKA_TLS_CA_FILE: undefined })));
    expect(error.message).toContain(broker.env.KAFKA_BROKERS);
    expect(error.message).toMatch(/TLS.*(certificate|issuer)/i);
  });

  it("creates topics with the configured partitions, and asks for the configured replicas", async () => {
    const bus = await openBus(securedEnv({ KAFKA_TOPIC_PARTITIONS: "5" }));
    const topic = `t-partitions-${stamp()}`;
    try {
      await bus.publish(topic, [createEvent({ type: "test.happened", version: 1, scope, key: "k", payload: {} })]);
    } finally {
      await bus.close();
    }
    const admin = new Kafka({
      brokers: [broker.env.KAFKA_BROKERS!],
      logLevel: logLevel.NOTHING,
      ssl: {
        ca: readFileSync(broker.env.KAFKA_TLS_CA_FILE!, "utf8"),
        cert: readFileSync(broker.env.KAFKA_TLS_CERT_FILE!, "utf8"),
        key: readFileSync(broker.env.KAFKA_TLS_KEY_FILE!, "utf8"),
      },
      sasl: {
        mechanism: "scram-sha-512",
        username: broker.env.KAFKA_SASL_USERNAME!,
        password: broker.env.KAFKA_SASL_PASSWORD!,
      },
    }).admin();
    await admin.connect();
    try {
      const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
      expect(topics[0]!.partitions).toHaveLength(5);
    } finally {
      await admin.disconnect();
    }
    // One broker cannot hold two replicas: the broker is asked for what was configured.
    const twoReplicas = await openBus(securedEnv({ KAFKA_TOPIC_REPLICATION_FACTOR: "2" }));
    try {
      await expect(
        twoReplicas.publish(`t-replicas-${stamp()}`, [
          createEvent({ type: "test.happened", version: 1, scope, key: "k", payload: {} }),
        ]),
      ).rejects.toThrow(/replication factor/i);
    } finally {
      await twoReplicas.close();
    }
  });
});

describe("a service process configured for SASL_SSL", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "levy-secure-catalog-"));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Starts catalog's dist/main.js; resolves with its exit code, or "ready" once /readyz says 200. */
  function runCatalog(env: Env): Promise<{ outcome: "ready" | number; stderr: string }> {
    const opsPort = 20_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(process.execPath, ["services/catalog/dist/main.js"], {
      env: {
        PATH: process.env.PATH,
        STORAGE: "embedded",
        DATA_DIR: dataDir,
        CATALOG_GRPC_PORT: "0",
        CATALOG_OPS_PORT: String(opsPort),
        LOG_LEVEL: "warn",
        ...env,
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    let ready = false;
    const poll = setInterval(async () => {
      if (
        ready ||
        !(await fetch(`http://127.0.0.1:${opsPort}/readyz`).then(
          (response) => response.ok,
          () => false,
        ))
      )
        return;
      ready = true;
      child.kill("SIGTERM");
    }, 200);
    return new Promise((resolve) =>
      child.once("exit", (code) => {
        clearInterval(poll);
        resolve({ outcome: ready ? "ready" : (code ?? -1), stderr });
      }),
    );
  }

  it("becomes ready with the secured settings", async () => {
    const { outcome, stderr } = await runCatalog(securedEnv());
    expect(stderr).toBe("");
    expect(outcome).toBe("ready");
  });

  it("exits with the reason when the password is wrong", async () => {
    const { outcome, stderr } = await runCatalog(securedEnv({ KAFKA_SASL_PASSWORD: "wrong-password-0123456789" }));
    expect(outcome).toBe(1);
    expect(stderr).toMatch(/^catalog: failed to start: .*SASL authentication failed \(scram-sha-512, user "levy"\)/);
    expect(stderr).not.toContain("wrong-password-0123456789");
  });
});
