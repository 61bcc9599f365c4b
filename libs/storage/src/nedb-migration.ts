// One-time move of a collection's nedb data file (the embedded store before issue 17)
// into LMDB. The file is read with nedb once (torn tail repaired first, no tolerance
// for other damage), every record is written with its index entries in one transaction,
// and the file is then renamed to `<file>.migrated`, never deleted. Records already
// present are left alone, so a crash between the commit and the rename only repeats a
// harmless migration at the next start. nedb is loaded only here, never on a request.
import { rename, stat } from "node:fs/promises";
import type { RootDatabase } from "lmdb";
import { repairTornTail, type TornTailNotice } from "./datafile-durability.js";
import type { Records } from "./lmdb-records.js";
import type { Scope } from "./port.js";
import type { StoredDocument } from "./lmdb-layout.js";
import { nextSeq } from "./record-shape.js";

export interface MigrationNotice {
  readonly file: string;
  readonly records: number;
  readonly renamedTo: string;
}

export async function migrateNedbFile(
  file: string,
  scoped: boolean,
  root: RootDatabase,
  records: Records,
  onTornTail?: (notice: TornTailNotice) => void,
): Promise<MigrationNotice | null> {
  const present = await stat(file).then(
    (info) => info.isFile(),
    () => false,
  );
  if (!present) return null;
  const torn = await repairTornTail(file);
  if (torn) onTornTail?.(torn);
  const { DatastoreClass } = await import("./nedb.js");
  const nedb = new DatastoreClass<Record<string, unknown>>({ filename: file, corruptAlertThreshold: 0 });
  try {
    await nedb.loadDatabaseAsync();
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const documents = nedb.getAllData();
  const moved = await root.transaction(() => {
    let count = 0;
    for (const { _id, _seq, account_id, livemode, version, ...fields } of documents) {
      const id = String(fields.id ?? _id);
      const scope: Scope = scoped
        ? { accountId: String(account_id), livemode: livemode === true }
        : { accountId: "", livemode: false };
      if (records.get(scope, id)) continue;
      const own = scoped
        ? fields
        : {
            ...fields,
            ...(account_id === undefined ? {} : { account_id }),
            ...(livemode === undefined ? {} : { livemode }),
          };
      const document: StoredDocument = {
        ...own,
        id,
        version: typeof version === "number" ? version : 1,
        _seq: typeof _seq === "number" ? _seq : nextSeq(),
      };
      records.create(scope, id, document);
      count += 1;
    }
    return count;
  });
  const renamedTo = `${file}.migrated`;
  await rename(file, renamedTo);
  return { file, records: moved, renamedTo };
}
