// The filings consumer: applies the ledger's events to the filing and sales-summary
// aggregates, exactly once in effect although delivery is at-least-once:
//
// - Each aggregate document is changed by one optimistic single-document update that
//   adds the amounts AND appends the event ids to the document's `applied_events` (the
//   last 200 ids). A redelivered event finds its id there and skips that document, so a
//   crash between documents (an event touches several) re-applies only the ones missed.
// - A processed-event log (one record per event and consumer group, written only once
//   all documents are) skips events delivered again long after (a re-published outbox
//   event). Given Store.writeThenRecord, the documents' writes and the processed records
//   go as one group: on the embedded store one commit, all or nothing; on MongoDB the
//   records in one command once every write landed.
//
// On the embedded store a recorded sale's event is applied in the sale's own commit
// (planInline, through the transaction store): planned inside the write from what it
// reads there, processed records included, so the consumer later finds it processed.
//
// A run of events (what queued while the consumer was busy) is applied together: one
// update per aggregate document for all the run's events that touch it, then their
// processed records. A run that fails part-way is delivered again event by event, and
// the `applied_events` of each document skip what the run already applied there.
//
// Events of one account share a partition key, so one consumer applies them in order
// and aggregate updates rarely race; races (approve/reject) are retried.
import type { BatchHandler, EventEnvelope, EventHandler } from "@levy/events";
import { epochSeconds, type Outbox } from "@levy/kit";
import {
  StorageError,
  type Collection,
  type GroupReader,
  type RequiredWrite,
  type Scope,
  type Store,
  type Stored,
  type WriteGroup,
} from "@levy/storage";
import { type AggregateChange, contributionOf, effectsOf, reopens } from "./event-effects.js";
import {
  type Aggregate,
  type FilingRecord,
  type SummaryRecord,
  filingCollection,
  summaryCollection,
} from "./filing.js";

const ringSize = 200;
const quickRetries = 50;
export const filingsGroup = "ledger-filings";

export interface ProcessedEventRecord {
  id: string;
  event_type: string;
  processed_at: number;
}

export const processedEventCollection = { name: "processed_events" } as const;

export interface AggregatorOptions {
  readonly filings: Collection<FilingRecord>;
  readonly summaries: Collection<SummaryRecord>;
  readonly processed: Collection<ProcessedEventRecord>;
  /** Publishes levy.filing.status_changed when new amounts reopen a decided filing. */
  readonly outbox?: Outbox;
  /**
   * The store's writeThenRecord: the processed records share the aggregates' write (the
   * embedded store: one commit instead of two; MongoDB: one insert command for the run's
   * records). Without it the aggregates are written one by one and each processed record
   * after them.
   */
  readonly writeThenRecord?: Store["writeThenRecord"];
  /**
   * The store's writePlanned (the embedded store): a run is then planned inside the write
   * (planInline), so it never conflicts with the sales whose effects are written in their
   * own commits; a run that reopens a decided filing falls back to writeThenRecord.
   */
  readonly writePlanned?: Store["writePlanned"];
}

/** What a run's changes make of one aggregate document: its insert or its update. */
type AggregateWrite<T extends Aggregate> =
  | { readonly insert: T; readonly applied: string[] }
  | {
      readonly update: { id: string; expectedVersion: number; set: Partial<T> };
      readonly applied: string[];
    };

/** The changes of `changes` not yet applied to the document (`stored`, absent: null). */
function dueOn<T extends Aggregate, C extends Pick<AggregateChange<T>, "eventId">>(
  stored: Stored<T> | null,
  create: T,
  changes: readonly C[],
): { current: Stored<T>; due: C[] } {
  const current = stored ?? ({ ...create, version: 0 } as Stored<T>);
  return { current, due: changes.filter((change) => !current.applied_events.includes(change.eventId)) };
}

/**
 * The write that puts `set` (the due changes, made in order) on the document, with their
 * ids in its ring, or (`remember` false) with the ring emptied.
 */
function writeOf<T extends Aggregate>(
  stored: Stored<T> | null,
  create: T,
  current: Stored<T>,
  set: Partial<T>,
  applied: string[],
  remember = true,
): AggregateWrite<T> {
  const ring = remember ? [...current.applied_events, ...applied].slice(-ringSize) : [];
  const all = { ...set, applied_events: ring };
  if (!stored) return { insert: { ...create, ...all }, applied };
  return { update: { id: create.id, expectedVersion: current.version, set: all }, applied };
}

/**
 * Reads the aggregate and computes the changes of the events that have not yet changed
 * it, in order, as one write (an insert when it does not exist yet); null when every
 * event already changed it. Nothing is written.
 */
async function planAggregate<T extends Aggregate>(
  collection: Collection<T>,
  scope: Scope,
  create: T,
  changes: ReadonlyArray<Pick<AggregateChange<T>, "eventId" | "mutate">>,
): Promise<AggregateWrite<T> | null> {
  return planOn(await collection.get(scope, create.id), create, changes);
}

