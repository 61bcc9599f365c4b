// Makes a handler idempotent by event id: an event the group already applied is
// skipped. The id is recorded only after the handler succeeded, so a crash between the
// two re-runs the handler: handlers must also tolerate that (e.g. upserts keyed by the
// event id), which together gives "exactly once in effect".
import type { EventHandler, ProcessedEventLog } from "./port.js";

export function withEventDedupe(
  handler: EventHandler,
  options: { group: string; log: ProcessedEventLog },
): EventHandler {
  return async (event) => {
    if (await options.log.has(options.group, event.id)) return;
    await handler(event);
    await options.log.add(options.group, event.id);
  };
}

export function createMemoryProcessedEventLog(): ProcessedEventLog {
  const seen = new Set<string>();
  return {
    has: async (group, eventId) => seen.has(`${group}\u0000${eventId}`),
    add: async (group, eventId) => void seen.add(`${group}\u0000${eventId}`),
  };
}
