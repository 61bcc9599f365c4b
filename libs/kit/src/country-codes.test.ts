import { describe, expect, it } from "vitest";
import { countryCodeProblem, isCountryCode, suggestedCountryCode } from "./country-codes.js";

describe("country codes", () => {
  it.each(["US", "GB", "GR", "DE", "TR", "AQ", "IC", "EA", "XK"])("%s is accepted", (code) => {
    expect(isCountryCode(code)).toBe(true);
    expect(countryCodeProblem(code)).toBeNull();
  });

  it.each([
    ["UK", "GB"],
    ["uk", "GB"],
    [" EL ", "GR"],
    ["SU", "RU"],
    ["YU", "RS"],
  ])("%j is refused with a hint for %s", (code, meant) => {
    expect(isCountryCode(code.trim().toUpperCase())).toBe(false);
    expect(suggestedCountryCode(code)).toBe(meant);
    expect(countryCodeProblem(code)).toContain(`did you mean "${meant}"`);
  });

  it.each(["EU", "ZZ", "QQ", "USA", "", "U"])("%j is refused without a hint", (code) => {
    expect(countryCodeProblem(code)).toMatch(/is not an ISO 3166-1 alpha-2 country code \(/);
  });
});
