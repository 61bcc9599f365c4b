// What both adapters' Store.writeThenRecord check before writing anything: each record
// is written at most once in a group, and only in a scoped collection the store opened.
import type { RecordWrite, RequiredWrite } from "./port.js";

export function groupTargets<C>(opened: ReadonlyMap<string, C>) {
  const seen = new Set<string>();
  return (write: RequiredWrite | RecordWrite): C => {
    const id = "insert" in write ? write.insert.id : "update" in write ? write.update.id : write.record.id;
    const key = JSON.stringify([write.collection, write.scope.accountId, write.scope.livemode, id]);
    if (seen.has(key)) throw new TypeError(`record ${id} of "${write.collection}" is written twice in one group`);
    seen.add(key);
    const collection = opened.get(write.collection);
    if (!collection) throw new TypeError(`collection "${write.collection}" has not been opened by this store`);
    return collection;
  };
}
