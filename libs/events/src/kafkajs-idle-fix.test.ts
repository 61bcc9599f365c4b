import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import "./kafka-bus.js";

const require = createRequire(import.meta.url);
const RequestQueue = require("kafkajs/src/network/requestQueue/index.js") as new (options: Record<string, unknown>) => {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
  destroy(): void;
};
const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
const queueOf = () => new RequestQueue({ maxInFlightRequests: 1, requestTimeout: 1000, enforceRequestTimeout: false, clientId: "test", broker: "b", logger: silent });

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
  it("sweeps a connection's in-flight requests every second, not every 100 ms", () => {
    const every = vi.spyOn(globalThis, "setInterval");
    const queue = new RequestQueue({ maxInFlightRequests: 1, requestTimeout: 30_000, enforceRequestTimeout: true, clientId: "test", broker: "b", logger: silent });
    (queue as unknown as { scheduleRequestTimeoutCheck(): void }).scheduleRequestTimeoutCheck();
    expect(every).toHaveBeenCalledTimes(1);
    expect(every.mock.calls[0]![1]).toBe(1000);
    queue.destroy();
    every.mockRestore();
  });
});
