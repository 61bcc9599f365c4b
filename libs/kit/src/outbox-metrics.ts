// levy_outbox_pending_events: events written with their change and not yet published,
// counted on scrape with one count() on the outbox index (small while the relay keeps up).
import type { Collection, Scope } from "@levy/storage";
import { Gauge, type Registry } from "prom-client";

export function registerOutboxMetrics(registry: Registry, index: Collection<{ id: string }>, scope: Scope): void {
  new Gauge({
    name: "levy_outbox_pending_events",
    help: "Events written with their change and not yet published (outbox index entries)",
    registers: [registry],
    async collect() {
      // A database that does not answer keeps the last figure rather than failing the scrape.
      const pending = await index.count(scope).catch(() => null);
      if (pending !== null) this.set(pending);
    },
  });
}
