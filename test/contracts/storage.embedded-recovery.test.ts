// The embedded store after a crash or a power loss: an append cut short leaves a torn
// last line in a collection's data file. Opening drops that record only (it was never
// acknowledged: a write is acknowledged after its line and newline are synced), says
// so, and keeps working; damage anywhere before the last line refuses to open.
import { appendFile, mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createEmbeddedStore, type TornTailNotice } from "@levy/storage";
import { describe, expect, it } from "vitest";

interface Thing {
  id: string;
  name: string;
}

const scope = { accountId: "acct_torn", livemode: false };
const spec = { name: "things" };

async function storeWithThings(count: number) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "levy-torn-"));
  const store = await createEmbeddedStore({ dir });
  const things = await store.collection<Thing>(spec);
  for (let index = 0; index < count; index += 1) await things.insert(scope, { id: `t${index}`, name: `thing ${index}` });
  // No close(): it would compact the file; a crash leaves the appended lines as they are.
  return { dir, file: path.join(dir, "things.db") };
}

describe("embedded store recovery from a torn write", () => {
  it("drops only a torn last line, reports it, and appends cleanly after it", async () => {
    const { dir, file } = await storeWithThings(3);
    await appendFile(file, '{"_id":"acct_torn:test:t3","id":"t3","na'); // the power went mid-append
    const notices: TornTailNotice[] = [];
    const store = await createEmbeddedStore({ dir, onTornTail: (notice) => notices.push(notice) });
    const things = await store.collection<Thing>(spec);
    expect(notices).toEqual([{ file, droppedBytes: 40 }]);
    for (const id of ["t0", "t1", "t2"]) expect(await things.get(scope, id)).toMatchObject({ id });
    expect(await things.get(scope, "t3")).toBeNull();
    await things.insert(scope, { id: "t4", name: "after the crash" });

    const reopened = await createEmbeddedStore({ dir, onTornTail: (notice) => notices.push(notice) });
    expect(await (await reopened.collection<Thing>(spec)).get(scope, "t4")).toMatchObject({ name: "after the crash" });
    expect(notices).toHaveLength(1);
    await reopened.close();
  });

  it("also drops a complete record whose newline never reached the disk (it was not acknowledged)", async () => {
    const { dir, file } = await storeWithThings(2);
    const text = await readFile(file, "utf8");
    await writeFile(file, text.slice(0, -1));
    const notices: TornTailNotice[] = [];
    const things = await (await createEmbeddedStore({ dir, onTornTail: (notice) => notices.push(notice) })).collection<Thing>(spec);
    expect(notices).toHaveLength(1);
    expect(await things.get(scope, "t0")).toMatchObject({ id: "t0" });
    expect(await things.get(scope, "t1")).toBeNull();
  });

  it("refuses to open a data file damaged before its last line, naming the file", async () => {
    // One bad line in twenty: nedb alone would drop it silently (its default tolerates 10 %).
    const { dir, file } = await storeWithThings(20);
    const lines = (await readFile(file, "utf8")).split("\n");
    lines[5] = lines[5]!.slice(0, 10);
    await writeFile(file, lines.join("\n"));
    const store = await createEmbeddedStore({ dir });
    await expect(store.collection<Thing>(spec)).rejects.toThrow(/things\.db.*corrupt/);
  });
});