/** planAggregate for each of `documents`, their stored state read in one call. */
async function planAggregates<T extends Aggregate>(
  collection: Collection<T>,
  scope: Scope,
  documents: ReadonlyMap<string, Pending<T>>,
): Promise<Array<AggregateWrite<T> | null>> {
  const pending = [...documents.values()];
  const stored = await collection.getMany(
    scope,
    pending.map(({ create }) => create.id),
  );
  return Promise.all(pending.map(({ create, changes }, position) => planOn(stored[position]!, create, changes)));
}

/** The write of the changes not yet applied to `stored` (null: every one is). */
async function planOn<T extends Aggregate>(
  stored: Stored<T> | null,
  create: T,
  changes: ReadonlyArray<Pick<AggregateChange<T>, "eventId" | "mutate">>,
): Promise<AggregateWrite<T> | null> {
  const { current, due } = dueOn(stored, create, changes);
  if (due.length === 0) return null;
  let next: Stored<T> = current;
  let set: Partial<T> = {};
  for (const change of due) {
    const part = await change.mutate(next);
    set = { ...set, ...part };
    next = { ...next, ...part };
  }
  return writeOf(
    stored,
    create,
    current,
    set,
    due.map((change) => change.eventId),
  );
}

/**
 * Runs `attempt` again while it fails with a conflict, or with a duplicate (another writer
 * created the same aggregate first). One that outlasts the quick retries (on MongoDB,
 * usually a writer that crashed mid-update, whose claim is rolled forward 30 s later) is
 * rethrown as a conflict: the event bus retries conflicts without spending the event's
 * attempts.
 */
async function retryRaces<R>(what: string, attempt: () => Promise<R>): Promise<R> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof StorageError && (error.code === "conflict" || error.code === "duplicate"))) throw error;
      if (tries >= quickRetries)
        throw new StorageError("conflict", `${what} kept changing; the event is retried`, undefined, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
    }
  }
}

/**
 * Applies the changes of the events that have not yet changed this aggregate, in order,
 * as one write; creates it if absent. Returns the ids of the events it applied.
 */
export function applyAll<T extends Aggregate>(
  collection: Collection<T>,
  scope: Scope,
  create: T,
  changes: ReadonlyArray<Pick<AggregateChange<T>, "eventId" | "mutate">>,
): Promise<string[]> {
  return retryRaces(`aggregate ${create.id}`, async () => {
    const write = await planAggregate(collection, scope, create, changes);
    if (!write) return [];
    if ("insert" in write) await collection.insert(scope, write.insert);
    else await collection.update(scope, write.update.id, write.update);
    return write.applied;
  });
}

/** applyAll for one event: true when it changed the aggregate. */
export async function applyOnce<T extends Aggregate>(
  collection: Collection<T>,
  scope: Scope,
  create: T,
  eventId: string,
  mutate: (current: Stored<T>) => Partial<T> | Promise<Partial<T>>,
): Promise<boolean> {
  return (await applyAll(collection, scope, create, [{ eventId, mutate }])).length > 0;
}

/** One aggregate document and the run's changes to it, in event order. */
interface Pending<T extends Aggregate> {
  readonly create: T;
  readonly changes: AggregateChange<T>[];
}

function collect<T extends Aggregate>(documents: Map<string, Pending<T>>, change: AggregateChange<T>): void {
  const pending = documents.get(change.create.id);
  if (pending) pending.changes.push(change);
  else documents.set(change.create.id, { create: change.create, changes: [change] });
}

const processedId = (event: EventEnvelope) => `${filingsGroup}:${event.id}`;

/** Applies the run's events of one account and mode; throws if any aggregate failed. */
async function applyRun(options: AggregatorOptions, scope: Scope, events: readonly EventEnvelope[]): Promise<void> {
  const seen = await options.processed.getMany(scope, events.map(processedId));
  const now = epochSeconds();
  const reopened = new Set<string>();
  const context = { scope, now, outbox: options.outbox, onReopen: (id: string) => reopened.add(id) };
  const filings = new Map<string, Pending<FilingRecord>>();
  const summaries = new Map<string, Pending<SummaryRecord>>();
  const due = events.filter((_, position) => !seen[position]);
  // Events applied already (a sale's in its own commit, planInline) need no write at all.
  if (due.length === 0) return;
  if (options.writePlanned) {
    let planned = false;
    await options.writePlanned((read) => {
      const group = planInline(read, scope, due, now);
      planned = group !== null;
      return group ?? { writes: [], records: [] };
    });
    if (planned) return;
  }
  for (const event of due) {
    const effects = effectsOf(event, contributionOf(event)!, context);
    for (const change of effects.filings) collect(filings, change);
    collect(summaries, effects.summary);
  }
  const records = due.map((event) => ({
    collection: processedEventCollection.name,
    scope,
    record: { id: processedId(event), event_type: event.type, processed_at: now },
  }));
  if (options.writeThenRecord) {
    // One group: the aggregates' writes and, only if they all land, the processed records
    // (on the embedded store one commit). A conflict plans the whole group again.
    const writeThenRecord = options.writeThenRecord;
    // Each collection's documents are read in one call and written in one group.
    await retryRaces(`the aggregates of ${due.length} events`, async () => {
      const [filingWrites, summaryWrites] = await Promise.all([
        planAggregates(options.filings, scope, filings),
        planAggregates(options.summaries, scope, summaries),
      ]);
      const writes: RequiredWrite[] = [];
      const add = <T extends Aggregate>(collection: string, planned: Array<AggregateWrite<T> | null>) => {
        for (const write of planned) {
          if (!write) continue;
          writes.push(
            "insert" in write
              ? { collection, scope, insert: write.insert }
              : { collection, scope, update: write.update },
          );
        }
      };
      add(filingCollection.name, filingWrites);
      add(summaryCollection.name, summaryWrites);
      await writeThenRecord(writes, records);
    });
    for (const id of reopened) await options.outbox?.flush(scope, "filings", id);
    return;
  }
  // Every aggregate at once: their round trips overlap. Each is guarded by its own
  // applied_events, so a failure of one leaves the others applied and the retried events
  // skip them. The processed records follow only once all of them have landed.
  const outcomes = await Promise.allSettled([
    ...[...filings.values()].map(async ({ create, changes }) => {
      await applyAll(options.filings, scope, create, changes);
      if (reopened.has(create.id)) await options.outbox?.flush(scope, "filings", create.id);
    }),
    ...[...summaries.values()].map(({ create, changes }) => applyAll(options.summaries, scope, create, changes)),
  ]);
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
  if (failed) throw failed.reason;
  await Promise.all(records.map(({ record }) => options.processed.insertIfAbsent(scope, record)));
}

