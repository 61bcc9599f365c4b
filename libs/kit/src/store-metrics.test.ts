// The storage decorator on the embedded adapter: every operation is timed by collection,
// operation and outcome (the StorageError code on failure), and results pass through.
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { StorageError, createEmbeddedStore } from "@levy/storage";
import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { instrumentStore } from "./store-metrics.js";

const countOf = async (registry: Registry, labels: Record<string, string>) => {
  const metric = (await registry.getMetricsAsJSON()).find(
    (entry) => entry.name === "levy_db_operation_duration_seconds",
  );
  return metric?.values.find(
    (sample) =>
      sample.metricName === "levy_db_operation_duration_seconds_count" &&
      Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
  )?.value;
};

describe("instrumentStore", () => {
  it("times each operation by collection, operation and outcome", async () => {
    const registry = new Registry();
    const store = instrumentStore(
      await createEmbeddedStore({ dir: await mkdtemp(path.join(os.tmpdir(), "levy-store-metrics-")) }),
      registry,
    );
    const scope = { accountId: "acct_1", livemode: false };
    const things = await store.collection<{ id: string; name: string }>({
      name: "things",
      uniqueIndexes: [{ name: "things_name", fields: ["name"] }],
    });
    const stored = await things.insert(scope, { id: "t1", name: "one" });
    expect(await things.get(scope, "t1")).toEqual(stored);
    await expect(things.insert(scope, { id: "t2", name: "one" })).rejects.toMatchObject({ code: "duplicate" });
    await expect(things.update(scope, "t1", { expectedVersion: 99, set: { name: "two" } })).rejects.toBeInstanceOf(
      StorageError,
    );
    expect((await things.list(scope, { limit: 10 })).items).toHaveLength(1);
    const system = await store.systemCollection<{ id: string }>({ name: "settings" });
    await system.insert({ id: "s1" });

    expect(await countOf(registry, { collection: "things", operation: "insert", outcome: "ok" })).toBe(1);
    expect(await countOf(registry, { collection: "things", operation: "insert", outcome: "duplicate" })).toBe(1);
    expect(await countOf(registry, { collection: "things", operation: "update", outcome: "conflict" })).toBe(1);
    expect(await countOf(registry, { collection: "things", operation: "get", outcome: "ok" })).toBe(1);
    expect(await countOf(registry, { collection: "things", operation: "list", outcome: "ok" })).toBe(1);
    expect(await countOf(registry, { collection: "settings", operation: "insert", outcome: "ok" })).toBe(1);
    await store.close();
  });
});
