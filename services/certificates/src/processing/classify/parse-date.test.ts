import { describe, expect, it } from "vitest";
import { datesIn } from "./parse-date.js";

const cases: ReadonlyArray<[string, string, string[]]> = [
  ["US numeric", "Date: 03/14/2026", ["2026-03-14"]],
  ["two-digit year", "Date 7/1/26", ["2026-07-01"]],
  ["ISO", "issued 2026-02-27", ["2026-02-27"]],
  ["month name", "March 2, 2026", ["2026-03-02"]],
  ["day first with month name", "9 January 2026", ["2026-01-09"]],
  ["abbreviated month", "Dec. 31 2024", ["2024-12-31"]],
  ["impossible date ignored", "02/30/2026", []],
  ["phone number is not a date", "(512) 555-0147", []],
  ["two dates in order", "from 01/01/2026 to 12/31/2026", ["2026-01-01", "2026-12-31"]],
];

describe("datesIn", () => {
  for (const [name, line, expected] of cases) {
    it(name, () => expect(datesIn(line).map((date) => date.iso)).toEqual(expected));
  }
});
