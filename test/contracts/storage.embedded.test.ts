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
