import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import "./kafka-bus.js";

const require = createRequire(import.meta.url);
const RequestQueue = require("kafkajs/src/network/requestQueue/index.js") as new (
  options: Record<string, unknown>,
) => {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
  destroy(): void;
};
const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
const queueOf = () =>
  new RequestQueue({
    maxInFlightRequests: 1,
    requestTimeout: 1000,
    enforceRequestTimeout: false,
    clientId: "test",
    broker: "b",
    logger: silent,
  });

describe("kafkajs request queue once the Kafka adapter is loaded", () => {
  it("arms no timer when nothing waits and nothing is throttled (kafkajs 2.2.4 re-armed a 1 ms one forever)", () => {
    const queue = queueOf();
    queue.checkPendingRequests();
    expect(queue.throttleCheckTimeoutId).toBeNull();
  });

  it("still checks back on a throttled queue", () => {
    const queue = queueOf();
    queue.throttledUntil = Date.now() + 50;
    queue.checkPendingRequests();
    expect(queue.throttleCheckTimeoutId).not.toBeNull();
    clearTimeout(queue.throttleCheckTimeoutId!);
  });

  it("still checks back on pending requests", () => {
    const queue = queueOf();
    queue.pending.push({});
    queue.scheduleCheckPendingRequests();
    expect(queue.throttleCheckTimeoutId).not.toBeNull();
    clearTimeout(queue.throttleCheckTimeoutId!);
  });
});

describe("kafkajs request-timeout sweep once the Kafka adapter is loaded", () => {
  type SweptQueue = InstanceType<typeof RequestQueue> & {
    inflight: Map<number, { sentAt: number; requestTimeout: number; timeoutRequest(): void }>;
    requestTimeoutIntervalId: NodeJS.Timeout | undefined;
    scheduleRequestTimeoutCheck(): void;
  };
  const sweptQueue = () =>
    new RequestQueue({
      maxInFlightRequests: 1,
      requestTimeout: 30_000,
      enforceRequestTimeout: true,
      clientId: "test",
      broker: "b",
      logger: silent,
    }) as SweptQueue;

  it("arms no sweep on a connection with nothing in flight", () => {
    const every = vi.spyOn(globalThis, "setInterval");
    const queue = sweptQueue();
    queue.scheduleRequestTimeoutCheck();
    expect(every).not.toHaveBeenCalled();
    queue.destroy();
    every.mockRestore();
  });

  it("sweeps every second while a request is in flight, times it out, and stops when none is", () => {
    vi.useFakeTimers();
    try {
      const queue = sweptQueue();
      queue.scheduleRequestTimeoutCheck();
      const timedOut = vi.fn(() => queue.inflight.delete(1));
      queue.inflight.set(1, { sentAt: Date.now(), requestTimeout: 30_000, timeoutRequest: timedOut });
      expect(queue.requestTimeoutIntervalId).toBeDefined();
      vi.advanceTimersByTime(29_000);
      expect(timedOut).not.toHaveBeenCalled();
      vi.advanceTimersByTime(2_000);
      expect(timedOut).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1_000);
      expect(queue.requestTimeoutIntervalId).toBeUndefined();
      expect(vi.getTimerCount()).toBe(0);
      queue.inflight.set(2, { sentAt: Date.now(), requestTimeout: 30_000, timeoutRequest: () => {} });
      expect(queue.requestTimeoutIntervalId).toBeDefined();
      queue.destroy();
    } finally {
      vi.useRealTimers();
    }
  });
});
