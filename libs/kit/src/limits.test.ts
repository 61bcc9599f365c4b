import { describe, expect, it } from "vitest";
import { pageLimits, pageSize } from "./limits.js";

describe("pageSize", () => {
  it.each([
    ["not given (0) is the default", 0, pageLimits.default],
    ["negative is the default", -5, pageLimits.default],
    ["the smallest page", 1, 1],
    ["a page within the bounds", 37, 37],
    ["the largest page", pageLimits.max, pageLimits.max],
    ["beyond the largest is the largest", pageLimits.max + 1, pageLimits.max],
  ])("%s", (_name, asked, expected) => {
    expect(pageSize(asked)).toBe(expected);
  });

  it("pages 1-100, 10 by default (spec: Limits)", () => {
    expect(pageLimits).toEqual({ min: 1, max: 100, default: 10 });
  });
});