/**
 * Plans the aggregate writes and processed records of `events` from `read` (inside a
 * Store.writePlanned group), so that a sale's event is applied in the sale's own commit
 * (docs/decisions.md, "Transactions, sixth pass"). Null when an event needs more than
 * the group: it reopens a decided filing, whose status event goes through the outbox
 * first; the consumer applies it then, as for every event not planned here.
 */
export function planInline(
  read: GroupReader,
  scope: Scope,
  events: readonly EventEnvelope[],
  now: number,
): WriteGroup | null {
  const filings = new Map<string, Pending<FilingRecord>>();
  const summaries = new Map<string, Pending<SummaryRecord>>();
  const context = { scope, now, onReopen: () => undefined };
  const due = events.filter(
    (event) => contributionOf(event) && !read.get(processedEventCollection.name, scope, processedId(event)),
  );
  for (const event of due) {
    const effects = effectsOf(event, contributionOf(event)!, context);
    for (const change of effects.filings) collect(filings, change);
    collect(summaries, effects.summary);
  }
  const writes: RequiredWrite[] = [];
  const plan = <T extends Aggregate>(collection: string, documents: Map<string, Pending<T>>): boolean => {
    for (const { create, changes } of documents.values()) {
      const stored = read.get(collection, scope, create.id) as unknown as Stored<T> | null;
      if (stored && "status" in stored && reopens(stored.status as FilingRecord["status"])) return false;
      const { current, due: left } = dueOn(stored, create, changes);
      if (left.length === 0) continue;
      let next: Stored<T> = current;
      let set: Partial<T> = {};
      for (const change of left) {
        const part = change.mutate(next);
        if (part instanceof Promise) return false;
        set = { ...set, ...part };
        next = { ...next, ...part };
      }
      // The ring is not needed here: the processed records, read and written inside this
      // same write, keep the events from being applied twice. Emptied, it no longer costs
      // a 5.7 KB document (200 ids) to encode and sync on every sale.
      const write = writeOf(
        stored,
        create,
        current,
        set,
        left.map((change) => change.eventId),
        false,
      );
      writes.push(
        "insert" in write ? { collection, scope, insert: write.insert } : { collection, scope, update: write.update },
      );
    }
    return true;
  };
  if (!plan(filingCollection.name, filings) || !plan(summaryCollection.name, summaries)) return null;
  const records = due.map((event) => ({
    collection: processedEventCollection.name,
    scope,
    record: { id: processedId(event), event_type: event.type, processed_at: now },
  }));
  return { writes, records };
}

/** Applies a run of events (the bus's batchHandler); a single event is a run of one. */
export function createBatchAggregator(options: AggregatorOptions): BatchHandler {
  return async (events) => {
    const byScope = new Map<string, { scope: Scope; events: Map<string, EventEnvelope> }>();
    for (const event of events) {
      if (!contributionOf(event)) continue;
      const key = `${event.livemode}:${event.account_id}`;
      const entry = byScope.get(key) ?? {
        scope: { accountId: event.account_id, livemode: event.livemode },
        events: new Map(),
      };
      entry.events.set(event.id, event); // an event delivered twice in the run counts once
      byScope.set(key, entry);
    }
    const outcomes = await Promise.allSettled(
      [...byScope.values()].map(({ scope, events: run }) => applyRun(options, scope, [...run.values()])),
    );
    const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
    if (failed) throw failed.reason;
  };
}

export function createAggregator(options: AggregatorOptions): EventHandler {
  const applyEvents = createBatchAggregator(options);
  return (event) => applyEvents([event]);
}
