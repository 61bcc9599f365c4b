// The transactional outbox. An event is stored on the document it describes (its
// `pending_events` array) in the same single-document write as the change itself, so a
// change and its events are durable together. Publishing happens afterwards:
//
// 1. Before the write, one index entry per event is inserted in the outbox index (a
//    collection of the owning service, in a fixed internal scope), naming the document.
//    The storage port cannot query across accounts, so the index is how the relay finds
//    documents that may hold unpublished events. "Before" means durable no later than
//    the write: on a store whose writes land in issue order both share a commit
//    (`announceAndWrite`).
// 2. After the write, `flush` publishes the document's pending events, then removes them
//    from the document with an optimistic update while it queues their index entries for
//    deletion (outbox-settler.ts: off the caller's path, grouped with other flushes').
//    A source that `keepsPublishedEvents` skips the removal: its next change keeps only
//    the events whose entries remain (`unpublished`).
// 3. A relay loop walks the index and flushes whatever a crash left behind. An entry
//    whose event is not (or no longer) on its document is deleted once it is older than
//    the grace period (the write it announced failed, or the event was published).
//    The relay is woken by a local write and passes every `intervalMs` while the index
//    holds entries; once a pass finds it empty it sleeps `idleIntervalMs` (writes by other
//    replicas, a crash's leftovers), so an idle service does not query its store.
//
// A crash after publishing and before the removal publishes the event again on restart,
// with the same event id: consumers de-duplicate on it, so nothing is double-counted.
// An event is removed only once the bus has it durably: Kafka once the broker acked it,
// the in-process bus of embedded mode once every subscribed consumer applied it (its
// log dies with the process), so whatever a crash cut short is published again.
// The relay leaves alone documents whose publish is still under way in this process.
import type { EventBus, EventEnvelope } from "@levy/events";
import type { Logger } from "./logger.js";
import type { Registry } from "prom-client";
import { registerOutboxMetrics } from "./outbox-metrics.js";
import { createEntrySettler } from "./outbox-settler.js";
import { StorageError, type Collection, type Scope, type Stored } from "@levy/storage";

export interface OutboxDocument {
  id: string;
  pending_events: EventEnvelope[];
}

export interface OutboxIndexRecord {
  id: string;
  source: string;
  owner_account_id: string;
  owner_livemode: boolean;
  document_id: string;
  event_id: string;
  created_at_ms: number;
}

export const outboxIndexCollection = { name: "outbox_index" } as const;
/** The index is the owning service's bookkeeping, not an account's data. */
export function outboxScopeOf(owner: string): Scope {
  return { accountId: `__${owner}_outbox__`, livemode: false };
}

export interface OutboxSource {
  /** Only read and updated by id (the gateway passes its unscoped key records through this). */
  readonly collection: Pick<Collection<OutboxDocument & Record<string, unknown>>, "get" | "update">;
  readonly topic: string;
  /**
   * Published events stay on the document until its next change, which drops them (see
   * `unpublished`): a flush then costs no update of the document, only the deletion of
   * its entries. For documents changed rarely after their insert (transactions).
   */
  readonly keepsPublishedEvents?: boolean;
}

export interface Outbox {
  /** Announces events about to be written on a document (call before the write). */
  announce(scope: Scope, source: string, documentId: string, events: readonly EventEnvelope[]): Promise<void>;
  /**
   * Announces `events` and runs `write`, the write that puts them on the document. On a
   * store whose writes land in issue order (`writesLandInIssueOrder`) both are issued at
   * once and share a commit; elsewhere the announce has landed before the write starts.
   */
  announceAndWrite<R>(
    scope: Scope,
    source: string,
    documentId: string,
    events: readonly EventEnvelope[],
    write: () => Promise<R>,
  ): Promise<R>;
  /**
   * Publishes a document's pending events and clears them; errors are logged, not
   * thrown. Returns once done or after `flushWaitMs`, whichever comes first. `written`,
   * the document as the caller's write returned it, saves reading it again.
   */
  flush(scope: Scope, source: string, documentId: string, written?: Stored<OutboxDocument>): Promise<void>;
  /**
   * The events of `pending` that may still be unpublished: those whose index entry is
   * there. An event without its entry was published (or its write never happened).
   */
  unpublished(
    scope: Scope,
    source: string,
    documentId: string,
    pending: readonly EventEnvelope[],
  ): Promise<EventEnvelope[]>;
  /** One pass of the relay over the index; returns how many entries it settled. */
  relayOnce(): Promise<number>;
  /**
   * Starts the relay: passes `intervalMs` apart while entries wait, else asleep until a
   * local write (or the idle interval). The first pass runs at once; the promise settles
   * when it has (its errors are logged, not thrown), so a service can publish what a crash
   * left before it takes new traffic.
   */
  start(intervalMs: number): Promise<void>;
  stop(): Promise<void>;
}

