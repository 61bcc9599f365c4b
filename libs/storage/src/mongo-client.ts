// The MongoDB driver client every adapter opens (the store, the certificates' GridFS).
// Each connection pool re-arms a 100 ms timer forever to keep `minPoolSize` connections
// open and prune perished ones: ten wake-ups a second of an otherwise idle service.
// Levy keeps the default minPoolSize (0), so the timer has nothing to open, and a
// perished connection is also pruned when it is checked out; every 10 s is plenty.
// The driver reads the period (`minPoolSizeCheckFrequencyMS`) from the client's parsed
// options but rejects it as a constructor option (mongodb 6.x: "not supported"), so it
// is set on the parsed options before `connect()` creates the pools.
import { MongoClient, type MongoClientOptions } from "mongodb";

export const poolCheckIntervalMs = 10_000;

export function createMongoClient(uri: string, options: MongoClientOptions): MongoClient {
  const client = new MongoClient(uri, options);
  (client.options as { minPoolSizeCheckFrequencyMS?: number }).minPoolSizeCheckFrequencyMS = poolCheckIntervalMs;
  return client;
}
