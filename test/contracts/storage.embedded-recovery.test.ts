// The embedded store after a crash, and after an upgrade from the nedb store:
// - a process killed with SIGKILL while writing loses no write it had acknowledged, and
//   the store opens again with its unique indexes intact;
// - a data directory written by the nedb store (one JSON line per write) is moved into
//   the LMDB store on first open: every record, its version, its creation order and its
//   unique values come along, a torn last line is dropped and reported, and the old file
//   is kept, renamed, so nothing is migrated twice.
import { spawn } from "node:child_process";
import { access, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createEmbeddedStore, type MigrationNotice, type TornTailNotice } from "@levy/storage";
import { describe, expect, it } from "vitest";

interface Thing {
  id: string;
  email: string;
  n: number;
}

const scope = { accountId: "acct_crash", livemode: false };
const spec = { name: "things", uniqueIndexes: [{ name: "things_email", fields: ["email"] }] };

// Writes things concurrently (8 at a time) and prints each id once its insert resolved.
const writer = `
import { createEmbeddedStore } from "@levy/storage";
const store = await createEmbeddedStore({ dir: process.argv[1] });
const things = await store.collection(${JSON.stringify(spec)});
let next = 0;
async function lane() {
  for (;;) {
    const id = "t" + next++;
    await things.insert(${JSON.stringify(scope)}, { id, email: id + "@x.test", n: next });
    process.stdout.write(id + "\\n");
  }
}
for (let lane_ = 0; lane_ < 8; lane_ += 1) void lane();
`;

