// What the marker protocol costs the server: an update is two operations (the claim of
// the transition and the conditional update), with no read of the document first. The
// server here is a stand-in that counts operations; the contract suite
// (test/contracts/storage.mongo.int.test.ts) runs the protocol against FerretDB.
import { MongoServerError, type Collection as DriverCollection } from "mongodb";
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
  documents.rows.set("d1", { _id: "d1", _seq: 1, version: 1, name: "a", n: 0 });
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
});
