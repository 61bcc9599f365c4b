// kafkajs 2.2.4 (the last release) re-arms a timer in every connection's request queue
// after each response even when nothing waits: `throttledUntil - now` is negative, so it
// fires after 1 ms and re-arms itself, forever (tulios/kafkajs#1556, #1704; fix proposed
// in #1667, never released). Each idle service spun ~600 wake-ups a second per
// connection. This patch skips the check when there is nothing to check: no pending
// request and no throttle; `push` arms it again when a request has to wait.
// Each connection also sweeps its in-flight requests for timeouts every 100 ms (fixed in
// kafkajs), forever, even with nothing in flight; against a 30 s request timeout, a sweep
// a second is as good and ten times rarer, so the sweep runs every second (or every
// requestTimeout, if shorter), and only while the connection has a request in flight:
// the first request sent arms it, a sweep that finds nothing in flight disarms it.
import { createRequire } from "node:module";

interface InFlightRequest {
  sentAt: number;
  requestTimeout: number;
  timeoutRequest(): void;
}

interface RequestQueueInternals {
  pending: unknown[];
  inflight: Map<number, InFlightRequest> & { [armsSweep]?: true };
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
const armsSweep = Symbol("levy.kafkajs.arms-sweep");

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
  // kafkajs's destroy() clears the sweep; forget it too, so the next request re-arms one.
  const destroy = prototype.destroy;
  prototype.destroy = function destroyAndForgetSweep(this: RequestQueueInternals) {
    destroy.call(this);
    this.requestTimeoutIntervalId = undefined;
  };
  // kafkajs's own sweep body; armed by the first request in flight, disarmed when none is.
  prototype.scheduleRequestTimeoutCheck = function sweepWhileInFlight(this: RequestQueueInternals) {
    if (!this.enforceRequestTimeout) return;
    this.destroy();
    const sweep = () => {
      this.inflight.forEach((request) => {
        if (Date.now() - request.sentAt > request.requestTimeout) request.timeoutRequest();
      });
      if (!this.isConnected()) this.destroy();
      else if (this.inflight.size === 0) {
        clearInterval(this.requestTimeoutIntervalId);
        this.requestTimeoutIntervalId = undefined;
      }
    };
    const arm = () => {
      this.requestTimeoutIntervalId ??= setInterval(sweep, Math.min(this.requestTimeout, longestSweepIntervalMs));
    };
    if (!this.inflight[armsSweep]) {
      const set = this.inflight.set;
      this.inflight.set = function setAndArmSweep(
        this: Map<number, InFlightRequest>,
        id: number,
        request: InFlightRequest,
      ) {
        set.call(this, id, request);
        arm();
        return this;
      };
      this.inflight[armsSweep] = true;
    }
    if (this.inflight.size > 0) arm();
  };
  prototype[patched] = true;
}