export interface OutboxOptions {
  /** The owning service ("ledger"); names the internal scope of its index. */
  readonly owner: string;
  readonly bus: EventBus;
  readonly index: Collection<OutboxIndexRecord>;
  readonly sources: Readonly<Record<string, OutboxSource>>;
  readonly logger: Logger;
  /** An entry whose event is not on its document is dropped after this long. */
  readonly graceMs?: number;
  /** The relay leaves entries younger than this to the write's own flush. */
  readonly minAgeMs?: number;
  /** How long `flush` waits for the publish before returning (it goes on in the background). */
  readonly flushWaitMs?: number;
  /** Where levy_outbox_pending_events (index entries not yet settled) is exported. */
  readonly registry?: Registry;
  /** How long the relay sleeps after a pass that found the index empty, unless a local write wakes it. */
  readonly idleIntervalMs?: number;
  /**
   * The store's Store.writesLandInIssueOrder: announce and write may then share a commit.
   * That store (embedded mode's) is written by this process alone, so at start every
   * entry older than the process is a crash's leftover, relayed whatever its age.
   */
  readonly writesLandInIssueOrder?: boolean;
  /** Entries of published events queued within this window are deleted in one operation. */
  readonly settleWindowMs?: number;
}

/** The relay's fallback poll: a crashed replica's leftovers are also flushed when it restarts. */
export const defaultOutboxIdleIntervalMs = 60_000;

function indexId(scope: Scope, source: string, documentId: string, eventId: string): string {
  return `${source}:${scope.livemode ? "live" : "test"}:${scope.accountId}:${documentId}:${eventId}`;
}

