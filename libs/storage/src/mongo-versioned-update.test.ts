// What the marker protocol costs the server: an update is two operations (the claim of
// the transition and the conditional update), with no read of the document first. The
// server here is a stand-in that counts operations; the contract suite
// (test/contracts/storage.mongo.int.test.ts) runs the protocol against FerretDB.
import { MongoBulkWriteError, MongoServerError, type Collection as DriverCollection } from "mongodb";
import { describe, expect, it } from "vitest";
import { markerWrites, type VersionMarker } from "./mongo-versioned-update.js";
import type { Document } from "./record-shape.js";

type Row = Record<string, unknown> & { _id: string };

/** A collection keyed by _id that understands the filters and operators the protocol sends. */
function countedCollection<T extends { _id: string }>(operations: string[], name: string) {
  const rows = new Map<string, Row>();
  const matches = (row: Row | undefined, filter: Record<string, unknown>): row is Row => {
    if (!row) return false;
    return Object.entries(filter).every(([field, wanted]) => {
      if (wanted && typeof wanted === "object" && "$in" in wanted)
        return (wanted.$in as unknown[]).includes(row[field]);
      return row[field] === wanted;
    });
  };
  const find = (filter: Record<string, unknown>) => [...rows.values()].filter((row) => matches(row, filter));
  const apply = (row: Row, change: Record<string, Record<string, unknown>>): Row => {
    const next: Row = { ...row, ...change.$set };
    for (const field of Object.keys(change.$unset ?? {})) delete next[field];
    return next;
  };
  const count = (operation: string) => operations.push(`${name}.${operation}`);
  const collection = {
    async insertOne(row: Row) {
      count("insertOne");
      if (rows.has(row._id)) throw new MongoServerError({ message: "E11000 duplicate key error", code: 11000 });
      rows.set(row._id, structuredClone(row));
    },
    async findOne(filter: Record<string, unknown>) {
      count("findOne");
      return structuredClone(find(filter)[0] ?? null);
    },
    async insertMany(many: Row[], options: { ordered?: boolean }) {
      count("insertMany");
      expect(options.ordered).toBe(false);
      const writeErrors: Array<{ index: number; code: number; errmsg: string }> = [];
      many.forEach((row, index) => {
        if (rows.has(row._id)) writeErrors.push({ index, code: 11000, errmsg: "E11000 duplicate key error" });
        else rows.set(row._id, structuredClone(row));
      });
      if (writeErrors.length > 0)
        throw new MongoBulkWriteError({ message: "E11000 duplicate key error", code: 11000, writeErrors }, {} as never);
    },
    find(filter: Record<string, unknown>) {
      count("find");
      return { toArray: async () => structuredClone(find(filter)) };
    },
    async bulkWrite(
      operations: Array<{
        updateOne: { filter: Record<string, unknown>; update: Record<string, Record<string, unknown>> };
      }>,
      options: { ordered?: boolean },
    ) {
      count(`bulkWrite(${operations.length})`);
      expect(options.ordered).toBe(false);
      let matchedCount = 0;
      for (const { updateOne } of operations) {
        const row = find(updateOne.filter)[0];
        if (!row) continue;
        rows.set(row._id, apply(row, updateOne.update));
        matchedCount += 1;
      }
      return { matchedCount };
    },
    async findOneAndUpdate(filter: Record<string, unknown>, change: Record<string, Record<string, unknown>>) {
      count("findOneAndUpdate");
      const row = find(filter)[0];
      if (!row) return null;
      rows.set(row._id, apply(row, change));
      return structuredClone(rows.get(row._id));
    },
    async updateOne(filter: Record<string, unknown>, change: Record<string, Record<string, unknown>>) {
      count("updateOne");
      const row = find(filter)[0];
      if (row) rows.set(row._id, apply(row, change));
      return { matchedCount: row ? 1 : 0 };
    },
    async replaceOne(filter: Record<string, unknown>, row: Row) {
      count("replaceOne");
      const found = find(filter)[0];
      if (found) rows.set(found._id, structuredClone(row));
      return { matchedCount: found ? 1 : 0 };
    },
    async deleteOne(filter: Record<string, unknown>) {
      count("deleteOne");
      const found = find(filter)[0];
      if (found) rows.delete(found._id);
      return { deletedCount: found ? 1 : 0 };
    },
    async deleteMany(filter: Record<string, unknown>) {
      count("deleteMany");
      const found = find(filter);
      for (const row of found) rows.delete(row._id);
      return { deletedCount: found.length };
    },
  };
  return { collection: collection as unknown as DriverCollection<T>, rows };
}

function markerProtocol() {
  const operations: string[] = [];
  const documents = countedCollection<Document>(operations, "documents");
  const markers = countedCollection<VersionMarker>(operations, "markers");
  for (const id of ["d1", "d2", "d3"]) documents.rows.set(id, { _id: id, _seq: 1, version: 1, name: "a", n: 0 });
  return {
    writes: markerWrites(documents.collection, markers.collection),
    operations,
    documents: documents.rows,
    markers: markers.rows,
  };
}

