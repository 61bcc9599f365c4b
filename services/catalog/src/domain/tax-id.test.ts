import { describe, expect, it } from "vitest";
import { normalizeTaxIdValue, taxIdProblem } from "./tax-id.js";

describe("tax IDs", () => {
  it.each([
    ["de_vat", "DE123456789"],
    ["de_vat", "de 123 456 789"],
    ["fr_vat", "FR40303265045"],
    ["fr_vat", "FRXX303265045"],
    ["gb_vat", "GB123456789"],
    ["gb_vat", "GBGD001"],
    ["us_ein", "12-3456789"],
    ["us_ein", "123456789"],
    ["nl_vat", "NL123456789B01"],
    ["ie_vat", "IE1234567T"],
  ])("accepts %s %s", (type, value) => expect(taxIdProblem({ type, value })).toBeNull());

  it.each([
    ["de_vat", "DE12345678"],
    ["fr_vat", "FR123"],
    ["gb_vat", "GB12345"],
    ["us_ein", "1-23456789"],
    ["xx_vat", "123"],
  ])("refuses %s %s", (type, value) => expect(taxIdProblem({ type, value })).not.toBeNull());

  it("normalises separators and case", () => {
    expect(normalizeTaxIdValue("de_vat", "de 123.456-789")).toBe("DE123456789");
    expect(normalizeTaxIdValue("us_ein", "123456789")).toBe("12-3456789");
  });
});