export function createOutbox(options: OutboxOptions): Outbox {
  const graceMs = options.graceMs ?? 30_000;
  const minAgeMs = options.minAgeMs ?? 1000;
  // Entries written before this process existed cannot belong to a write in progress here.
  const leftoverBefore = options.writesLandInIssueOrder ? Date.now() : 0;
  const flushWaitMs = options.flushWaitMs ?? 500;
  const idleIntervalMs = options.idleIntervalMs ?? defaultOutboxIdleIntervalMs;
  const outboxScope = outboxScopeOf(options.owner);
  const settler = createEntrySettler(options.index, outboxScope, options.settleWindowMs ?? 20);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  if (options.registry) registerOutboxMetrics(options.registry, options.index, outboxScope);

  function sourceOf(name: string): OutboxSource {
    const source = options.sources[name];
    if (!source) throw new Error(`unknown outbox source ${name}`);
    return source;
  }

  /** Documents whose publish is under way in this process (how many at once), for the relay to skip. */
  const publishing = new Map<string, number>();
  const documentKey = (scope: Scope, sourceName: string, documentId: string) =>
    indexId(scope, sourceName, documentId, "");

  /**
   * Publishes and clears; returns the ids of events no longer pending on the document.
   * `settle` (a flush's own index entries) runs alongside the clear.
   */
  async function publishPending(
    scope: Scope,
    sourceName: string,
    documentId: string,
    written?: Stored<OutboxDocument>,
    settle?: (published: Set<string>) => Promise<unknown>,
  ): Promise<Set<string> | null> {
    const key = documentKey(scope, sourceName, documentId);
    publishing.set(key, (publishing.get(key) ?? 0) + 1);
    try {
      return await publishAndClear(scope, sourceName, documentId, written, settle);
    } finally {
      const left = publishing.get(key)! - 1;
      if (left === 0) publishing.delete(key);
      else publishing.set(key, left);
    }
  }

  async function publishAndClear(
    scope: Scope,
    sourceName: string,
    documentId: string,
    written: Stored<OutboxDocument> | undefined,
    settle: ((published: Set<string>) => Promise<unknown>) | undefined,
  ): Promise<Set<string> | null> {
    const source = sourceOf(sourceName);
    const document: Stored<OutboxDocument> | null = written ?? (await source.collection.get(scope, documentId));
    if (!document) return null;
    const events = document.pending_events ?? [];
    if (events.length === 0) return new Set();
    await options.bus.publish(source.topic, events);
    const published = new Set(events.map((event) => event.id));
    // Issued together, so the embedded store commits them at once. Either order is safe:
    // an entry left behind is dropped by the relay once its event is off the document,
    // and an event left on the document without its entry, if ever published again
    // with its next change, keeps its id, which consumers de-duplicate.
    await Promise.all([
      source.keepsPublishedEvents ? null : clearPublished(source, scope, documentId, document, published),
      settle?.(published),
    ]);
    return published;
  }

  async function clearPublished(
    source: OutboxSource,
    scope: Scope,
    documentId: string,
    read: Stored<OutboxDocument>,
    published: Set<string>,
  ): Promise<void> {
    let document: Stored<OutboxDocument> | null = read;
    for (let attempt = 0; attempt < 20 && document; attempt += 1) {
      const remaining = document.pending_events.filter((event) => !published.has(event.id));
      if (remaining.length === document.pending_events.length) break;
      try {
        await source.collection.update(scope, documentId, {
          expectedVersion: document.version,
          set: { pending_events: remaining },
        });
        break;
      } catch (error) {
        if (!(error instanceof StorageError && error.code === "conflict")) throw error;
        document = await source.collection.get(scope, documentId);
      }
    }
  }

  async function flushNow(
    scope: Scope,
    sourceName: string,
    documentId: string,
    written?: Stored<OutboxDocument>,
  ): Promise<void> {
    try {
      // The caller need not wait for the deletion: from now on this process counts the
      // events as published (settler.isSettling), and a lost deletion costs a duplicate.
      await publishPending(scope, sourceName, documentId, written, async (published) => {
        const ids = [...published].map((eventId) => indexId(scope, sourceName, documentId, eventId));
        settler
          .settle(ids)
          .catch((error: unknown) =>
            options.logger.warn({ err: error, document_id: documentId }, "outbox entries not deleted; the relay will"),
          );
      });
    } catch (error) {
      options.logger.warn({ err: error, document_id: documentId }, "outbox flush failed; the relay will retry");
    }
  }

  // The write is durable before the flush starts, so the caller waits for the publish
  // only so long: while the broker is down, the publish keeps retrying in the background
  // (and the relay after it) instead of holding the caller's request past its deadline.
  const flushing = new Set<Promise<void>>();
  async function flush(
    scope: Scope,
    sourceName: string,
    documentId: string,
    written?: Stored<OutboxDocument>,
  ): Promise<void> {
    const work = flushNow(scope, sourceName, documentId, written);
    flushing.add(work);
    void work.finally(() => flushing.delete(work));
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, flushWaitMs);
    });
    await Promise.race([work, waited]);
    clearTimeout(timer);
  }

  async function relayOnce(): Promise<number> {
    return (await relayPass()).settled;
  }

  /** One pass; `left` counts the entries it saw and did not settle. */
  async function relayPass(): Promise<{ settled: number; left: number }> {
    let settled = 0;
    let seen = 0;
    let cursor: string | undefined;
    const now = Date.now();
    // Entries deleted along with their document's publish earlier in this pass: a
    // document's events are published together, so its other entries need no second look
    // (on a source that keeps published events, a second look would publish them again).
    const done = new Set<string>();
    const settleWith = (scope: Scope, source: string, documentId: string) => async (published: Set<string>) => {
      const ids = [...published]
        .map((eventId) => indexId(scope, source, documentId, eventId))
        .filter((id) => !done.has(id));
      for (const id of ids) done.add(id);
      if (ids.length > 0) settled += await options.index.deleteMany(outboxScope, ids);
    };
    do {
      const page = await options.index.list(outboxScope, { limit: 200, ...(cursor ? { cursor } : {}) });
      seen += page.items.length;
      for (const entry of page.items) {
        if (stopped) return { settled, left: Math.max(0, seen - settled) };
        if (done.has(entry.id) || settler.isSettling(entry.id)) continue;
        // Young entries belong to a write in progress, whose own flush follows.
        if (now - entry.created_at_ms < minAgeMs && entry.created_at_ms >= leftoverBefore) continue;
        const scope = { accountId: entry.owner_account_id, livemode: entry.owner_livemode };
        if (publishing.has(documentKey(scope, entry.source, entry.document_id))) continue;
        const source = sourceOf(entry.source);
        const document = await source.collection.get(scope, entry.document_id);
        const onDocument = document?.pending_events?.some((event) => event.id === entry.event_id) ?? false;
        if (onDocument) {
          await publishPending(
            scope,
            entry.source,
            entry.document_id,
            undefined,
            settleWith(scope, entry.source, entry.document_id),
          );
        } else if (now - entry.created_at_ms >= graceMs) {
          await options.index.delete(outboxScope, entry.id);
          settled += 1;
        }
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return { settled, left: Math.max(0, seen - settled) };
  }

  // The relay's schedule: `dueAt` is when the armed timer fires; waking only brings it forward.
  let intervalMs = 0;
  let dueAt = Infinity;
  let started = false;
  let wokenDuringPass = false;
  function schedule(delayMs: number): void {
    if (stopped || !started) return;
    if (running) {
      // The pass under way may have listed the index before this write's entries.
      if (delayMs === intervalMs) wokenDuringPass = true;
      return;
    }
    const at = Date.now() + delayMs;
    if (at >= dueAt) return;
    if (timer) clearTimeout(timer);
    dueAt = at;
    timer = setTimeout(tick, delayMs);
  }
  function tick(): void {
    timer = null;
    dueAt = Infinity;
    if (stopped) return;
    let left = 1;
    running = relayPass()
      .then((pass) => (left = pass.left))
      .catch((error: unknown) => options.logger.warn({ err: error }, "outbox relay pass failed"))
      .finally(() => {
        running = null;
        const busy = left > 0 || wokenDuringPass;
        wokenDuringPass = false;
        schedule(busy ? intervalMs : idleIntervalMs);
      });
  }

  async function announce(
    scope: Scope,
    source: string,
    documentId: string,
    events: readonly EventEnvelope[],
  ): Promise<void> {
    const now = Date.now();
    await Promise.all(
      events.map((event) =>
        options.index.insertIfAbsent(outboxScope, {
          id: indexId(scope, source, documentId, event.id),
          source,
          owner_account_id: scope.accountId,
          owner_livemode: scope.livemode,
          document_id: documentId,
          event_id: event.id,
          created_at_ms: now,
        }),
      ),
    );
    // The write's own flush normally settles these; the relay looks once they are due.
    schedule(intervalMs);
  }

  async function announceAndWrite<R>(
    scope: Scope,
    source: string,
    documentId: string,
    events: readonly EventEnvelope[],
    write: () => Promise<R>,
  ): Promise<R> {
    if (!options.writesLandInIssueOrder) {
      await announce(scope, source, documentId, events);
      return write();
    }
    // Issued back to back, the entries land no later than the write (in its commit or an
    // earlier one), which is all the relay needs.
    const [announced, written] = await Promise.allSettled([announce(scope, source, documentId, events), write()]);
    if (written.status === "rejected") throw written.reason;
    // The write stands without its entries (the store failed the announce alone): add them
    // now, or fail the call so that the caller's retry finds the document and flushes it.
    if (announced.status === "rejected") await announce(scope, source, documentId, events);
    return written.value;
  }

  async function unpublished(
    scope: Scope,
    source: string,
    documentId: string,
    pending: readonly EventEnvelope[],
  ): Promise<EventEnvelope[]> {
    // An entry this process is deleting belongs to a published event.
    const entries = await Promise.all(
      pending.map((event) => {
        const id = indexId(scope, source, documentId, event.id);
        return settler.isSettling(id) ? null : options.index.get(outboxScope, id);
      }),
    );
    return pending.filter((_, position) => entries[position] !== null);
  }

  return {
    announce,
    announceAndWrite,
    unpublished,
    flush,
    relayOnce,
    start(busyIntervalMs) {
      intervalMs = busyIntervalMs;
      started = true;
      // The first pass flushes what a crash of this process left, at once: in embedded mode
      // the in-process bus applies those events before the service takes new ones, so the
      // consumers' de-duplication (the aggregates' recent event ids) still holds them.
      if (timer) clearTimeout(timer);
      if (!running) tick();
      return Promise.resolve(running).then(() => undefined);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      // Background publishes get a moment to finish; what they leave, the index keeps
      // for the relay of the next start.
      await Promise.race([Promise.all(flushing), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      await settler.drain();
    },
  };
}
