// Keeps a collection's index entries in step with its spec: the specs last built are
// kept under [collection, "~indexes"]; when the code declares other indexes (a new
// release), the collection's index entries are rebuilt from its records, in one
// transaction, before the collection serves anything.
import type { RootDatabase } from "lmdb";
import type { Key, Layout } from "./lmdb-layout.js";
import { type Dbs, createRecords, keysUnder, recordsUnder } from "./lmdb-records.js";

export async function ensureIndexes(root: RootDatabase, dbs: Dbs, layout: Layout, collection: string): Promise<void> {
  const marker: Key = [collection, "~indexes"];
  const wanted = JSON.stringify({ unique: layout.uniqueIndexes, indexes: layout.indexes });
  if (dbs.entries.get(marker) === wanted) return;
  const records = createRecords(dbs, layout);
  await root.transaction(() => {
    for (const key of [...keysUnder(dbs, [collection])]) {
      const kind = String(key[1]);
      if (kind.startsWith("u:") || kind.startsWith("i:")) void dbs.entries.remove(key);
    }
    for (const { key, value } of recordsUnder(dbs, layout.recordsOf())) {
      records.reindex({ accountId: String(key[1]), livemode: key[2] === true }, String(key[3]), value);
    }
    void dbs.entries.put(marker, wanted);
  });
}
