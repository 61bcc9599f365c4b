// The storage port's behaviour, run unchanged against every adapter.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StorageError, type Collection, type Scope, type Store, type TextMatch } from "@levy/storage";

interface Thing {
  id: string;
  email: string;
  name: string;
  n: number;
  deleted_at: number | null;
}

const a: Scope = { accountId: "acct_a", livemode: false };
const aLive: Scope = { accountId: "acct_a", livemode: true };
const b: Scope = { accountId: "acct_b", livemode: false };
const thing = (id: string, email = `${id}@x.test`): Thing => ({ id, email, name: id, n: 0, deleted_at: null });

async function storageError(promise: Promise<unknown>): Promise<StorageError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof StorageError) return error;
    throw error;
  }
  throw new Error("expected a StorageError");
}

export interface ContractOptions {
  /**
   * False for a run of the atomic update protocol on a server known to apply conditional
   * updates as a separate read and write (FerretDB 1.x): the concurrent-write tests then
   * run their writes one after another, which checks the code path but not atomicity.
   */
  readonly atomicUnderRaces?: boolean;
}

export function describeStorageContract(
  adapter: string,
  makeStore: () => Promise<Store>,
  reopen: () => Promise<Store>,
  options: ContractOptions = {},
): void {
  const racing = options.atomicUnderRaces ?? true;
  const writes = racing ? "concurrent" : "sequential (this server is not atomic under races)";
  /** All at once where the server is atomic under races, else one after another. */
  async function runAll<R>(tasks: Array<() => Promise<R>>): Promise<PromiseSettledResult<R>[]> {
    if (racing) return Promise.allSettled(tasks.map((task) => task()));
    const results: PromiseSettledResult<R>[] = [];
    for (const task of tasks)
      results.push(
        await task().then(
          (value) => ({ status: "fulfilled", value }) as const,
          (reason: unknown) => ({ status: "rejected", reason }) as const,
        ),
      );
    return results;
  }

  describe(`storage contract (${adapter})`, () => {
    let store: Store;
    let things: Collection<Thing>;
    const spec = { name: "things", uniqueIndexes: [{ name: "things_email", fields: ["email"] }] };

    beforeAll(async () => {
      store = await makeStore();
      things = await store.collection<Thing>(spec);
    });
    afterAll(() => store?.close());

    it("keeps every record inside its account and mode", async () => {
      await things.insert(a, thing("t1"));
      for (const scope of [aLive, b]) {
        expect(await things.get(scope, "t1")).toBeNull();
        expect(await things.findOne(scope, { email: "t1@x.test" })).toBeNull();
        expect((await things.list(scope, { limit: 100 })).items.map((t) => t.id)).not.toContain("t1");
        expect(await things.count(scope, { email: "t1@x.test" })).toBe(0);
        expect((await storageError(things.update(scope, "t1", { expectedVersion: 1, set: { name: "x" } }))).code).toBe(
          "not_found",
        );
        expect(await things.delete(scope, "t1")).toBe(false);
      }
      expect(await things.get(a, "t1")).toMatchObject({ id: "t1", name: "t1", version: 1 });
    });

    it("returns the caller's fields and the version, nothing of the storage layout", async () => {
      const stored = await things.get(a, "t1");
      expect(Object.keys(stored!).sort()).toEqual(["deleted_at", "email", "id", "n", "name", "version"]);
    });

    it("reads several records at once, in the order asked, null where absent or in another scope", async () => {
      await things.insert(a, thing("many-get-1"));
      await things.insert(a, thing("many-get-2"));
      await things.insert(b, thing("many-get-3"));
      const found = await things.getMany(a, ["many-get-2", "absent", "many-get-3", "many-get-1", "many-get-2"]);
      expect(found.map((record) => record?.id ?? null)).toEqual(["many-get-2", null, null, "many-get-1", "many-get-2"]);
      expect(found[0]).toEqual(await things.get(a, "many-get-2"));
      expect(await things.getMany(a, [])).toEqual([]);
      expect(await things.getMany(b, ["many-get-3"])).toMatchObject([{ id: "many-get-3", version: 1 }]);
    });

    it("holds unique values per scope and names the violated index", async () => {
      await things.insert(b, thing("t1"));
      await things.insert(aLive, thing("t1"));
      const duplicate = await storageError(things.insert(a, thing("t2", "t1@x.test")));
      expect(duplicate).toMatchObject({ code: "duplicate", index: "things_email" });
    });

    it("lets exactly one of 20 concurrent inserts of one unique value succeed", async () => {
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => things.insert(a, thing(`race-${i}`, "race@x.test"))),
      );
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      for (const result of results) {
        if (result.status === "rejected") expect(result.reason).toMatchObject({ code: "duplicate" });
      }
    });

    it("inserts only when absent", async () => {
      const first = await things.insertIfAbsent(a, thing("once"));
      const second = await things.insertIfAbsent(a, { ...thing("once"), name: "other" });
      expect(first.inserted).toBe(true);
      expect(second).toMatchObject({ inserted: false, record: { name: "once" } });
    });

    it("updates optimistically: a stale version is a conflict, a missing record not_found", async () => {
      const current = (await things.get(a, "once"))!;
      const updated = await things.update(a, "once", { expectedVersion: current.version, set: { name: "renamed" } });
      expect(updated).toMatchObject({ name: "renamed", version: current.version + 1 });
      expect(
        (await storageError(things.update(a, "once", { expectedVersion: current.version, set: { name: "lost" } })))
          .code,
      ).toBe("conflict");
      expect((await storageError(things.update(a, "nope", { expectedVersion: 1, set: { name: "x" } }))).code).toBe(
        "not_found",
      );
      expect((await things.get(a, "once"))!.name).toBe("renamed");
    });

    it("refuses an update into another record's unique value", async () => {
      const current = (await things.get(a, "once"))!;
      const error = await storageError(
        things.update(a, "once", { expectedVersion: current.version, set: { email: "t1@x.test" } }),
      );
      expect(error.code).toBe("duplicate");
    });

    it(`adds ${writes} increments exactly, creating the record on first use`, async () => {
      const results = await runAll(
        Array.from(
          { length: 50 },
          () => () => things.increment(a, "counter", { inc: { n: 3 }, create: thing("counter") }),
        ),
      );
      expect(results.filter((result) => result.status === "rejected")).toEqual([]);
      expect(await things.get(a, "counter")).toMatchObject({ n: 150, version: 50 });
    });

    it(`lets exactly one of 20 ${writes} updates from one version succeed, the others conflict`, async () => {
      const start = await things.insert(a, thing("contested"));
      const results = await runAll(
        Array.from(
          { length: 20 },
          (_, i) => () =>
            things.update(a, "contested", { expectedVersion: start.version, set: { name: `writer-${i}` } }),
        ),
      );
      const winners = results.filter((result) => result.status === "fulfilled");
      expect(winners).toHaveLength(1);
      for (const result of results) {
        if (result.status === "rejected") expect(result.reason).toMatchObject({ code: "conflict" });
      }
      const stored = (await things.get(a, "contested"))!;
      expect(stored).toMatchObject({
        version: start.version + 1,
        name: (winners[0] as PromiseFulfilledResult<Thing>).value.name,
      });
    });

    it("unsets fields and sets others in one update", async () => {
      const start = await things.insert(a, { ...thing("partial"), n: 7 });
      const updated = await things.update(a, "partial", {
        expectedVersion: start.version,
        set: { name: "kept", n: 8 },
        unset: ["deleted_at"],
      });
      expect(updated).toEqual({ id: "partial", email: "partial@x.test", name: "kept", n: 8, version: 2 });
      expect(await things.get(a, "partial")).toEqual(updated);
    });

    it("pages through 250 records exactly once in creation order while records come and go", async () => {
      const scope: Scope = { accountId: `acct_pages_${adapter}`, livemode: false };
      const ids: string[] = [];
      for (let i = 0; i < 250; i += 1) {
        const id = `p${String(i).padStart(3, "0")}-${Math.random().toString(36).slice(2, 6)}`;
        ids.push(id);
        await things.insert(scope, thing(id));
      }
      const seen: string[] = [];
      let cursor: string | undefined;
      let round = 0;
      do {
        const page = await things.list(scope, { limit: 7, ...(cursor ? { cursor } : {}) });
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor ?? undefined;
        await things.insert(scope, thing(`late-${round}`));
        // Delete one record that was already seen and leave the rest.
        if (round === 3) await things.delete(scope, ids[0]!);
        round += 1;
      } while (cursor);
      const original = seen.filter((id) => ids.includes(id));
      expect(original).toEqual(ids);
      expect(new Set(seen).size).toBe(seen.length);
    });

    it("filters lists by equality and by range", async () => {
      const scope: Scope = { accountId: "acct_filter", livemode: true };
      for (let i = 0; i < 10; i += 1)
        await things.insert(scope, { ...thing(`f${i}`), n: i, deleted_at: i % 2 === 0 ? null : 1 });
      const live = await things.list(scope, { limit: 100, where: { deleted_at: null } });
      expect(live.items.map((item) => item.n)).toEqual([0, 2, 4, 6, 8]);
      const ranged = await things.list(scope, { limit: 100, range: { field: "n", gte: 3, lt: 6 } });
      expect(ranged.items.map((item) => item.n)).toEqual([3, 4, 5]);
      expect(await things.count(scope, { deleted_at: 1 })).toBe(5);
    });

    it("matches text ignoring case, whole or by its start, always literally, and pages through the matches", async () => {
      const scope: Scope = { accountId: "acct_text", livemode: false };
      const names = ["Acme Corp", "acme east", "ACME.West", "Acmex", "Zed (Acme)", "a.c.m.e", "Ac*me", "Ñandú Acme"];
      for (const [i, name] of names.entries())
        await things.insert(scope, { ...thing(`t${i}`, `T${i}@Example.test`), name, n: i });
      const named = async (text: TextMatch | TextMatch[], limit = 100) => {
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await things.list(scope, {
            limit,
            where: { deleted_at: null },
            text: [text].flat(),
            ...(cursor ? { cursor } : {}),
          });
          seen.push(...page.items.map((item) => item.name));
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        return seen;
      };
      expect(await named({ field: "name", value: "acme", match: "prefix" }, 1)).toEqual([
        "Acme Corp",
        "acme east",
        "ACME.West",
        "Acmex",
      ]);
      expect(await named({ field: "name", value: "ACME.", match: "prefix" })).toEqual(["ACME.West"]);
      expect(await named({ field: "name", value: "a.c", match: "prefix" })).toEqual(["a.c.m.e"]);
      expect(await named({ field: "name", value: "ac*", match: "prefix" })).toEqual(["Ac*me"]);
      expect(await named({ field: "name", value: "ñandú", match: "prefix" })).toEqual(["Ñandú Acme"]);
      expect(await named({ field: "name", value: "acme", match: "whole" })).toEqual([]);
      expect(await named({ field: "email", value: "t2@example.TEST", match: "whole" })).toEqual(["ACME.West"]);
      const both: TextMatch[] = [
        { field: "name", value: "acme", match: "prefix" },
        { field: "email", value: "t1@", match: "prefix" },
      ];
      expect(await named(both)).toEqual(["acme east"]);
      for (const value of [".*", "^", "$", "(", "[a-z]", "\\", "|", '{"$gt": ""}'])
        expect(await named({ field: "name", value, match: "prefix" }), value).toEqual([]);
      // A cursor belongs to its text match too.
      const first = await things.list(scope, { limit: 1, text: [{ field: "name", value: "acme", match: "prefix" }] });
      const refused = things.list(scope, {
        limit: 1,
        text: [{ field: "name", value: "acm", match: "prefix" }],
        cursor: first.nextCursor!,
      });
      expect((await storageError(refused)).code).toBe("invalid_cursor");
    });

    it("accepts a cursor only for the collection, scope and filters that made it (the page size may change)", async () => {
      const scope: Scope = { accountId: "acct_cursor", livemode: false };
      const others = await store.collection<Thing>({ name: "other_things" });
      for (let i = 0; i < 6; i += 1) {
        await things.insert(scope, { ...thing(`k${i}`), n: i });
        await others.insert(scope, { ...thing(`o${i}`), n: i });
      }
      const filters = { where: { deleted_at: null }, range: { field: "n", gte: 1 } } as const;
      const first = await things.list(scope, { limit: 2, ...filters });
      expect(first.nextCursor).toEqual(expect.any(String));
      const cursor = first.nextCursor!;
      expect((await things.list(scope, { limit: 10, ...filters, cursor })).items.map((item) => item.n)).toEqual([
        3, 4, 5,
      ]);
      const refused = [
        others.list(scope, { limit: 10, ...filters, cursor }),
        things.list({ ...scope, livemode: true }, { limit: 10, ...filters, cursor }),
        things.list(scope, { limit: 10, where: filters.where, cursor }),
        things.list(scope, { limit: 10, where: filters.where, range: { field: "n", gte: 2 }, cursor }),
        things.list(scope, { limit: 10, where: { deleted_at: 1 }, range: filters.range, cursor }),
      ];
      for (const listing of refused) expect((await storageError(listing)).code).toBe("invalid_cursor");
    });

    it("refuses a tampered cursor and operator objects as filter values", async () => {
      for (const cursor of [
        "garbage!",
        Buffer.from("[1]").toString("base64url"),
        Buffer.from('["x","y"]').toString("base64url"),
      ]) {
        expect((await storageError(things.list(a, { limit: 5, cursor }))).code).toBe("invalid_cursor");
      }
      await expect(things.findOne(a, { email: { $gt: "" } as unknown as string })).rejects.toThrow(/plain value/);
    });

    it("deletes a record for good", async () => {
      await things.insert(a, thing("doomed"));
      expect(await things.delete(a, "doomed")).toBe(true);
      expect(await things.get(a, "doomed")).toBeNull();
      expect(await things.delete(a, "doomed")).toBe(false);
    });

    it("deletes several records of one scope at once, and only those", async () => {
      for (const id of ["many1", "many2", "many3"]) await things.insert(a, thing(id));
      await things.insert(b, thing("many1"));
      expect(await things.deleteMany(a, ["many1", "many3", "never-there"])).toBe(2);
      expect(await things.get(a, "many1")).toBeNull();
      expect(await things.get(a, "many3")).toBeNull();
      expect(await things.get(a, "many2")).toMatchObject({ id: "many2" });
      expect(await things.get(b, "many1")).toMatchObject({ id: "many1" });
      expect(await things.findOne(a, { email: "many1@x.test" })).toBeNull();
      await things.insert(a, thing("many1")); // its unique value is free again
      expect(await things.deleteMany(a, [])).toBe(0);
    });

    describe("writeThenRecord", () => {
      interface Mark {
        id: string;
        note: string;
      }
      let marks: Collection<Mark>;
      beforeAll(async () => {
        marks = await store.collection<Mark>({ name: "marks" });
      });
      const mark = (id: string, note = "done") => ({ collection: "marks", scope: a, record: { id, note } });

      it("writes the group, then records each mark unless it is there", async () => {
        const updated = await things.insert(a, thing("group-u1"));
        await marks.insert(a, { id: "m-old", note: "first" });
        await store.writeThenRecord(
          [
            { collection: "things", scope: a, insert: thing("group-i1") },
            {
              collection: "things",
              scope: a,
              update: { id: "group-u1", expectedVersion: updated.version, set: { n: 7 } },
            },
          ],
          [mark("m-new"), mark("m-old", "second")],
        );
        expect(await things.get(a, "group-i1")).toMatchObject({ id: "group-i1", version: 1 });
        expect(await things.get(a, "group-u1")).toMatchObject({ n: 7, version: updated.version + 1 });
        expect(await marks.get(a, "m-new")).toMatchObject({ note: "done", version: 1 });
        expect(await marks.get(a, "m-old")).toMatchObject({ note: "first", version: 1 });
        expect(await marks.get(b, "m-new")).toBeNull();
      });

      it("records no mark when a write of the group fails, and says why", async () => {
        const current = await things.insert(a, thing("group-u2"));
        await things.update(a, "group-u2", { expectedVersion: current.version, set: { n: 1 } });
        const stale = { id: "group-u2", expectedVersion: current.version, set: { n: 2 } };
        const failures: Array<[Parameters<Store["writeThenRecord"]>[0], string]> = [
          [[{ collection: "things", scope: a, update: stale }], "conflict"],
          [[{ collection: "things", scope: a, update: { ...stale, id: "never-there" } }], "not_found"],
          [[{ collection: "things", scope: a, insert: thing("group-u2", "other@x.test") }], "duplicate"],
          [[{ collection: "things", scope: a, insert: thing("group-i2", "group-u2@x.test") }], "duplicate"],
        ];
        for (const [writes, code] of failures) {
          expect((await storageError(store.writeThenRecord(writes, [mark("m-failed")]))).code).toBe(code);
          expect(await marks.get(a, "m-failed")).toBeNull();
        }
        expect(await things.get(a, "group-u2")).toMatchObject({ n: 1 });
        expect(await things.get(a, "group-i2")).toBeNull();
      });

      it("writes several updates of one collection together, and a failed one fails the group", async () => {
        const ids = ["group-m1", "group-m2", "group-m3"];
        const stored = await Promise.all(ids.map((id) => things.insert(a, thing(id))));
        const update = (id: string, expectedVersion: number, n: number) => ({
          collection: "things",
          scope: a,
          update: { id, expectedVersion, set: { n } },
        });
        await store.writeThenRecord(
          stored.map((record, position) => update(record.id, record.version, position)),
          [mark("m-many")],
        );
        for (const [position, id] of ids.entries())
          expect(await things.get(a, id)).toMatchObject({ n: position, version: stored[position]!.version + 1 });
        expect(await marks.get(a, "m-many")).toMatchObject({ note: "done" });
        // group-m2 is read again below at its old version: stale. Then one that was never stored.
        const now = await Promise.all(ids.map(async (id) => (await things.get(a, id))!));
        const failures: Array<[Parameters<Store["writeThenRecord"]>[0], string]> = [
          [[update("group-m1", now[0]!.version, 10), update("group-m2", stored[1]!.version, 20)], "conflict"],
          [[update("group-m3", now[2]!.version, 30), update("never-there", 1, 40)], "not_found"],
        ];
        for (const [writes, code] of failures) {
          expect((await storageError(store.writeThenRecord(writes, [mark("m-many-failed")]))).code).toBe(code);
          expect(await marks.get(a, "m-many-failed")).toBeNull();
        }
        expect(await things.get(a, "group-m2")).toMatchObject({ n: 1, version: now[1]!.version });
        // A failed group leaves nothing that blocks the next writer: read again, written again.
        const fresh = await Promise.all(ids.map(async (id) => (await things.get(a, id))!));
        await store.writeThenRecord(
          fresh.map((record) => update(record.id, record.version, 99)),
          [mark("m-many-again")],
        );
        for (const id of ids) expect(await things.get(a, id)).toMatchObject({ n: 99 });
        expect(await marks.get(a, "m-many-again")).toMatchObject({ note: "done" });
      });

      it("refuses a record written twice in one group and a collection the store has not opened", async () => {
        await expect(store.writeThenRecord([], [mark("m-twice"), mark("m-twice")])).rejects.toThrow(TypeError);
        await expect(
          store.writeThenRecord([], [{ collection: "never_opened", scope: a, record: { id: "x" } }]),
        ).rejects.toThrow(TypeError);
        expect(await marks.get(a, "m-twice")).toBeNull();
      });
    });

    it("purges expired records in every scope, and only those", async () => {
      interface Expiring {
        id: string;
        expires_at: number;
      }
      const expiring = await store.collection<Expiring>({
        name: "expiring",
        indexes: [{ name: "expiring_expires_at", fields: ["expires_at"] }],
      });
      await expiring.insert(a, { id: "old-a", expires_at: 1000 });
      await expiring.insert(b, { id: "old-b", expires_at: 1999 });
      await expiring.insert(aLive, { id: "due-now", expires_at: 2000 });
      await expiring.insert(a, { id: "fresh", expires_at: 5000 });
      await expiring.insert(a, { id: "never", expires_at: 0 });
      expect(await expiring.purgeExpired("expires_at", 2000)).toBe(2);
      expect(await expiring.get(a, "old-a")).toBeNull();
      expect(await expiring.get(b, "old-b")).toBeNull();
      for (const [scope, id] of [
        [aLive, "due-now"],
        [a, "fresh"],
        [a, "never"],
      ] as const)
        expect(await expiring.get(scope, id)).not.toBeNull();
      expect(await expiring.purgeExpired("expires_at", 2000)).toBe(0);
      await expect(expiring.purgeExpired("$where" as "expires_at", 2000)).rejects.toThrow();
    });

    it("keeps system records apart from scoped records of the same name", async () => {
      const system = await store.systemCollection<{ id: string; account_id: string; livemode: boolean; hash: string }>({
        name: "things",
        uniqueIndexes: [{ name: "sys_things_hash", fields: ["hash"] }],
      });
      await system.insert({ id: "t1", account_id: "acct_owner", livemode: true, hash: "h1" });
      expect(await system.get("t1")).toMatchObject({
        account_id: "acct_owner",
        livemode: true,
        hash: "h1",
        version: 1,
      });
      expect(await system.findOne({ hash: "h1" })).toMatchObject({ id: "t1" });
      expect((await storageError(system.insert({ id: "t2", account_id: "x", livemode: false, hash: "h1" }))).code).toBe(
        "duplicate",
      );
      expect((await things.get(a, "t1"))!.name).toBe("t1");
    });

    it("stores each of 30 concurrent inserts of a grouping collection, refusing each duplicate on its own", async () => {
      const grouped = await store.collection<Thing>({
        name: "grouped_things",
        uniqueIndexes: [{ name: "grouped_things_email", fields: ["email"] }],
        groupInserts: true,
      });
      // Every tenth one repeats an e-mail address: one of those three is stored.
      const email = (i: number) => (i % 10 === 9 ? "same@x.test" : `g${i}@x.test`);
      const results = await Promise.allSettled(
        Array.from({ length: 30 }, (_, i) => grouped.insert(i % 2 === 0 ? a : b, thing(`g${i}`, email(i)))),
      );
      const refused = results.filter((result) => result.status === "rejected");
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(28);
      for (const result of refused)
        expect((result as PromiseRejectedResult).reason).toMatchObject({
          code: "duplicate",
          index: "grouped_things_email",
        });
      // Acknowledged means stored, in the caller's own scope.
      for (const [i, result] of results.entries()) {
        const stored = await grouped.get(i % 2 === 0 ? a : b, `g${i}`);
        if (result.status === "fulfilled") expect(stored).toMatchObject({ id: `g${i}`, email: email(i), version: 1 });
        else expect(stored).toBeNull();
      }
      expect(
        (await grouped.list(a, { limit: 100 })).items.length + (await grouped.list(b, { limit: 100 })).items.length,
      ).toBe(28);
    });

    it("keeps the data after the store is closed and opened again", async () => {
      await store.close();
      store = await reopen();
      things = await store.collection<Thing>(spec);
      expect(await things.get(a, "t1")).toMatchObject({ id: "t1" });
      expect((await things.get(a, "counter"))!.n).toBe(150);
      expect((await storageError(things.insert(a, thing("t9", "t1@x.test")))).code).toBe("duplicate");
    });
  });
}
