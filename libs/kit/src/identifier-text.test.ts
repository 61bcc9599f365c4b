import { describe, expect, it } from "vitest";
import { identifierText, isVisibleIdentifier } from "./identifier-text.js";

describe("identifier text", () => {
  it("accepts plain and non-Latin identifiers, emoji included", () => {
    for (const text of ["order-1001", "ORD_2026/11/23#7", "заказ-7", "注文番号", "طلب-٣", "box 📦", "👨‍👩‍👧"])
      expect(isVisibleIdentifier(text), text).toBe(true);
  });

  it("refuses control, bidirectional formatting and unpaired surrogate characters", () => {
    for (const text of [
      "a\u0000b",
      "tab\there",
      "line\nbreak",
      "del\u007f",
      "c1\u0085",
      "\u202eevil",
      "iso\u2066late\u2069",
      "lrm\u200e",
      "alm\u061c",
      "lone\ud800",
      "\udc00lone",
      "swap\udc00\ud800",
    ]) {
      expect(isVisibleIdentifier(text), JSON.stringify(text)).toBe(false);
    }
  });

  it("trims, requires one character, caps the length and names the problem", () => {
    const schema = identifierText(8);
    expect(schema.parse("  ref-1  ")).toBe("ref-1");
    expect(schema.safeParse("   ").success).toBe(false);
    expect(schema.safeParse("123456789").success).toBe(false);
    const refused = schema.safeParse("ref\u0000");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/control characters/);
  });
});
