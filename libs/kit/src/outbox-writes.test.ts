// How many storage round trips an outboxed write costs. On a store whose writes land in
// issue order (the embedded store) the outbox entry and the document's write are issued
// together, so they share a commit; elsewhere the entry lands first. After the publish,
// the flush clears the document it was handed (no second read); the entries are deleted
// off the flush's path, those of flushes close together in one operation.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createEvent, createInProcessBus, type EventEnvelope } from "@levy/events";
import { createEmbeddedStore, type Collection, type Store } from "@levy/storage";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "./logger.js";
import { createOutbox, outboxScopeOf, type OutboxDocument, type OutboxIndexRecord } from "./outbox.js";

type Doc = OutboxDocument & Record<string, unknown>;
const scope = { accountId: "acct_1", livemode: false };
let store: Store | undefined;
let dir = "";
afterEach(async () => {
  await store?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Wraps a collection so each call is logged as "<name>.<operation>:start" and ":end". */
function traced<T extends { id: string }>(collection: Collection<T>, name: string, log: string[]): Collection<T> {
  return new Proxy(collection, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        log.push(`${name}.${String(key)}:start`);
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } finally {
          log.push(`${name}.${String(key)}:end`);
        }
      };
    },
  });
}

async function tracedOutbox(writesLandInIssueOrder: boolean, keepsPublishedEvents = false) {
  dir = await mkdtemp(path.join(os.tmpdir(), "outbox-writes-"));
  store = await createEmbeddedStore({ dir });
  const log: string[] = [];
  const index = traced(await store.collection<OutboxIndexRecord>({ name: "outbox_index" }), "index", log);
  const documents = traced(await store.collection<Doc>({ name: "documents" }), "documents", log);
  const bus = createInProcessBus();
  const published: EventEnvelope[] = [];
  await bus.subscribe({ topic: "things", group: "test", handler: async (event) => void published.push(event) });
  const outbox = createOutbox({
    owner: "test",
    bus,
    index,
    sources: { things: { collection: documents, topic: "things", keepsPublishedEvents } },
    logger: createLogger({ service: "test", level: "silent" }),
    writesLandInIssueOrder,
    minAgeMs: 0,
  });
  const event = createEvent({ type: "thing.created", version: 1, scope, key: scope.accountId, payload: { n: 1 } });
  return { outbox, index, documents, published, log, event };
}

describe("outbox writes", () => {
  it("issues the entry and the write together on a store whose writes land in issue order", async () => {
    const { outbox, documents, log, event } = await tracedOutbox(true);
    await outbox.announceAndWrite(scope, "things", "thing_1", [event], () =>
      documents.insert(scope, { id: "thing_1", pending_events: [event] }),
    );
    expect(log.indexOf("documents.insert:start")).toBeLessThan(log.indexOf("index.insertIfAbsent:end"));
    await outbox.stop();
  });

  it("lets the entry land before the write starts elsewhere", async () => {
    const { outbox, documents, log, event } = await tracedOutbox(false);
    await outbox.announceAndWrite(scope, "things", "thing_1", [event], () =>
      documents.insert(scope, { id: "thing_1", pending_events: [event] }),
    );
    expect(log.indexOf("documents.insert:start")).toBeGreaterThan(log.indexOf("index.insertIfAbsent:end"));
    await outbox.stop();
  });

  it("flushes the written document without reading it again, clearing it and its entry together", async () => {
    const { outbox, index, documents, published, log, event } = await tracedOutbox(true);
    await outbox.announce(scope, "things", "thing_1", [event]);
    const written = await documents.insert(scope, { id: "thing_1", pending_events: [event] });
    log.length = 0;
    await outbox.flush(scope, "things", "thing_1", written);
    expect(published.map((each) => each.id)).toEqual([event.id]);
    expect(log).not.toContain("documents.get:start");
    expect((await documents.get(scope, "thing_1"))?.pending_events).toEqual([]);
    // The entry goes shortly after, off the flush's path.
    await expect.poll(async () => (await index.list(outboxScopeOf("test"), { limit: 10 })).items).toEqual([]);
    await outbox.stop();
  });
});

