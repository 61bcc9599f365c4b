// Wraps the storage port so both adapters (MongoDB, embedded) report the same latency
// histogram in the service's registry:
//   levy_db_operation_duration_seconds{collection,operation,outcome}
// outcome is ok, or the StorageError code (duplicate, conflict, not_found,
// invalid_cursor, unavailable), or error for anything else.
import { StorageError, type Collection, type Store, type SystemCollection } from "@levy/storage";
import { Histogram, type Registry } from "prom-client";

const buckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

type Timer = <R>(operation: string, run: () => Promise<R>) => Promise<R>;

function timerFor(histogram: Histogram<string>, collection: string): Timer {
  return async (operation, run) => {
    const stop = histogram.startTimer({ collection, operation });
    try {
      const result = await run();
      stop({ outcome: "ok" });
      return result;
    } catch (error) {
      stop({ outcome: error instanceof StorageError ? error.code : "error" });
      throw error;
    }
  };
}

function timedCollection<T extends { id: string }>(inner: Collection<T>, time: Timer): Collection<T> {
  return {
    insert: (scope, doc) => time("insert", () => inner.insert(scope, doc)),
    insertIfAbsent: (scope, doc) => time("insert_if_absent", () => inner.insertIfAbsent(scope, doc)),
    get: (scope, id) => time("get", () => inner.get(scope, id)),
    getMany: (scope, ids) => time("get_many", () => inner.getMany(scope, ids)),
    findOne: (scope, where) => time("find_one", () => inner.findOne(scope, where)),
    list: (scope, options) => time("list", () => inner.list(scope, options)),
    count: (scope, where) => time("count", () => inner.count(scope, where)),
    update: (scope, id, options) => time("update", () => inner.update(scope, id, options)),
    increment: (scope, id, options) => time("increment", () => inner.increment(scope, id, options)),
    delete: (scope, id) => time("delete", () => inner.delete(scope, id)),
    deleteMany: (scope, ids) => time("delete_many", () => inner.deleteMany(scope, ids)),
    purgeExpired: (field, before) => time("purge_expired", () => inner.purgeExpired(field, before)),
  };
}

function timedSystemCollection<T extends { id: string }>(inner: SystemCollection<T>, time: Timer): SystemCollection<T> {
  return {
    insert: (doc) => time("insert", () => inner.insert(doc)),
    get: (id) => time("get", () => inner.get(id)),
    findOne: (where) => time("find_one", () => inner.findOne(where)),
    list: (options) => time("list", () => inner.list(options)),
    update: (id, options) => time("update", () => inner.update(id, options)),
  };
}

export function instrumentStore(store: Store, registry: Registry): Store {
  const histogram = new Histogram({
    name: "levy_db_operation_duration_seconds",
    help: "Time of a storage operation, by collection, operation and outcome",
    labelNames: ["collection", "operation", "outcome"] as const,
    buckets,
    registers: [registry],
  });
  // A group spans collections: it is counted under the pseudo-collection "group".
  const timeGroup = timerFor(histogram, "group");
  return {
    writesLandInIssueOrder: store.writesLandInIssueOrder,
    writeThenRecord: (writes, records) => timeGroup("write_then_record", () => store.writeThenRecord(writes, records)),
    ...(store.writePlanned
      ? { writePlanned: (plan) => timeGroup("write_planned", () => store.writePlanned!(plan)) }
      : {}),
    collection: async (spec) => timedCollection(await store.collection(spec), timerFor(histogram, spec.name)),
    systemCollection: async (spec) =>
      timedSystemCollection(await store.systemCollection(spec), timerFor(histogram, spec.name)),
    ping: () => store.ping(),
    close: () => store.close(),
  };
}
