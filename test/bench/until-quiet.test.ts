// The harness waits for work a run left behind (the ledger applying recorded
// transactions' events) before it measures the next endpoint.
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script without type declarations
import { untilQuiet } from "../../bench/measure.mjs";

/** A meter whose processes use `busyCores` for `busyReadings` readings, then nothing. */
function meterOf(busyReadings: number, busyCores: number, stepMs: number) {
  let readings = 0;
  let ledger = 0;
  return async () => {
    if (readings > 0 && readings <= busyReadings) ledger += busyCores * stepMs * 1000;
    readings += 1;
    return { ledger, ferretdb: ledger / 2 };
  };
}

describe("untilQuiet", () => {
  it("returns once a step passes under the quiet line, with the CPU spent until then", async () => {
    const drained = await untilQuiet(meterOf(3, 0.8, 20), { stepMs: 20 });
    // Three busy steps of 20 ms at 0.8 + 0.4 cores, then one quiet step.
    expect(drained).toMatchObject({ quiet: true, cpuMs: 72 });
  });

  it("gives up after maxSeconds and says the system is still busy", async () => {
    const drained = await untilQuiet(meterOf(1000, 1, 20), { stepMs: 20, maxSeconds: 0.1 });
    expect(drained.quiet).toBe(false);
  });
});
