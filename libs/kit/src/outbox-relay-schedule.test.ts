// The outbox relay sleeps while the index is empty and is woken by a local write: an idle
// service does not query its store every interval.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInProcessBus, createEvent, type EventEnvelope } from "@levy/events";
import { createEmbeddedStore, type Collection, type Store } from "@levy/storage";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "./logger.js";
import { createOutbox, type OutboxDocument, type OutboxIndexRecord } from "./outbox.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let store: Store | undefined;
let dir = "";
afterEach(async () => {
  await store?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function outboxWithCountedIndex() {
  dir = await mkdtemp(path.join(os.tmpdir(), "outbox-relay-"));
  store = await createEmbeddedStore({ dir });
  const index = await store.collection<OutboxIndexRecord>({ name: "outbox_index" });
  const documents = await store.collection<OutboxDocument & Record<string, unknown>>({ name: "documents" });
  let lists = 0;
  const countedIndex = new Proxy(index, {
    get(target, key, receiver) {
      if (key === "list")
        return (...args: Parameters<Collection<OutboxIndexRecord>["list"]>) => {
          lists += 1;
          return target.list(...args);
        };
      return Reflect.get(target, key, receiver);
    },
  });
  const bus = createInProcessBus();
  const published: EventEnvelope[] = [];
  await bus.subscribe({ topic: "things", group: "test", handler: async (event) => void published.push(event) });
  const outbox = createOutbox({
    owner: "test",
    bus,
    index: countedIndex,
    sources: { things: { collection: documents, topic: "things" } },
    logger: createLogger({ service: "test", level: "silent" }),
    minAgeMs: 0,
    idleIntervalMs: 60_000,
  });
  return { outbox, documents, published, lists: () => lists };
}

describe("outbox relay schedule", () => {
  it("passes once at start, then sleeps while the index is empty", async () => {
    const { outbox, lists } = await outboxWithCountedIndex();
    outbox.start(10);
    await sleep(300);
    await outbox.stop();
    expect(lists()).toBe(1);
  });

  it("is woken by a local write and publishes what the write's flush did not", async () => {
    const { outbox, documents, published, lists } = await outboxWithCountedIndex();
    outbox.start(10);
    await sleep(50);
    const scope = { accountId: "acct_1", livemode: false };
    const event = createEvent({ type: "thing.created", version: 1, scope, key: "thing_1", payload: { id: "thing_1" } });
    await outbox.announce(scope, "things", "thing_1", [event]);
    // The write lands, but its own flush is never called (as after a crash mid-request).
    await documents.insert(scope, { id: "thing_1", pending_events: [event] });
    await sleep(300);
    await outbox.stop();
    expect(published.map((each) => each.id)).toEqual([event.id]);
    // Woken, it passed until the index was empty, then slept again.
    expect(lists()).toBeLessThan(10);
  });
});

describe("outbox relay after a crash (embedded store)", () => {
  it("publishes what an earlier process left, however young, before start() resolves", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "outbox-crash-"));
    store = await createEmbeddedStore({ dir });
    const index = await store.collection<OutboxIndexRecord>({ name: "outbox_index" });
    const documents = await store.collection<OutboxDocument & Record<string, unknown>>({ name: "documents" });
    const scope = { accountId: "acct_1", livemode: false };
    const event = createEvent({ type: "thing.created", version: 1, scope, key: "thing_1", payload: { id: "thing_1" } });
    const options = {
      owner: "test",
      index,
      sources: { things: { collection: documents, topic: "things" } },
      logger: createLogger({ service: "test", level: "silent" }),
      // Young entries belong to a write in progress: the relay leaves them for a minute.
      minAgeMs: 60_000,
      writesLandInIssueOrder: true,
    };
    // The process that wrote the sale and its entry died before publishing it.
    const crashed = createOutbox({ ...options, bus: createInProcessBus() });
    await crashed.announce(scope, "things", "thing_1", [event]);
    await documents.insert(scope, { id: "thing_1", pending_events: [event] });
    // Its successor, started a moment later: the entry is a leftover, not a write of its own.
    await sleep(5);
    const bus = createInProcessBus();
    const applied: string[] = [];
    await bus.subscribe({ topic: "things", group: "test", handler: async (each) => void applied.push(each.id) });
    const outbox = createOutbox({ ...options, bus });
    await outbox.start(10);
    expect(applied).toEqual([event.id]);
    await outbox.stop();
  });
});
