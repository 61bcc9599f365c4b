// Wraps a service's view of the event bus with Prometheus figures in the service's own
// registry (embedded mode shares one in-process bus, yet each service counts only what
// it publishes and consumes):
//   levy_events_produced_total{topic,outcome}        events handed to the bus (ok | error)
//   levy_events_consumed_total{topic,group,outcome}  events settled (processed | dead_lettered)
//   levy_events_handler_failures_total{topic,group}  failed handler attempts (each is retried)
//   levy_events_consumer_lag{topic,group}            events published and not yet settled
import type { BatchHandler, EventBus, EventHandler } from "@levy/events";
import { Counter, Gauge, type Registry } from "prom-client";
import type { Logger } from "./logger.js";

/** Lag is asked of Kafka at most this often by default, however often Prometheus scrapes. */
const defaultLagCacheMs = 10_000;

/**
 * A group named with a per-instance id (newId: `<name>_<20 characters>`) is counted under
 * its name, so a restart does not start new series.
 */
export function groupLabel(group: string): string {
  return group.replace(/_[0-9A-Za-z]{20}$/, "");
}

export function instrumentEventBus(
  bus: EventBus,
  registry: Registry,
  options: { lagCacheMs?: number; logger?: Logger } = {},
): EventBus {
  const { logger } = options;
  const lagCacheMs = options.lagCacheMs ?? defaultLagCacheMs;
  const produced = new Counter({
    name: "levy_events_produced_total",
    help: "Events published, by topic and outcome (ok, error)",
    labelNames: ["topic", "outcome"] as const,
    registers: [registry],
  });
  const consumed = new Counter({
    name: "levy_events_consumed_total",
    help: "Events settled by a consumer group, by topic, group and outcome (processed, dead_lettered)",
    labelNames: ["topic", "group", "outcome"] as const,
    registers: [registry],
  });
  const failures = new Counter({
    name: "levy_events_handler_failures_total",
    help: "Failed handler attempts (retried, then dead-lettered), by topic and group",
    labelNames: ["topic", "group"] as const,
    registers: [registry],
  });
  const subscriptions: Array<{ topic: string; group: string }> = [];
  let cached: { at: number; readings: Awaited<ReturnType<NonNullable<EventBus["lag"]>>> } | null = null;
  new Gauge({
    name: "levy_events_consumer_lag",
    help: "Events of a topic not yet settled by this service's consumer group (Kafka: end offset minus committed offset)",
    labelNames: ["topic", "group"] as const,
    registers: [registry],
    async collect() {
      if (!bus.lag || subscriptions.length === 0) return;
      if (!cached || Date.now() - cached.at >= lagCacheMs) {
        // A broker that does not answer leaves the last reading in place (or none).
        const readings = await bus.lag(subscriptions).catch(() => null);
        if (readings) cached = { at: Date.now(), readings };
      }
      this.reset();
      for (const reading of cached?.readings ?? [])
        this.set({ topic: reading.topic, group: groupLabel(reading.group) }, reading.lag);
    },
  });
  return {
    publish: async (topic, events) => {
      try {
        await bus.publish(topic, events);
        produced.inc({ topic, outcome: "ok" }, events.length);
      } catch (error) {
        produced.inc({ topic, outcome: "error" }, events.length);
        throw error;
      }
    },
    subscribe: async (options) => {
      const labels = { topic: options.topic, group: groupLabel(options.group) };
      const handler: EventHandler = async (event) => {
        try {
          await options.handler(event);
        } catch (error) {
          failures.inc(labels);
          // Each attempt's reason, so a dead-lettered event can be explained from the logs.
          logger?.warn(
            { ...labels, event_id: event.id, event_type: event.type, err: error },
            "event handler failed; the event is retried",
          );
          throw error;
        }
        consumed.inc({ ...labels, outcome: "processed" });
      };
      // A run applied at once counts each of its events as processed; a run that fails is
      // delivered again event by event through `handler`, which counts those.
      const batchHandler = options.batchHandler;
      const countedBatchHandler: BatchHandler | undefined = batchHandler
        ? async (events) => {
            await batchHandler(events);
            consumed.inc({ ...labels, outcome: "processed" }, events.length);
          }
        : undefined;
      const subscription = await bus.subscribe({
        ...options,
        handler,
        ...(countedBatchHandler ? { batchHandler: countedBatchHandler } : {}),
        onDeadLetter: () => {
          consumed.inc({ ...labels, outcome: "dead_lettered" });
          logger?.error(labels, "an event failed every attempt and was moved to the dead-letter topic");
          options.onDeadLetter?.();
        },
      });
      // Zero, not absent, until the first event: a dashboard shows the series at once.
      consumed.inc({ ...labels, outcome: "processed" }, 0);
      consumed.inc({ ...labels, outcome: "dead_lettered" }, 0);
      failures.inc(labels, 0);
      for (const topic of [options.topic, ...(options.alsoTopics ?? [])])
        subscriptions.push({ topic, group: options.group });
      return {
        close: async () => {
          for (const topic of [options.topic, ...(options.alsoTopics ?? [])]) {
            const index = subscriptions.findIndex((entry) => entry.group === options.group && entry.topic === topic);
            if (index >= 0) subscriptions.splice(index, 1);
          }
          await subscription.close();
        },
      };
    },
    ping: () => bus.ping(),
    ...(bus.lag ? { lag: (list: Parameters<NonNullable<EventBus["lag"]>>[0]) => bus.lag!(list) } : {}),
    close: () => bus.close(),
  };
}