describe("outbox writes on a source that keeps published events", () => {
  it("flushes without updating the document, and the next change drops what was published", async () => {
    const { outbox, index, documents, published, log, event } = await tracedOutbox(true, true);
    const written = await outbox.announceAndWrite(scope, "things", "thing_1", [event], () =>
      documents.insert(scope, { id: "thing_1", pending_events: [event] }),
    );
    log.length = 0;
    await outbox.flush(scope, "things", "thing_1", written);
    expect(published.map((each) => each.id)).toEqual([event.id]);
    expect(log.filter((entry) => entry.startsWith("documents."))).toEqual([]);
    await expect.poll(async () => (await index.list(outboxScopeOf("test"), { limit: 10 })).items).toEqual([]);

    // The next change keeps only what may be unpublished, so nothing is published twice.
    const second = createEvent({ type: "thing.changed", version: 1, scope, key: scope.accountId, payload: { n: 2 } });
    const current = (await documents.get(scope, "thing_1"))!;
    const pending = await outbox.unpublished(scope, "things", "thing_1", current.pending_events);
    expect(pending).toEqual([]);
    const changed = await outbox.announceAndWrite(scope, "things", "thing_1", [second], () =>
      documents.update(scope, "thing_1", {
        expectedVersion: current.version,
        set: { pending_events: [...pending, second] },
      }),
    );
    expect(await outbox.unpublished(scope, "things", "thing_1", changed.pending_events)).toEqual([second]);
    await outbox.flush(scope, "things", "thing_1", changed);
    expect(published.map((each) => each.id)).toEqual([event.id, second.id]);
    await outbox.stop();
  });

  it("has the relay publish a document's events once and settle all their entries together", async () => {
    const { outbox, index, documents, published, event } = await tracedOutbox(true, true);
    const second = createEvent({ type: "thing.changed", version: 1, scope, key: scope.accountId, payload: { n: 2 } });
    // Both written, neither flushed (as after a crash mid-request).
    await outbox.announceAndWrite(scope, "things", "thing_1", [event, second], () =>
      documents.insert(scope, { id: "thing_1", pending_events: [event, second] }),
    );
    expect(await outbox.relayOnce()).toBe(2);
    expect(published.map((each) => each.id)).toEqual([event.id, second.id]);
    expect((await index.list(outboxScopeOf("test"), { limit: 10 })).items).toEqual([]);
    await outbox.stop();
  });
});

describe("outbox entries of published events", () => {
  it("are deleted off the flush's path, those of flushes close together in one operation", async () => {
    const { outbox, index, documents, published, log } = await tracedOutbox(true, true);
    const events = [1, 2, 3].map((n) =>
      createEvent({ type: "thing.created", version: 1, scope, key: scope.accountId, payload: { n } }),
    );
    const written = await Promise.all(
      events.map((event, n) =>
        outbox.announceAndWrite(scope, "things", `thing_${n}`, [event], () =>
          documents.insert(scope, { id: `thing_${n}`, pending_events: [event] }),
        ),
      ),
    );
    log.length = 0;
    await Promise.all(written.map((document, n) => outbox.flush(scope, "things", `thing_${n}`, document)));
    expect(published).toHaveLength(3);
    // Answered before the deletion; the events already count as published.
    expect(log.filter((entry) => entry.startsWith("index.delete"))).toEqual([]);
    expect(await outbox.unpublished(scope, "things", "thing_0", written[0]!.pending_events)).toEqual([]);
    await outbox.stop(); // settles what is queued
    expect(log.filter((entry) => entry.startsWith("index.delete") && entry.endsWith(":start"))).toEqual([
      "index.deleteMany:start",
    ]);
    expect((await index.list(outboxScopeOf("test"), { limit: 10 })).items).toEqual([]);
  });
});
