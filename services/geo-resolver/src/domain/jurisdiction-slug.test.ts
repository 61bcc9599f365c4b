import { describe, expect, it } from "vitest";
import { jurisdictionSlug } from "./jurisdiction-slug.js";

describe("jurisdictionSlug", () => {
  it.each([
    ["Philadelphia County", "COUNTY", "PHILADELPHIA"],
    ["Orleans Parish", "COUNTY", "ORLEANS"],
    ["Juneau City and Borough", "COUNTY", "JUNEAU"],
    ["Matanuska-Susitna Borough", "COUNTY", "MATANUSKA_SUSITNA"],
    ["Bethel Census Area", "COUNTY", "BETHEL"],
    ["Anchorage Municipality", "COUNTY", "ANCHORAGE"],
    ["St. Louis", "COUNTY", "ST_LOUIS"],
    ["Doña Ana County", "COUNTY", "DONA_ANA"],
    ["New York", "CITY", "NEW_YORK"],
    ["St. Louis", "CITY", "ST_LOUIS"],
    ["Saint Paul", "CITY", "ST_PAUL"],
    ["Port St. Lucie", "CITY", "PORT_ST_LUCIE"],
    ["St.Louis", "CITY", "ST_LOUIS"],
    ["SAINT-DENIS", "CITY", "ST_DENIS"],
    ["Coeur d'Alene", "CITY", "COEUR_D_ALENE"],
    ["  Winston–Salem ", "CITY", "WINSTON_SALEM"],
    ["Cañon City", "CITY", "CANON_CITY"],
  ])("%s (%s) → %s", (name, type, slug) => {
    expect(jurisdictionSlug(name, type)).toBe(slug);
  });

  it("drops the county suffixes for counties only", () => {
    expect(jurisdictionSlug("Carson City", "CITY")).toBe("CARSON_CITY");
    expect(jurisdictionSlug("Dallas County")).toBe("DALLAS_COUNTY");
    expect(jurisdictionSlug("Dallas County", "COUNTY")).toBe("DALLAS");
  });

  it("keeps SAINT inside words", () => {
    expect(jurisdictionSlug("Saintsbury")).toBe("SAINTSBURY");
  });
});