describe("embedded store recovery", () => {
  it("keeps every acknowledged write of a process killed with SIGKILL mid-write", { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "levy-kill-"));
    const child = spawn(process.execPath, ["--input-type=module", "-e", writer, dir], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const acknowledged: string[] = [];
    let buffered = "";
    await new Promise<void>((resolve, reject) => {
      child.on("error", reject);
      child.on("exit", (code) => reject(new Error(`writer exited early (${code})`)));
      child.stdout.on("data", (chunk: Buffer) => {
        buffered += chunk.toString("utf8");
        const lines = buffered.split("\n");
        buffered = lines.pop()!;
        acknowledged.push(...lines);
        if (acknowledged.length >= 300) resolve();
      });
    });
    child.removeAllListeners("exit");
    const exited = new Promise((resolve) => child.on("exit", resolve));
    child.kill("SIGKILL");
    await exited;

    const store = await createEmbeddedStore({ dir });
    const things = await store.collection<Thing>(spec);
    const missing: string[] = [];
    for (const id of acknowledged) if (!(await things.get(scope, id))) missing.push(id);
    expect(missing).toEqual([]);
    await expect(things.insert(scope, { id: "again", email: "t0@x.test", n: 0 })).rejects.toMatchObject({
      code: "duplicate",
      index: "things_email",
    });
    await things.insert(scope, { id: "after", email: "after@x.test", n: 0 });
    expect(await things.get(scope, "after")).toMatchObject({ version: 1 });
    await store.close();
  });

  // Store.writesLandInIssueOrder, which lets the outbox issue an entry and the write it
  // announces together: a crash never keeps a later write and loses an earlier one.
  it("keeps writes issued back to back in order when a process is killed with SIGKILL mid-write", {
    timeout: 60_000,
  }, async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "levy-kill-order-"));
    const orderedWriter = `
import { createEmbeddedStore } from "@levy/storage";
const store = await createEmbeddedStore({ dir: process.argv[1] });
if (store.writesLandInIssueOrder !== true) process.exit(3);
const entries = await store.collection({ name: "entries" });
const documents = await store.collection({ name: "documents" });
const scope = ${JSON.stringify(scope)};
let next = 0;
async function lane() {
  for (;;) {
    const id = "d" + next++;
    // Not awaited in between: the entry is issued first, the document right after.
    const entry = entries.insertIfAbsent(scope, { id });
    const document = documents.insert(scope, { id });
    await Promise.all([entry, document]);
    process.stdout.write(id + "\\n");
  }
}
for (let lane_ = 0; lane_ < 8; lane_ += 1) void lane();
`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", orderedWriter, dir], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let acknowledged = 0;
    await new Promise<void>((resolve, reject) => {
      child.on("error", reject);
      child.on("exit", (code) => reject(new Error(`writer exited early (${code})`)));
      child.stdout.on("data", (chunk: Buffer) => {
        acknowledged += chunk.toString("utf8").split("\n").length - 1;
        if (acknowledged >= 300) resolve();
      });
    });
    child.removeAllListeners("exit");
    const exited = new Promise((resolve) => child.on("exit", resolve));
    child.kill("SIGKILL");
    await exited;

    const store = await createEmbeddedStore({ dir });
    const entries = await store.collection<{ id: string }>({ name: "entries" });
    const documents = await store.collection<{ id: string }>({ name: "documents" });
    const orphans: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await documents.list(scope, { limit: 200, ...(cursor ? { cursor } : {}) });
      for (const document of page.items) if (!(await entries.get(scope, document.id))) orphans.push(document.id);
      cursor = page.nextCursor;
    } while (cursor);
    expect(await documents.count(scope)).toBeGreaterThanOrEqual(300);
    expect(orphans).toEqual([]);
    await store.close();
  });

  it("moves an nedb data directory into the store once, keeping the old file renamed", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "levy-migrate-"));
    // The nedb store's layout: _id is <account>|<mode>|<id>, the scope and _seq are fields.
    const line = (id: string, seq: number, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        id,
        email: `${id}@x.test`,
        n: seq,
        account_id: scope.accountId,
        livemode: false,
        _id: `${scope.accountId}|test|${id}`,
        _seq: seq,
        version: 1,
        ...extra,
      });
    const legacy = path.join(dir, "things.db");
    await writeFile(
      legacy,
      [
        line("b", 1000),
        line("a", 2000),
        line("c", 3000),
        line("a", 2000, { n: 7, version: 2 }), // a later write of "a" supersedes the first
        JSON.stringify({ $$deleted: true, _id: `${scope.accountId}|test|c` }),
        '{"id":"torn","ema', // the power went mid-append
      ].join("\n"),
    );
    const migrated: MigrationNotice[] = [];
    const torn: TornTailNotice[] = [];
    const open = () =>
      createEmbeddedStore({
        dir,
        onMigrated: (notice) => migrated.push(notice),
        onTornTail: (notice) => torn.push(notice),
      });

    const store = await open();
    const things = await store.collection<Thing>(spec);
    expect(migrated).toEqual([{ file: legacy, records: 2, renamedTo: `${legacy}.migrated` }]);
    expect(torn).toEqual([{ file: legacy, droppedBytes: 17 }]);
    await expect(access(legacy)).rejects.toThrow();
    await access(`${legacy}.migrated`);
    expect((await things.list(scope, { limit: 10 })).items).toEqual([
      { id: "b", email: "b@x.test", n: 1000, version: 1 },
      { id: "a", email: "a@x.test", n: 7, version: 2 },
    ]);
    expect(await things.get(scope, "c")).toBeNull();
    expect(await things.findOne(scope, { email: "a@x.test" })).toMatchObject({ id: "a" });
    await expect(things.insert(scope, { id: "d", email: "b@x.test", n: 0 })).rejects.toMatchObject({
      code: "duplicate",
      index: "things_email",
    });
    expect(await things.update(scope, "a", { expectedVersion: 2, set: { n: 8 } })).toMatchObject({ n: 8, version: 3 });
    await store.close();

    const reopened = await open();
    expect(await (await reopened.collection<Thing>(spec)).get(scope, "a")).toMatchObject({ n: 8, version: 3 });
    expect(migrated).toHaveLength(1);
    await reopened.close();
  });

  it("builds the entries of an index a later release declares, for the records already stored", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "levy-reindex-"));
    const before = await createEmbeddedStore({ dir });
    const plain = await before.collection<Thing>({ name: "things" });
    for (const id of ["x", "y"]) await plain.insert(scope, { id, email: `${id}@x.test`, n: 1 });
    await before.close();

    const after = await createEmbeddedStore({ dir });
    const things = await after.collection<Thing>({ ...spec, indexes: [{ name: "things_n", fields: ["n"] }] });
    await expect(things.insert(scope, { id: "z", email: "y@x.test", n: 2 })).rejects.toMatchObject({
      code: "duplicate",
      index: "things_email",
    });
    expect(await things.findOne(scope, { email: "x@x.test" })).toMatchObject({ id: "x" });
    expect(await things.count(scope, { n: 1 })).toBe(2);
    await after.close();
  });
});
