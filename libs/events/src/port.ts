// The event port: publish domain events and consume them with at-least-once delivery.
// Handlers are made idempotent by event id (see ProcessedEventLog); failures are retried
// and, after `maxAttempts`, moved to the topic's dead-letter topic `<topic>.dlq`.

export interface EventEnvelope<P = unknown> {
  /** Globally unique (evt_...); consumers de-duplicate on it. */
  readonly id: string;
  /** e.g. "transaction.recorded". */
  readonly type: string;
  /** Schema version of `payload`. */
  readonly version: number;
  /** Epoch milliseconds. */
  readonly occurred_at: number;
  readonly account_id: string;
  readonly livemode: boolean;
  /** Partition key: events with the same key are delivered in order. */
  readonly key: string;
  readonly payload: P;
}

export type EventHandler = (event: EventEnvelope) => Promise<void>;

/** Applies a run of consecutive events of one topic at once (see SubscribeOptions.batchHandler). */
export type BatchHandler = (events: readonly EventEnvelope[]) => Promise<void>;

/** The longest run a bus hands a batchHandler (below the filings' applied-events ring of 200). */
export const maxEventBatch = 50;

export interface SubscribeOptions {
  readonly topic: string;
  /**
   * Further topics the group reads with the same handler, on the same consumer: one
   * connection and one poll loop instead of one per topic (the idle cost of a consumer).
   * Dead letters go to each event's own `<topic>.dlq`.
   */
  readonly alsoTopics?: readonly string[];
  /** Consumer group: each group sees every event; members of a group share them. */
  readonly group: string;
  readonly handler: EventHandler;
  /**
   * Optional: applies a run of two or more queued events at once (in publish order, at
   * most maxEventBatch), so their writes can be shared. It must be exactly-once in
   * effect like `handler`. If it throws, the bus delivers the run again one event at a
   * time through `handler` (with its retries and dead-lettering), so whatever part of the
   * run it applied must be skipped when applied again event by event.
   */
  readonly batchHandler?: BatchHandler;
  /**
   * Optional, for a batchHandler: how long (ms) the broker may hold a fetch to gather more
   * events, so runs are longer and share more writes. An event waits at most this long
   * before delivery; leave it unset where an event must apply at once (a revoked key).
   * The in-process bus delivers at once regardless.
   */
  readonly gatherMs?: number;
  /** Attempts before the event goes to `<topic>.dlq`; default 5. */
  readonly maxAttempts?: number;
  /**
   * Which handler errors mean an outage (retried until it ends, never dead-lettered);
   * default: errors whose `code` is "unavailable" (StorageError, EventBusError).
   */
  readonly isTransient?: (error: unknown) => boolean;
  /** Told each time an event (or an unreadable message) goes to `<topic>.dlq`; for metrics. */
  readonly onDeadLetter?: () => void;
}

/** One consumer group's backlog on one topic: events published and not yet settled. */
export interface ConsumerLag {
  readonly topic: string;
  readonly group: string;
  readonly lag: number;
}

export interface Subscription {
  /** Stops consuming; in-flight handlers finish first. */
  close(): Promise<void>;
}

export interface EventBus {
  /**
   * Resolves once the events are durably accepted (Kafka: acked by the broker; in-process:
   * settled by every subscribed consumer group, as its log lives only in memory).
   */
  publish(topic: string, events: readonly EventEnvelope[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Resolves when the bus can serve (used by /readyz). */
  ping(): Promise<void>;
  /** The backlog of the given subscriptions (Kafka: end offsets minus committed offsets). */
  lag?(subscriptions: ReadonlyArray<{ topic: string; group: string }>): Promise<ConsumerLag[]>;
  close(): Promise<void>;
}

/** Remembers which events a consumer group has fully applied. */
export interface ProcessedEventLog {
  has(group: string, eventId: string): Promise<boolean>;
  add(group: string, eventId: string): Promise<void>;
}

export class EventBusError extends Error {
  override readonly name = "EventBusError";
  constructor(
    readonly code: "unavailable" | "invalid_event",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
