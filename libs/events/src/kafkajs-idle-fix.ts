// kafkajs 2.2.4 (the last release) re-arms a timer in every connection's request queue
// after each response even when nothing waits: `throttledUntil - now` is negative, so it
// fires after 1 ms and re-arms itself, forever (tulios/kafkajs#1556, #1704; fix proposed
// in #1667, never released). Each idle service spun ~600 wake-ups a second per
// connection. This patch skips the check when there is nothing to check: no pending
// request and no throttle; `push` arms it again when a request has to wait.
import { createRequire } from "node:module";

interface RequestQueueInternals {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: unknown;
  scheduleCheckPendingRequests(this: RequestQueueInternals): void;
}

const require = createRequire(import.meta.url);
// The same module instance kafkajs itself loads (no exports map, so the path resolves to it).
const RequestQueue = require("kafkajs/src/network/requestQueue/index.js") as { prototype: RequestQueueInternals };
const patched = Symbol.for("levy.kafkajs.idle-fix");
const prototype = RequestQueue.prototype as RequestQueueInternals & { [patched]?: true };

if (!prototype[patched]) {
  const schedule = prototype.scheduleCheckPendingRequests;
  prototype.scheduleCheckPendingRequests = function scheduleOnlyWhenSomethingWaits(this: RequestQueueInternals) {
    const idle = this.pending.length === 0 && this.throttledUntil <= Date.now();
    if (idle && !this.throttleCheckTimeoutId) return;
    schedule.call(this);
  };
  prototype[patched] = true;
}
