import { describe, expect, it } from "vitest";
import { retryAfterSeconds, slidingCount, windowPosition } from "./sliding-window.js";

describe("sliding window arithmetic", () => {
  it.each([
    ["start of the window: the previous window counts fully", 10, 3, 0, 60, 13],
    ["half way: half of the previous window", 10, 3, 30, 60, 8],
    ["end of the window: only the current one", 10, 3, 60, 60, 3],
    ["no previous requests", 0, 5, 12, 60, 5],
  ])("%s", (_name, previous, current, elapsed, window, expected) => {
    expect(slidingCount(previous, current, elapsed, window)).toBeCloseTo(expected, 9);
  });

  it("places a moment in its fixed window", () => {
    expect(windowPosition(3_725_500, 60)).toEqual({ start: 3720, elapsed: 5.5 });
    expect(windowPosition(3_720_000, 3600)).toEqual({ start: 3600, elapsed: 120 });
  });

  it.each([
    // previous 10 at limit 10 with 10 s elapsed of 60 and the current window holding 1:
    // the weight must fall to 9/10, which happens at 6 s into the window: wait at least 1 s
    ["previous window fading", { previous: 10, current: 1 }, 10, 10, 1],
    ["previous window fading for longer", { previous: 20, current: 5 }, 10, 0, 45],
    ["current window full: wait for the next, where it still weighs", { previous: 0, current: 11 }, 10, 20, 46],
    ["full and heavily carried", { previous: 0, current: 21 }, 10, 0, 93],
  ])("retry after: %s", (_name, counts, limit, elapsed, expected) => {
    expect(retryAfterSeconds(counts, limit, { start: 0, elapsed }, 60)).toBe(expected);
  });
});
