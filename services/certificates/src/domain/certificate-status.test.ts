import { describe, expect, it } from "vitest";
import { certificateStatusAt, coversDay } from "./certificate-status.js";

const active = (expires_on: string | null) => ({ status: "active" as const, expires_on, issued_on: "2026-01-01" });

describe("certificate status at read time", () => {
  const rows: Array<
    [string, { status: "active" | "needs_info" | "invalid"; expires_on: string | null }, string, string]
  > = [
    ["no expiry stays active", active(null), "2030-01-01", "active"],
    ["far from expiry is active", active("2026-12-31"), "2026-06-01", "active"],
    ["31 days before expiry is active", active("2026-07-02"), "2026-06-01", "active"],
    ["30 days before expiry is expiring", active("2026-07-01"), "2026-06-01", "expiring"],
    ["the last valid day is expiring", active("2026-06-01"), "2026-06-01", "expiring"],
    ["the day after expiry is expired", active("2026-06-01"), "2026-06-02", "expired"],
    ["needs_info never lapses", { status: "needs_info", expires_on: "2020-01-01" }, "2026-06-02", "needs_info"],
    ["invalid stays invalid", { status: "invalid", expires_on: "2020-01-01" }, "2026-06-02", "invalid"],
  ];
  for (const [name, certificate, today, expected] of rows) {
    it(name, () => expect(certificateStatusAt(certificate, today)).toBe(expected));
  }

  it("covers days from issue to expiry inclusive, only when active", () => {
    expect(coversDay(active("2026-06-01"), "2026-06-01")).toBe(true);
    expect(coversDay(active("2026-06-01"), "2026-06-02")).toBe(false);
    expect(coversDay(active("2026-06-01"), "2025-12-31")).toBe(false);
    expect(coversDay({ ...active(null), status: "needs_info" }, "2026-03-01")).toBe(false);
  });
});
