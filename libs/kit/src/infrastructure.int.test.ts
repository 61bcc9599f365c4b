// STORAGE_UPDATE_PROTOCOL reaches the MongoDB store a service opens, and the service
// logs the protocol it writes with (and a warning when it was asked for atomic writes
// on FerretDB).
import { PassThrough } from "node:stream";
import { MongoClient } from "mongodb";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";
import { infrastructureSettings, openStore } from "./infrastructure.js";
import { createLogger } from "./logger.js";

const uri = process.env.MONGODB_URI;
if (!uri) throw new Error("MONGODB_URI is not set: the integration project's globalSetup starts FerretDB");

async function openWith(protocol: string | undefined) {
  const prefix = `kit${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const config = loadConfig(infrastructureSettings, {
    STORAGE: "mongo",
    MONGODB_URI: uri,
    MONGODB_DB_PREFIX: prefix,
    ...(protocol ? { STORAGE_UPDATE_PROTOCOL: protocol } : {}),
  });
  const lines: Array<Record<string, unknown>> = [];
  const destination = new PassThrough();
  destination.on("data", (chunk: Buffer) =>
    lines.push(
      ...chunk
        .toString()
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    ),
  );
  const store = await openStore(
    "ledger",
    config,
    undefined,
    createLogger({ service: "ledger", level: "info", destination }),
  );
  const things = await store.collection<{ id: string; n: number }>({ name: "things" });
  const scope = { accountId: "acct_k", livemode: false };
  await things.insert(scope, { id: "t1", n: 0 });
  await things.update(scope, "t1", { expectedVersion: 1, set: { n: 1 } });
  await store.close();
  await new Promise((resolve) => setImmediate(resolve));
  const client = await MongoClient.connect(uri!);
  const markers = await client.db(`${prefix}_ledger`).collection("things__versions").countDocuments();
  await client.close();
  return { markers, logged: lines.find((line) => line.update_protocol !== undefined) };
}

describe("STORAGE_UPDATE_PROTOCOL", () => {
  it("atomic: conditional single-document writes, no markers, logged with a warning on FerretDB", async () => {
    const { markers, logged } = await openWith("atomic");
    expect(markers).toBe(0);
    expect(logged).toMatchObject({
      update_protocol: "atomic",
      requested: "atomic",
      level: "warn",
      server: expect.stringMatching(/^FerretDB/),
    });
  });

  it("marker: a marker per transition, logged", async () => {
    const { markers, logged } = await openWith("marker");
    expect(markers).toBe(1);
    expect(logged).toMatchObject({ update_protocol: "marker", requested: "marker", level: "info" });
  });

  it("unset: auto, which picks marker on FerretDB", async () => {
    const { markers, logged } = await openWith(undefined);
    expect(markers).toBe(1);
    expect(logged).toMatchObject({ update_protocol: "marker", requested: "auto", level: "info" });
  });

  it("refuses any other value", () => {
    expect(() => loadConfig(infrastructureSettings, { STORAGE_UPDATE_PROTOCOL: "optimistic" })).toThrow(ConfigError);
  });
});
