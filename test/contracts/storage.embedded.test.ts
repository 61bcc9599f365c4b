import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createEmbeddedStore } from "@levy/storage";
import { describeStorageContract } from "./storage-contract.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "levy-storage-"));
describeStorageContract(
  "embedded",
  () => createEmbeddedStore({ dir }),
  () => createEmbeddedStore({ dir }),
);

describe("writeThenRecord on the embedded store", () => {
  it("is all or nothing: a failed write leaves the group's other writes unwritten", async () => {
    const store = await createEmbeddedStore({ dir: mkdtempSync(path.join(os.tmpdir(), "levy-group-")) });
    try {
      const scope = { accountId: "acct_a", livemode: false };
      const things = await store.collection<{ id: string; n: number }>({ name: "things" });
      await store.collection({ name: "marks" });
      const first = await things.insert(scope, { id: "t1", n: 0 });
      const second = await things.insert(scope, { id: "t2", n: 0 });
      await things.update(scope, "t2", { expectedVersion: second.version, set: { n: 1 } });
      await expect(
        store.writeThenRecord(
          [
            { collection: "things", scope, insert: { id: "t3", n: 3 } },
            { collection: "things", scope, update: { id: "t1", expectedVersion: first.version, set: { n: 5 } } },
            { collection: "things", scope, update: { id: "t2", expectedVersion: second.version, set: { n: 5 } } },
          ],
          [{ collection: "marks", scope, record: { id: "m1" } }],
        ),
      ).rejects.toMatchObject({ code: "conflict" });
      expect(await things.get(scope, "t1")).toMatchObject({ n: 0, version: 1 });
      expect(await things.get(scope, "t3")).toBeNull();
    } finally {
      await store.close();
    }
  });
});

describe("writePlanned on the embedded store", () => {
  it("plans inside the write: groups issued together each read what the one before wrote", async () => {
    const store = await createEmbeddedStore({ dir: mkdtempSync(path.join(os.tmpdir(), "levy-planned-")) });
    try {
      const scope = { accountId: "acct_a", livemode: false };
      const counters = await store.collection<{ id: string; n: number }>({ name: "counters" });
      await store.collection({ name: "marks" });
      // Ten groups issued at once, each adding one to the same counter from what it reads:
      // planned outside the write they would all read n = 0 and nine would conflict.
      const add = (mark: string) =>
        store.writePlanned!((read) => {
          const current = read.get("counters", scope, "c1");
          const n = current ? Number(current.n) + 1 : 1;
          return {
            writes: [
              current
                ? { collection: "counters", scope, update: { id: "c1", expectedVersion: current.version, set: { n } } }
                : { collection: "counters", scope, insert: { id: "c1", n } },
            ],
            records: [{ collection: "marks", scope, record: { id: mark } }],
          };
        });
      const written = await Promise.all(Array.from({ length: 10 }, (_, index) => add(`m${index}`)));
      expect(written.map(([stored]) => stored!.n).sort((a, b) => Number(a) - Number(b))).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
      ]);
      expect(await counters.get(scope, "c1")).toMatchObject({ n: 10, version: 10 });
    } finally {
      await store.close();
    }
  });

  it("is all or nothing, and a plan that throws writes nothing", async () => {
    const store = await createEmbeddedStore({ dir: mkdtempSync(path.join(os.tmpdir(), "levy-planned-")) });
    try {
      const scope = { accountId: "acct_a", livemode: false };
      const things = await store.collection<{ id: string; ref: string }>({
        name: "things",
        uniqueIndexes: [{ name: "things_ref", fields: ["ref"] }],
      });
      const marks = await store.collection<{ id: string }>({ name: "marks" });
      await things.insert(scope, { id: "t1", ref: "r1" });
      await expect(
        store.writePlanned!(() => ({
          writes: [
            { collection: "things", scope, insert: { id: "t2", ref: "r2" } },
            { collection: "things", scope, insert: { id: "t3", ref: "r1" } },
          ],
          records: [{ collection: "marks", scope, record: { id: "m1" } }],
        })),
      ).rejects.toMatchObject({ code: "duplicate" });
      await expect(
        store.writePlanned!(() => {
          throw new Error("plan failed");
        }),
      ).rejects.toThrow("plan failed");
      expect(await things.get(scope, "t2")).toBeNull();
      expect(await marks.get(scope, "m1")).toBeNull();
    } finally {
      await store.close();
    }
  });
});
