// The filings consumer: applies the ledger's events to the filing and sales-summary
// aggregates, exactly once in effect although delivery is at-least-once:
//
// - Each aggregate document is changed by one optimistic single-document update that
//   adds the amounts AND appends the event ids to the document's `applied_events` (the
//   last 200 ids). A redelivered event finds its id there and skips that document, so a
//   crash between documents (an event touches several) re-applies only the ones missed.
// - A processed-event log (one record per event and consumer group, written after all
//   documents) skips events delivered again long after (a re-published outbox event).
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
import { StorageError, type Collection, type Scope, type Stored } from "@levy/storage";
import { type AggregateChange, contributionOf, effectsOf } from "./event-effects.js";
import type { Aggregate, FilingRecord, SummaryRecord } from "./filing.js";

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
}

/**
 * Applies the changes of the events that have not yet changed this aggregate, in order,
 * as one update; creates it if absent. Returns the ids of the events it applied. A
 * conflict that outlasts the quick retries (on MongoDB, usually a writer that crashed
 * mid-update, whose claim is rolled forward 30 s later) is rethrown: the event bus
 * retries conflicts without spending the event's attempts.
 */
export async function applyAll<T extends Aggregate>(
  collection: Collection<T>,
  scope: Scope,
  create: T,
  changes: ReadonlyArray<Pick<AggregateChange<T>, "eventId" | "mutate">>,
): Promise<string[]> {
  for (let attempt = 1; ; attempt += 1) {
    const current = (await collection.get(scope, create.id)) ?? (await collection.insertIfAbsent(scope, create)).record;
    const due = changes.filter((change) => !current.applied_events.includes(change.eventId));
    if (due.length === 0) return [];
    let next: Stored<T> = current;
    let set: Partial<T> = {};
    for (const change of due) {
      const part = await change.mutate(next);
      set = { ...set, ...part };
      next = { ...next, ...part };
    }
    const applied = due.map((change) => change.eventId);
    try {
      await collection.update(scope, create.id, {
        expectedVersion: current.version,
        set: { ...set, applied_events: [...current.applied_events, ...applied].slice(-ringSize) } as Partial<T>,
      });
      return applied;
    } catch (error) {
      if (!(error instanceof StorageError && error.code === "conflict")) throw error;
      if (attempt >= quickRetries)
        throw new StorageError("conflict", `aggregate ${create.id} kept changing; the event is retried`, undefined, {
          cause: error,
        });
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
    }
  }
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

/** Applies the run's events of one account and mode; throws if any aggregate failed. */
async function applyRun(options: AggregatorOptions, scope: Scope, events: readonly EventEnvelope[]): Promise<void> {
  const processedId = (event: EventEnvelope) => `${filingsGroup}:${event.id}`;
  const seen = await Promise.all(events.map((event) => options.processed.get(scope, processedId(event))));
  const now = epochSeconds();
  const reopened = new Set<string>();
  const context = { scope, now, outbox: options.outbox, onReopen: (id: string) => reopened.add(id) };
  const filings = new Map<string, Pending<FilingRecord>>();
  const summaries = new Map<string, Pending<SummaryRecord>>();
  const due = events.filter((_, position) => !seen[position]);
  for (const event of due) {
    const effects = effectsOf(event, contributionOf(event)!, context);
    for (const change of effects.filings) collect(filings, change);
    collect(summaries, effects.summary);
  }
  // Every aggregate at once: on the embedded store their updates share one commit, on
  // MongoDB their round trips overlap. Each is guarded by its own applied_events, so a
  // failure of one leaves the others applied and the retried events skip them. The
  // processed records follow only once all of them have landed.
  const outcomes = await Promise.allSettled([
    ...[...filings.values()].map(async ({ create, changes }) => {
      await applyAll(options.filings, scope, create, changes);
      if (reopened.has(create.id)) await options.outbox?.flush(scope, "filings", create.id);
    }),
    ...[...summaries.values()].map(({ create, changes }) => applyAll(options.summaries, scope, create, changes)),
  ]);
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
  if (failed) throw failed.reason;
  await Promise.all(
    due.map((event) =>
      options.processed.insertIfAbsent(scope, { id: processedId(event), event_type: event.type, processed_at: now }),
    ),
  );
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
