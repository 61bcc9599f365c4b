// An event published by one process is consumed exactly once in effect by another,
// even when the consumer is killed with SIGKILL mid-batch and restarted.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MongoClient } from "mongodb";
import { afterAll, describe, expect, it } from "vitest";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");
const count = 300;
const env = {
  ...process.env,
  TOPIC: `crash-${Date.now().toString(36)}`,
  GROUP: `crash-group-${Date.now().toString(36)}`,
  DB_NAME: `crash_${Date.now().toString(36)}`,
  COUNT: String(count),
  DELAY_MS: "10",
};

function startConsumer(): ChildProcess {
  return spawn(process.execPath, [path.join(fixtures, "events-consumer.mjs")], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
}

describe("Kafka consumer crash", () => {
  const mongo = new MongoClient(process.env.MONGODB_URI!);
  let consumer: ChildProcess | undefined;
  afterAll(async () => {
    consumer?.kill("SIGKILL");
    await mongo.close();
  });

  it("applies every event exactly once in effect across a SIGKILL and a restart", async () => {
    const produced = spawnSync(process.execPath, [path.join(fixtures, "events-producer.mjs")], {
      env,
      encoding: "utf8",
    });
    expect(produced.status, produced.stderr).toBe(0);
    const ids: string[] = JSON.parse(produced.stdout);
    expect(ids).toHaveLength(count);

    const db = mongo.db(env.DB_NAME);
    const applied = db.collection("applied");
    const deliveries = db.collection("deliveries");
    consumer = startConsumer();
    // Kill it mid-stream: some applied, many not yet.
    const deadline = Date.now() + 60_000;
    while ((await applied.countDocuments()) < count / 4) {
      if (Date.now() > deadline) throw new Error("consumer made no progress");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    consumer.kill("SIGKILL");
    await once(consumer, "exit");
    const appliedAtKill = await applied.countDocuments();
    expect(appliedAtKill).toBeGreaterThan(0);
    expect(appliedAtKill).toBeLessThan(count);

    consumer = startConsumer();
    const finish = Date.now() + 90_000;
    while ((await applied.countDocuments()) < count) {
      if (Date.now() > finish)
        throw new Error(`only ${await applied.countDocuments()} of ${count} applied after restart`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const appliedIds = (await applied.find({}, { projection: { _id: 1 } }).toArray()).map((doc) => String(doc._id));
    expect(appliedIds.sort()).toEqual([...ids].sort());
    const deliveryCount = await deliveries.countDocuments();
    // Every event was delivered at least once; the ones in hand at the kill twice.
    expect(deliveryCount).toBeGreaterThanOrEqual(count);
    console.info(`crash test: ${appliedAtKill} applied at kill, ${deliveryCount - count} redeliveries after restart`);
  });
});
