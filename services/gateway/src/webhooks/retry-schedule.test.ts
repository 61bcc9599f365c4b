import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./retry-schedule.js";

const defaults = { baseMs: 60_000, capMs: 6 * 3_600_000, maxAttempts: 13 };

describe("webhook retry schedule", () => {
  it("doubles from the base, capped, and stops after the last attempt", () => {
    const none = () => 0;
    expect(retryDelayMs(defaults, 1, none)).toBe(60_000);
    expect(retryDelayMs(defaults, 2, none)).toBe(120_000);
    expect(retryDelayMs(defaults, 5, none)).toBe(16 * 60_000);
    expect(retryDelayMs(defaults, 12, none)).toBe(6 * 3_600_000);
    expect(retryDelayMs(defaults, 13, none)).toBeNull();
  });

  it("the default schedule spans more than 24 hours even with no jitter", () => {
    let total = 0;
    for (let made = 1; made < defaults.maxAttempts; made += 1) total += retryDelayMs(defaults, made, () => 0)!;
    expect(total).toBeGreaterThan(24 * 3_600_000);
  });

  it("jitter only lengthens a wait, by at most a quarter", () => {
    expect(retryDelayMs(defaults, 3, () => 0.999)).toBeLessThanOrEqual(240_000 * 1.25);
    expect(retryDelayMs(defaults, 3, () => 0.5)).toBe(270_000);
  });
});
