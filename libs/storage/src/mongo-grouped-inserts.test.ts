// Group commit of a collection's inserts (CollectionSpec.groupInserts) on the MongoDB
// adapter: what the server receives and what each caller is answered. The server here is
// a stand-in that counts commands and answers after a turn of the event loop, as a real
// one would; the contract suite (test/contracts) runs the same inserts against FerretDB.
import { setImmediate as nextTurn } from "node:timers/promises";
import { MongoBulkWriteError, MongoServerError, type Collection as DriverCollection } from "mongodb";
import { describe, expect, it } from "vitest";
import { createMongoCollection } from "./mongo-collection.js";
import type { DocumentWrites } from "./mongo-update-protocol.js";
import { StorageError, type Collection } from "./port.js";
import type { Document } from "./record-shape.js";

interface Thing {
  id: string;
  email: string;
}

/** Unique _id and email; every command is recorded with its number of documents. */
function standInServer() {
  const rows = new Map<string, Document>();
  const commands: string[] = [];
  const taken = (document: Document) =>
    rows.has(document._id) || [...rows.values()].some((row) => row.email === document.email);
  const duplicate = { code: 11000, errmsg: "E11000 duplicate key error" };
  const raw = {
    async insertOne(document: Document) {
      commands.push("insertOne");
      await nextTurn();
      if (taken(document)) throw new MongoServerError({ message: duplicate.errmsg, ...duplicate });
      rows.set(document._id, structuredClone(document));
    },
    async insertMany(documents: Document[], options: { ordered?: boolean }) {
      commands.push(`insertMany(${documents.length})`);
      expect(options.ordered).toBe(false);
      await nextTurn();
      const writeErrors: Array<{ index: number; code: number; errmsg: string }> = [];
      documents.forEach((document, index) => {
        if (taken(document)) writeErrors.push({ index, ...duplicate });
        else rows.set(document._id, structuredClone(document));
      });
      if (writeErrors.length > 0)
        throw new MongoBulkWriteError({ message: duplicate.errmsg, code: 11000, writeErrors }, {} as never);
    },
    async findOne(filter: Record<string, unknown>) {
      return (
        [...rows.values()].find((row) => Object.entries(filter).every(([key, value]) => row[key] === value)) ?? null
      );
    },
  };
  const collection = (groupInserts: boolean): Collection<Thing> =>
    createMongoCollection<Thing>(
      "things",
      raw as unknown as DriverCollection<Document>,
      {} as DocumentWrites,
      true,
      [{ name: "things_email", fields: ["email"] }],
      { groupInserts },
    );
  return { rows, commands, collection };
}

const scope = { accountId: "acct_a", livemode: false };
const thing = (index: number, email = `t${index}@x.test`): Thing => ({ id: `t${index}`, email });

describe("grouped inserts on the MongoDB adapter", () => {
  it("sends concurrent inserts as a few commands, answering each once its record is stored", async () => {
    const server = standInServer();
    const things = server.collection(true);
    const answered = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const stored = await things.insert(scope, thing(index));
        // Answered only after the record is on the server.
        expect(server.rows.has(`acct_a|test|t${index}`)).toBe(true);
        return stored.id;
      }),
    );
    expect(answered).toEqual(Array.from({ length: 20 }, (_, index) => `t${index}`));
    // The first goes alone at once; the 19 that arrived meanwhile go together.
    expect(server.commands).toEqual(["insertOne", "insertMany(19)"]);
  });

  it("refuses only the document that broke a unique index, naming the index", async () => {
    const server = standInServer();
    const things = server.collection(true);
    await things.insert(scope, thing(0, "taken@x.test"));
    const results = await Promise.allSettled([
      things.insert(scope, thing(1)),
      things.insert(scope, thing(2, "taken@x.test")),
      things.insert(scope, thing(3)),
      things.insert(scope, thing(1, "other@x.test")),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected"]);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: "duplicate", index: "things_email" });
    expect((results[3] as PromiseRejectedResult).reason).toMatchObject({ code: "duplicate", index: "_id_" });
    expect((results[3] as PromiseRejectedResult).reason).toBeInstanceOf(StorageError);
    expect([...server.rows.keys()].sort()).toEqual(["acct_a|test|t0", "acct_a|test|t1", "acct_a|test|t3"]);
  });

  it("sends one command per insert when the collection does not group them", async () => {
    const server = standInServer();
    const things = server.collection(false);
    await Promise.all(Array.from({ length: 5 }, (_, index) => things.insert(scope, thing(index))));
    expect(server.commands).toEqual(Array(5).fill("insertOne"));
  });
});
