// The event-loop lag gauges keep prom-client's names and meaning, but their one sampler
// slows to a sample a second while the loop idles and is back at 100 ms under work.
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { busySampleMs, currentSamplePeriod, idleSampleMs } from "./event-loop-lag.js";
import { createServiceMetrics } from "./metrics.js";

function gaugeValue(text: string, name: string): number {
  return Number(new RegExp(`^${name}\\{[^}]*\\} (\\S+)$`, "m").exec(text)?.[1] ?? Number.NaN);
}

function blockFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy: the loop cannot turn
  }
}

describe("event-loop lag sampling", () => {
  it("samples every second while idle, every 100 ms while busy, and reports a blocked loop", async () => {
    const { registry } = createServiceMetrics("lag-test");
    await sleep(2_500);
    expect(currentSamplePeriod()).toBe(idleSampleMs);
    await registry.metrics(); // starts a fresh window
    for (let round = 0; round < 20; round += 1) {
      blockFor(60);
      await sleep(5);
    }
    expect(currentSamplePeriod()).toBe(busySampleMs);
    blockFor(250);
    await sleep(busySampleMs + 20);
    const text = await registry.metrics();
    expect(gaugeValue(text, "nodejs_eventloop_lag_max_seconds")).toBeGreaterThan(0.1);
    for (const suffix of ["", "_min", "_mean", "_stddev", "_p50", "_p90", "_p99"]) {
      expect(text).toContain(`nodejs_eventloop_lag${suffix}_seconds{`);
    }
  });
});
