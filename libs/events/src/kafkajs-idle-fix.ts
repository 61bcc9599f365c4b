// kafkajs 2.2.4 (the last release) re-arms a timer in every connection's request queue
// after each response even when nothing waits: `throttledUntil - now` is negative, so it
// fires after 1 ms and re-arms itself, forever (tulios/kafkajs#1556, #1704; fix proposed
// in #1667, never released). Each idle service spun ~600 wake-ups a second per
// connection. This patch skips the check when there is nothing to check: no pending
// request and no throttle; `push` arms it again when a request has to wait.
// Each connection also sweeps its in-flight requests for timeouts every 100 ms (fixed in
// kafkajs); against a 30 s request timeout, a sweep a second is as good and ten times
// rarer, so the sweep runs every second (or every requestTimeout, if shorter).
import { createRequire } from "node:module";

interface InFlightRequest {
  sentAt: number;
  requestTimeout: number;
  timeoutRequest(): void;
}

interface RequestQueueInternals {
  pending: unknown[];
  inflight: Map<number, InFlightRequest>;
  throttledUntil: number;
  throttleCheckTimeoutId: unknown;
  requestTimeout: number;
  enforceRequestTimeout: boolean;
  requestTimeoutIntervalId: NodeJS.Timeout | undefined;
  isConnected(): boolean;
  destroy(): void;
  scheduleCheckPendingRequests(this: RequestQueueInternals): void;
  scheduleRequestTimeoutCheck(this: RequestQueueInternals): void;
}

const longestSweepIntervalMs = 1000;

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
  // kafkajs's own method, with the sweep's period as the only difference.
  prototype.scheduleRequestTimeoutCheck = function sweepEverySecond(this: RequestQueueInternals) {
    if (!this.enforceRequestTimeout) return;
    this.destroy();
    this.requestTimeoutIntervalId = setInterval(() => {
      this.inflight.forEach((request) => {
        if (Date.now() - request.sentAt > request.requestTimeout) request.timeoutRequest();
      });
      if (!this.isConnected()) this.destroy();
    }, Math.min(this.requestTimeout, longestSweepIntervalMs));
  };
  prototype[patched] = true;
}
