import { describe, expect, it } from "vitest";
import type { IpLocation } from "../ip/ip-database.js";
import { ipSubdivisionCode, subdivisionCode, withoutCountryPrefix } from "./subdivision-code.js";

const record = (country: string, subdivisionCode: string, subdivisionName: string): IpLocation => ({
  country,
  subdivisionCode,
  subdivisionName,
  city: "",
  postalCode: "",
});

describe("subdivisionCode", () => {
  it.each([
    ["ENG", "ENG"],
    ["HE", "HE"],
    ["01", "01"],
    ["971", "971"],
    ["", ""],
    ["ENGLAND", ""],
    ["HESSE", ""],
    ["NEW SOUTH WALES", ""],
    ["A-B", ""],
  ])("%j → %j", (province, expected) => {
    expect(subdivisionCode(province)).toBe(expected);
  });

  it("drops the country prefix of an ISO 3166-2 code", () => {
    expect(withoutCountryPrefix("DE-HE")).toBe("HE");
    expect(withoutCountryPrefix("HE")).toBe("HE");
  });
});

describe("ipSubdivisionCode", () => {
  it.each([
    ["a US state by name", record("US", "", "New Jersey"), "NJ"],
    ["a US state by ISO code", record("US", "US-NJ", "New Jersey"), "NJ"],
    ["a Canadian province by name", record("CA", "", "Quebec"), "QC"],
    ["a German state by ISO code", record("DE", "DE-HE", "Hesse"), "HE"],
    ["a German state by name only", record("DE", "", "Hesse"), ""],
    ["an English region by name only", record("GB", "", "England"), ""],
    ["a record without a subdivision", record("FR", "", ""), ""],
  ])("%s", (_name, location, expected) => {
    expect(ipSubdivisionCode(location)).toBe(expected);
  });
});
