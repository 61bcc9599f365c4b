import { describe, expect, it } from "vitest";
import { createLocalRateLimiter } from "./local-rate-limiter.js";

describe("local rate limiter", () => {
  it("slides: the previous window's requests fade out as the new window goes on", () => {
    let now = 1_000_000 * 60_000; // the start of a 60 s window
    const limiter = createLocalRateLimiter(10, 60, () => now);
    for (let i = 0; i < 10; i += 1) expect(limiter.consume("a").allowed).toBe(true);
    const refused = limiter.consume("a");
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.resetSeconds).toBeGreaterThan(0);
    // 15 s into the next window: 10 × 0.75 = 7.5 still count, so 2 more fit, not 3.
    now += 75_000;
    expect([1, 2, 3].map(() => limiter.consume("a").allowed)).toEqual([true, true, false]);
    // Two windows later nothing is carried.
    now += 120_000;
    expect(limiter.consume("a")).toMatchObject({ allowed: true, remaining: 9 });
    // Keys are independent.
    expect(limiter.consume("b")).toMatchObject({ allowed: true, remaining: 9 });
  });
});