describe("marker update protocol", () => {
  it("updates with two operations, the claim and the conditional update, without reading first", async () => {
    const { writes, operations } = markerProtocol();
    const updated = await writes.update("d1", "d1", { expectedVersion: 1, set: { name: "b" }, unset: [] });
    expect(updated).toMatchObject({ name: "b", version: 2 });
    expect(operations).toEqual(["markers.insertOne", "documents.findOneAndUpdate"]);
  });

  it("lets one of several updates from one version land; the rest conflict and leave no marker behind", async () => {
    const { writes, documents, markers } = markerProtocol();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, (_, index) => writes.update("d1", "d1", { expectedVersion: 1, set: { n: index } })),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(
      outcomes
        .filter((outcome) => outcome.status === "rejected")
        .map((outcome) => (outcome as PromiseRejectedResult).reason.code),
    ).toEqual(["conflict", "conflict", "conflict", "conflict"]);
    expect(documents.get("d1")).toMatchObject({ version: 2 });
    expect([...markers.keys()]).toEqual(["d1@2"]);
  });

  it("answers a stale version with a conflict and a missing record with not_found, releasing the claim", async () => {
    const { writes, markers } = markerProtocol();
    await expect(writes.update("d1", "d1", { expectedVersion: 7, set: { name: "x" } })).rejects.toMatchObject({
      code: "conflict",
    });
    await expect(writes.update("gone", "gone", { expectedVersion: 1, set: { name: "x" } })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(markers.size).toBe(0);
  });

  it("adds increments from the version it read", async () => {
    const { writes, documents } = markerProtocol();
    await Promise.all(Array.from({ length: 10 }, () => writes.increment("d1", "d1", { n: 2 })));
    expect(documents.get("d1")).toMatchObject({ n: 20, version: 11 });
  });

  describe("several documents at once (updateAll)", () => {
    const to = (version: number, id: string, n: number) => ({
      documentId: id,
      id,
      options: { expectedVersion: version, set: { n } },
    });

    it("claims every transition in one command and updates in one more, whatever their count", async () => {
      const { writes, operations, documents, markers } = markerProtocol();
      await writes.updateAll([to(1, "d1", 10), to(1, "d2", 20), to(1, "d3", 30)]);
      expect(operations).toEqual(["markers.insertMany", "documents.bulkWrite(3)"]);
      expect([...documents.values()].map((row) => [row._id, row.n, row.version])).toEqual([
        ["d1", 10, 2],
        ["d2", 20, 2],
        ["d3", 30, 2],
      ]);
      expect([...markers.keys()]).toEqual(["d1@2", "d2@2", "d3@2"]);
    });

    it("sends at most 16 updates per command, one command after another (FerretDB holds a connection per update until its command ends)", async () => {
      const { writes, operations, documents } = markerProtocol();
      const many = Array.from({ length: 40 }, (_, index) => `m${index}`);
      for (const id of many) documents.set(id, { _id: id, _seq: 1, version: 1, n: 0 });
      await writes.updateAll(many.map((id, index) => to(1, id, index)));
      expect(operations).toEqual([
        "markers.insertMany",
        "documents.bulkWrite(16)",
        "documents.bulkWrite(16)",
        "documents.bulkWrite(8)",
      ]);
      expect(many.every((id, index) => documents.get(id)?.n === index)).toBe(true);
    });

    it("applies the others when one is stale and one is gone, answers with the error, and frees their claims", async () => {
      const { writes, documents, markers } = markerProtocol();
      await writes.update("d2", "d2", { expectedVersion: 1, set: { n: 1 } });
      // d2 is at version 2 now: a writer still holding version 1 loses its claim (d2@2 is taken).
      await expect(writes.updateAll([to(1, "d1", 10), to(1, "d2", 20), to(1, "d3", 30)])).rejects.toMatchObject({
        code: "conflict",
      });
      expect([documents.get("d1")?.n, documents.get("d2")?.n, documents.get("d3")?.n]).toEqual([10, 1, 30]);
      await expect(writes.updateAll([to(2, "d1", 11), to(1, "gone", 1)])).rejects.toMatchObject({ code: "not_found" });
      expect(documents.get("d1")).toMatchObject({ n: 11, version: 3 });
      expect([...markers.keys()].sort()).toEqual(["d1@2", "d1@3", "d2@2", "d3@2"]);
      // A stale version whose marker was pruned long ago matches no document: its claim is freed too.
      documents.set("d3", { ...documents.get("d3")!, version: 500 });
      await expect(writes.updateAll([to(3, "d1", 12), to(3, "d3", 1)])).rejects.toMatchObject({ code: "conflict" });
      expect(markers.has("d3@4")).toBe(false);
      expect(documents.get("d1")).toMatchObject({ n: 12, version: 4 });
    });
  });
});
